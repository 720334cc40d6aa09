import OfflineBanner
import Testing

@testable import BannerFindings

/// `stale-pill`, one test per row: read from the pill the analyzer closes.
@Suite("stale-pill")
struct StalePillDetectorTests {
    func closed(_ pill: OpenPill, at end: Double, clearedBy: BannerCause?, line: Int?) -> FoundFindings {
        var detector = StalePillDetector()
        var found = FoundFindings.explaining
        detector.pillClosed(pill, at: end, clearedBy: clearedBy, line: line, into: &found)
        return found
    }

    @Test("pill comes down | a response came while it was up | stale-pill from the first response to the end")
    func responseWhileUp() throws {
        var pill = OpenPill(start: 1239.6, cause: .fetchRequestError, line: 5, serial: 1)
        pill.firstResponse = (6, 3547.6, "turbo:before-fetch-response", true)
        pill.responses = 2
        let found = closed(pill, at: 5168.1, clearedBy: .disconnect, line: 10)
        let finding = try #require(found.findings.first)
        #expect(found.kinds == [.stalePill])
        #expect(finding.t == 3547.6)
        #expect(finding.lines == [5, 6, 10])
        #expect(
            finding.detail(as: StalePill.self)
                == StalePill(
                    raisedAt: 1239.6, raisedBy: .fetchRequestError, evidence: "turbo:before-fetch-response", responses: 2, until: 5168.1,
                    clearedBy: .disconnect, navigatorOnline: true))
    }

    @Test("recording ends | a response came while it was up | stale-pill, still up (no clearing record)")
    func stillUpAtTheEnd() throws {
        var pill = OpenPill(start: 100, cause: .offline, line: 2, serial: 1)
        pill.firstResponse = (4, 2710.3, "turbo:load", false)
        pill.responses = 1
        let finding = try #require(closed(pill, at: 4000, clearedBy: nil, line: nil).findings.first)
        #expect(finding.lines == [2, 4])
        #expect(
            finding.detail(as: StalePill.self)
                == StalePill(raisedAt: 100, raisedBy: .offline, evidence: "turbo:load", responses: 1, until: 4000, clearedBy: nil, navigatorOnline: false))
    }

    @Test("pill comes down | no response while it was up | nothing")
    func noResponse() {
        let pill = OpenPill(start: 100, cause: .offline, line: 2, serial: 1)
        #expect(closed(pill, at: 900, clearedBy: .online, line: 7).kinds.isEmpty)
    }
}
