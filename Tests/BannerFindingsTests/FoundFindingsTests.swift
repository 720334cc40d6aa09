import Testing

@testable import BannerFindings

/// What detectors report into: counted always, made only to explain.
@Suite("Found findings")
struct FoundFindingsTests {
    @Test("counted, and made, when explaining")
    func explaining() {
        var found = FoundFindings(explaining: true)
        found.report(.reloadOffline, BannerFinding(t: 1, lines: [1], detail: ReloadOffline(url: nil)))
        #expect(found.kinds == [.reloadOffline])
        #expect(found.findings.count == 1)
    }

    @Test("counted, never made, when only counting")
    func counting() {
        var found = FoundFindings(explaining: false)
        var made = false
        func finding() -> BannerFinding {
            made = true
            return BannerFinding(t: 1, lines: [1], detail: ReloadOffline(url: nil))
        }
        found.report(.reloadOffline, finding())
        #expect(found.kinds == [.reloadOffline])
        #expect(found.findings.isEmpty)
        #expect(!made)
    }
}
