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

    /// bench/shapes.py's native-flaps: the path flaps under offline views on a few surfaces, and
    /// the app logs no `app-retry` line, so every missed retry waits for one. `retryAtEnd` adds
    /// one automatic retry after the last flap, which makes every held finding a finding.
    static func nativeFlapsNoRetry(_ n: Int, retryAtEnd: Bool = false) -> [String] {
        let surfaces = ["tab:home", "tab:feed", "modal"]
        let flaps = (1...n).flatMap { i in
            let t = i * 2000, surface = surfaces[i % 3]
            return [
                #"{"t":\#(t),"type":"path","online":false}"#,
                #"{"t":\#(t + 50),"type":"presented","surface":"\#(surface)","error":{"kind":"web","code":-1009}}"#,
                #"{"t":\#(t + 250),"type":"path","online":true}"#,
            ]
        }
        let end = #"{"t":\#(n * 2000 + 5000),"type":"app-retry","surface":"tab:home","kind":"auto"}"#
        return [meta] + flaps + (retryAtEnd ? [end] : [])
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

    /// bench/shapes.py's error-new-surface: every record an error view on a new surface, none
    /// ever dismissed (an offline view, a server view, a timeout's offline view, in turn).
    static func errorNewSurface(_ n: Int) -> [String] {
        let errors = [#"{"kind":"web","code":-1009}"#, #"{"kind":"http","status":503}"#, #"{"kind":"web","code":-1001}"#]
        return [meta] + (1...n).map { i in #"{"t":\#(i * 100),"type":"presented","surface":"s\#(i)","error":\#(errors[i % 3])}"# }
    }

    /// Replays `lines` with a bound of `bound` open views, checked after each record as every
    /// command does: what the explainer holds per surface when it stops (or at the end), the
    /// views open then, and the line it stopped at.
    func boundedRun(_ lines: [String], bound: Int) throws -> (retained: Int, open: Int, stoppedAt: Int?) {
        let path = try temporaryRecording("bounded.jsonl", lines)
        let reader = try NativeRecordingReader(path: path)
        var explainer = NativeExplainer(config: NativeConfig(maxOpenViews: bound))
        do {
            while let record = try reader.next() {
                explainer.feed(record, decided: { _ in }, emit: { _ in })
                try explainer.checkOpenViews(after: record, path: path)
            }
        } catch let error as RecordingError {
            #expect(error.kind == .malformed, "exit 65")
            return (explainer.retainedSurfaces, explainer.openViews, error.line)
        }
        return (explainer.retainedSurfaces, explainer.openViews, nil)
    }

    @Test("error-new-surface: the replay stops at the bound, holding as much at 10·N records as at N")
    func errorNewSurfaceBounded() throws {
        let small = try boundedRun(Self.errorNewSurface(1000), bound: 200)
        let large = try boundedRun(Self.errorNewSurface(10_000), bound: 200)
        // The meta is line 1: the 201st view is presented at line 202.
        #expect(small.stoppedAt == 202 && large.stoppedAt == 202)
        #expect(small.open == 201 && large.open == 201)
        #expect(large.retained == small.retained, "\(small.retained) held at 1000 records, \(large.retained) at 10,000")
    }

    @Test("an open view is held once: in the policy's instance, with no table of lines beside it")
    func oneEntryPerOpenView() throws {
        let run = try boundedRun(Self.errorNewSurface(300), bound: 10_000)
        #expect(run.stoppedAt == nil)
        #expect(run.open == 300)
        #expect(run.retained == run.open, "\(run.retained) entries for \(run.open) open views")
    }

    /// Replays `lines` whole, holding at most `heldInMemory` waiting findings in memory: those
    /// it holds in memory at the end, and every finding it hands out.
    func held(_ lines: [String], heldInMemory: Int) throws -> (inMemory: Int, findings: [String]) {
        let reader = try NativeRecordingReader(path: try temporaryRecording("held.jsonl", lines))
        var explainer = NativeExplainer(heldInMemory: heldInMemory)
        var findings: [String] = []
        let emit: (NativeExplainer.Event) -> Void = { if case .retry(let finding) = $0 { findings.append(finding.jsonLine) } }
        while let record = try reader.next() { explainer.feed(record, decided: { _ in }, emit: emit) }
        let inMemory = explainer.heldInMemory
        explainer.finish(decided: { _ in }, emit: emit)
        return (inMemory, findings)
    }

    @Test("native flaps with no app-retry line: the findings waiting for one are not held in memory")
    func heldFindingsFlat() throws {
        let small = try held(Self.nativeFlapsNoRetry(300), heldInMemory: 64)
        let large = try held(Self.nativeFlapsNoRetry(3000), heldInMemory: 64)
        #expect(large.inMemory <= 64, "\(small.inMemory) held in memory at 300, \(large.inMemory) at 3000")
        #expect(small.findings.isEmpty && large.findings.isEmpty, "no app-retry line: nothing to compare")
    }

    @Test("the waiting findings come back from disk whole and in order when an app-retry comes")
    func heldFindingsReleased() throws {
        let lines = Self.nativeFlapsNoRetry(1000, retryAtEnd: true)
        let spooled = try held(lines, heldInMemory: 64), inMemory = try held(lines, heldInMemory: .max)
        #expect(spooled.findings.count > 900)
        #expect(spooled.findings == inMemory.findings)
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
        // Both past the bytes a key keeps whole (`archiveKeyKeptBytes`), one ten times the other;
        // 150 pages are three times the bound, so 100 are evicted (500 only took longer to read).
        let short = held(150, urlBytes: 1_000), long = held(150, urlBytes: 10_000)
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
