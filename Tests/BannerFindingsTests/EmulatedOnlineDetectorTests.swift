import OfflineBanner
import Testing

@testable import BannerFindings

/// `emulated-online`, one test per row: an `online` within 100 ms before the page unloads.
@Suite("emulated-online")
struct EmulatedOnlineDetectorTests {
    func sent(_ inputs: [(BannerInput, SentInput)]) -> FoundFindings {
        var detector = EmulatedOnlineDetector()
        var found = FoundFindings.explaining
        for (input, outcome) in inputs { detector.sent(input, outcome, into: &found) }
        return found
    }

    let flashing = BannerChange(t: 1000, banner: .backOnline, label: "Back online", cause: .online)

    @Test("pagehide, not persisted | an online exactly 100 ms before | emulated-online")
    func atTheWindowsEdge() throws {
        let found = sent([(.online, .at(line: 3, t: 1000)), (.pagehide(persisted: false), .at(line: 4, t: 1100))])
        let finding = try #require(found.findings.first)
        #expect(found.kinds == [.emulatedOnline])
        #expect(finding.t == 1000)
        #expect(finding.lines == [3, 4])
        #expect(finding.detail(as: EmulatedOnline.self) == EmulatedOnline(unloadAt: 1100, flash: false))
    }

    @Test("pagehide, not persisted | an online that started the flash | emulated-online, flash")
    func withTheFlash() {
        let found = sent([(.online, .at(line: 3, t: 1000, change: flashing)), (.pagehide(), .at(line: 4, t: 1050))])
        #expect(found.findings.first?.detail(as: EmulatedOnline.self) == EmulatedOnline(unloadAt: 1050, flash: true))
    }

    @Test("pagehide | the online more than 100 ms before | nothing")
    func tooLongBefore() {
        #expect(sent([(.online, .at(line: 3, t: 1000)), (.pagehide(), .at(line: 4, t: 1100.5))]).kinds.isEmpty)
    }

    @Test("pagehide | an offline after the online | nothing")
    func offlineBetween() {
        #expect(sent([(.online, .at(line: 3, t: 1000)), (.offline, .at(line: 4, t: 1010)), (.pagehide(), .at(line: 5, t: 1020))]).kinds.isEmpty)
    }

    @Test("pagehide, persisted | an online just before | nothing, and the online still counts for the next unload")
    func persisted() {
        let found = sent([(.online, .at(line: 3, t: 1000)), (.pagehide(persisted: true), .at(line: 4, t: 1010)), (.pagehide(), .at(line: 5, t: 1020))])
        #expect(found.findings.map(\.lines) == [[3, 5]])
    }

    @Test("a second pagehide | the document that saw the online is gone | nothing")
    func onlyOnce() {
        let found = sent([(.online, .at(line: 3, t: 1000)), (.pagehide(), .at(line: 4, t: 1010)), (.pagehide(), .at(line: 5, t: 1020))])
        #expect(found.kinds == [.emulatedOnline])
    }
}
