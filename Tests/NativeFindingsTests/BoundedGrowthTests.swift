import ArchiveCachePolicy
import NativeErrorPolicy
import Testing
import TurboRecording

@testable import NativeFindings
@testable import TestSupport

/// What the streamed native paths keep does not grow with the log, on the worst-case shapes of
/// bench/shapes.py (`bench/run --memory` measures their memory; this holds their structure):
/// each shape is replayed at N and at 10·N records, and what is held at the end (surfaces,
/// key bytes) must be the same. Counted, not timed: it fails on growth on any machine.
@Suite("Bounded growth on worst-case shapes")
struct BoundedGrowthTests {
    static let meta = #"{"type":"meta","version":1,"recording":"native","platform":"ios"}"#

    /// bench/shapes.py's surfaces-presented-dismissed: every surface a new name, presented, dismissed.
    static func surfacesPresentedDismissed(_ n: Int) -> [String] {
        [meta]
            + (1...n).flatMap { i in
                [
                    #"{"t":\#(i * 500),"type":"presented","surface":"s\#(i)","error":{"kind":"web","code":-1009},"url":"https://app.example.com/courses/\#(i)"}"#,
                    #"{"t":\#(i * 500 + 250),"type":"dismissed","surface":"s\#(i)"}"#,
                ]
            }
    }

    /// The path flaps under views on a few surfaces, and the app logs its retries (bench/shapes.py's
    /// native-flaps has none: then every finding waits for one, which is not bounded yet).
    static func nativeFlaps(_ n: Int) -> [String] {
        let surfaces = ["tab:home", "tab:feed", "modal"]
        return [meta]
            + (1...n).flatMap { i in
                let t = i * 2000, surface = surfaces[i % 3]
                return [
                    #"{"t":\#(t),"type":"path","online":false}"#,
                    #"{"t":\#(t + 50),"type":"presented","surface":"\#(surface)","error":{"kind":"web","code":-1009}}"#,
                    #"{"t":\#(t + 250),"type":"path","online":true}"#,
                    #"{"t":\#(t + 350 + (i % 7) * 100),"type":"app-retry","surface":"\#(surface)","kind":"auto"}"#,
                ]
            }
    }

    /// What the explainer holds per surface after replaying `lines` whole.
    func retained(_ lines: [String]) throws -> Int {
        let reader = try NativeRecordingReader(path: try temporaryRecording("growth.jsonl", lines))
        var explainer = NativeExplainer()
        while let record = try reader.next() { explainer.feed(record, decided: { _ in }, emit: { _ in }) }
        return explainer.retainedSurfaces
    }

    @Test(
        "the explainer holds as many surfaces at 10·N records as at N",
        arguments: [
            ("surfaces-presented-dismissed", surfacesPresentedDismissed),
            ("native flaps, with the app's retries", nativeFlaps),
        ] as [(String, @Sendable (Int) -> [String])])
    func explainerFlat(shape: String, lines: @Sendable (Int) -> [String]) throws {
        let small = try retained(lines(300)), large = try retained(lines(3000))
        #expect(large <= small, "\(shape): \(small) surfaces held at 300, \(large) at 3000")
        #expect(small <= 8, "\(shape): only the last few surfaces are held (\(small))")
    }

    @Test("the cache holds bounded bytes per archive, however long the URLs")
    func archiveKeyBytes() {
        func held(_ pages: Int, urlBytes: Int) -> (bytes: Int, archives: Int) {
            var cache = ArchiveCache(settings: ArchiveSettings(maxArchives: 50))
            var out: [ArchiveDecision] = []
            let pad = String(repeating: "x", count: urlBytes)
            for i in 0..<pages {
                cache.send(.finish(url: "https://app.example.com/courses/\(i)?q=\(pad)"), at: Double(i) * 1000, into: &out)
            }
            return (cache.heldKeyBytes, cache.archives.count)
        }
        let short = held(500, urlBytes: 10_000), long = held(500, urlBytes: 100_000)
        #expect(short.archives == 50 && long.archives == 50)
        #expect(long.bytes == short.bytes, "a key ten times longer costs the same")
        #expect(long.bytes <= 2 * 50 * (archiveKeyKeptBytes + 100))
    }

    @Test("a long key's identity is the same page only for the same bytes")
    func identity() {
        let pad = String(repeating: "é", count: 400)
        let a = "https://app.example.com/p?q=" + pad + "a", b = "https://app.example.com/p?q=" + pad + "b"
        #expect(archiveKeyIdentity(a) == archiveKeyIdentity(a))
        #expect(archiveKeyIdentity(a) != archiveKeyIdentity(b))
        #expect(archiveKeyIdentity(a).utf8.count > archiveKeyKeptBytes, "never equal to a key kept whole")
        #expect(archiveKeyIdentity("https://app.example.com/short") == "https://app.example.com/short")
        // The same text, decomposed: other bytes, another page.
        let decomposed = "https://app.example.com/p?q=" + String(repeating: "e\u{301}", count: 400) + "a"
        #expect(archiveKeyIdentity(decomposed) != archiveKeyIdentity(a))
    }
}
