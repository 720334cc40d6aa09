import ArchiveCachePolicy
import Testing
import TurboRecording

@testable import NativeFindings

/// The pages the archive's findings remember, to say why a page was missed, are bounded in
/// bytes: past the bound the analyzer refuses the log, naming the line, rather than grow without
/// end or give a miss a reason it no longer knows.
@Suite("The archive analyzer's remembered pages")
struct ArchiveRememberedPagesTests {
    static func finish(_ t: Double, _ url: String, line: Int) -> NativeRecord {
        NativeRecord(line: line, event: .timed(t: t, .finish(url: url)))
    }

    /// `pages` distinct pages finished, one a line from line 2, through an analyzer whose bound
    /// holds `room` pages of this length (each is visited, then captured: two entries).
    static func analyze(pages: Int, room: Int, repeating: Bool = false) -> ArchiveAnalyzer {
        let url = { (i: Int) in "https://app.example.com/p/\(String(format: "%04d", repeating ? 0 : i))" }
        let cost = archiveKeyIdentity(url(0)).utf8.count + ArchiveAnalyzer.rememberedOverhead
        var analyzer = ArchiveAnalyzer(keepingFindings: false, rememberedLimit: 2 * room * cost)
        for i in 0..<pages { analyzer.feed(finish(Double(i * 100), url(i), line: i + 2)) { _ in } }
        analyzer.finish { _ in }
        return analyzer
    }

    @Test("within the bound: no refusal")
    func within() {
        #expect(Self.analyze(pages: 10, room: 10).refusal == nil)
    }

    @Test("one page past the bound: refused at the line of the page that did not fit")
    func past() throws {
        let analyzer = Self.analyze(pages: 11, room: 10)
        let refusal = try #require(analyzer.refusal)
        #expect(refusal.line == 12 && refusal.pages == 20)
        let error = try #require(analyzer.refusalError(path: "day.native.jsonl"))
        #expect(error.kind == .malformed && error.line == 12)
        #expect(error.description.hasPrefix("day.native.jsonl:12: the archive's findings remember every page"))
        #expect(error.description.contains("read it in parts"))
    }

    @Test("a page seen again costs nothing more")
    func again() {
        #expect(Self.analyze(pages: 1000, room: 1, repeating: true).refusal == nil)
    }

    @Test("the default bound is in MiB, and a log without pages is never refused")
    func defaults() {
        #expect(ArchiveAnalyzer.rememberedLimit == 24 << 20)
        var analyzer = ArchiveAnalyzer()
        analyzer.finish { _ in }
        #expect(analyzer.refusal == nil && analyzer.refusalError(path: "x") == nil)
    }
}
