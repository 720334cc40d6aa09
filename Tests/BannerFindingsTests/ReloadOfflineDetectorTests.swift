import OfflineBanner
import Testing

@testable import BannerFindings

/// `reload-offline`, one test per row: a failed `turbo:reload`, naming the Visit before it.
@Suite("reload-offline")
struct ReloadOfflineDetectorTests {
    func visit(at line: Int, url: String?) -> ObservedRecord {
        ObservedRecord(kind: .visit, url: url, requestFailed: false, line: line, t: Double(line))
    }

    func reload(at line: Int, failed: Bool = true, url: String? = nil) -> ObservedRecord {
        ObservedRecord(kind: .reload, url: url, requestFailed: failed, line: line, t: Double(line))
    }

    func observed(_ records: [ObservedRecord]) -> FoundFindings {
        var detector = ReloadOfflineDetector()
        var found = FoundFindings.explaining
        for record in records { detector.observed(record, into: &found) }
        return found
    }

    @Test("turbo:reload request_failed | after a Visit | reload-offline naming the Visit")
    func afterAVisit() throws {
        let finding = try #require(observed([visit(at: 2, url: "/trips"), reload(at: 5)]).findings.first)
        #expect(finding.kind == .reloadOffline)
        #expect(finding.lines == [2, 5])
        #expect(finding.detail(as: ReloadOffline.self) == ReloadOffline(url: "/trips"))
    }

    @Test("turbo:reload request_failed | its own url | reload-offline with that url")
    func ownURL() {
        let found = observed([visit(at: 2, url: "/trips"), reload(at: 5, url: "/other")])
        #expect(found.findings.first?.detail(as: ReloadOffline.self) == ReloadOffline(url: "/other"))
    }

    @Test("turbo:reload request_failed | no Visit seen | reload-offline on its own line")
    func noVisit() {
        let found = observed([reload(at: 5)])
        #expect(found.findings.map(\.lines) == [[5]])
        #expect(found.findings.first?.detail(as: ReloadOffline.self) == ReloadOffline(url: nil))
    }

    @Test("turbo:reload request_failed | a connect came after the Visit | the Visit is forgotten")
    func connectForgetsTheVisit() {
        var detector = ReloadOfflineDetector()
        var found = FoundFindings.explaining
        detector.observed(visit(at: 2, url: "/trips"), into: &found)
        detector.sent(.connect(), .at(line: 3, t: 3), into: &found)
        detector.observed(reload(at: 5), into: &found)
        #expect(found.findings.map(\.lines) == [[5]])
    }

    @Test("turbo:reload | another reason | nothing")
    func anotherReason() {
        #expect(observed([visit(at: 2, url: "/trips"), reload(at: 5, failed: false)]).kinds.isEmpty)
    }
}
