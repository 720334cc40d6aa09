import OfflineBanner
import Testing

@testable import BannerFindings

/// `flap-suppressed`, one test per row: an `online` cancelling the debounce.
@Suite("flap-suppressed")
struct FlapSuppressedDetectorTests {
    let offlineAt = Origin(line: 2, t: 100)

    func sent(_ input: BannerInput, _ outcome: SentInput) -> FoundFindings {
        var detector = FlapSuppressedDetector(debounce: 800)
        var found = FoundFindings.explaining
        detector.sent(input, outcome, into: &found)
        return found
    }

    @Test("online | a debounce was pending and is cancelled | flap-suppressed, down from the offline to the online")
    func onlineCancelsTheDebounce() throws {
        let found = sent(.online, .at(line: 3, t: 500, before: .debouncing(due: 900), after: .hidden, debounceOrigin: offlineAt))
        let finding = try #require(found.findings.first)
        #expect(found.kinds == [.flapSuppressed])
        #expect(finding.t == 100)
        #expect(finding.lines == [2, 3])
        #expect(finding.detail(as: FlapSuppressed.self) == FlapSuppressed(downMs: 400, debounceMs: 800))
    }

    @Test("online | no debounce pending | nothing")
    func onlineWithoutDebounce() {
        #expect(sent(.online, .at(line: 3, t: 500)).kinds.isEmpty)
    }

    @Test("online | the debounce is still pending after it | nothing")
    func debounceStillPending() {
        let outcome = SentInput.at(line: 3, t: 500, before: .debouncing(due: 900), after: .debouncing(due: 900), debounceOrigin: offlineAt)
        #expect(sent(.online, outcome).kinds.isEmpty)
    }

    @Test("another input cancels the debounce (a fetch error raises the pill) | nothing")
    func notAnOnline() {
        let outcome = SentInput.at(line: 3, t: 500, before: .debouncing(due: 900), after: .offline, change: raised(at: 500), debounceOrigin: offlineAt)
        #expect(sent(.fetchRequestError(FetchRequestError()), outcome).kinds.isEmpty)
    }
}
