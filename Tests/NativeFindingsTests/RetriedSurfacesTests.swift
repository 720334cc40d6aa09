import NativeErrorPolicy
import PolicyCore
import Testing
import TurboRecording

@testable import NativeFindings
@testable import TestSupport

/// The surfaces an unexpected retry may still read as `already-retried` (or `auth-shell`):
/// kept for as long as the surface is not presented again, past a bound on disk, with the same
/// answers as a dictionary that holds them all.
@Suite("Retried surfaces, past the memory bound on disk")
struct RetriedSurfacesTests {
    static let meta = #"{"type":"meta","version":1,"recording":"native","platform":"ios"}"#

    /// bench/shapes.py's surfaces-retried: a new surface each time, an offline view, a tap (the
    /// policy retries), the app's automatic retry (an unexpected `already-retried`), dismissed.
    static func surfacesRetried(_ n: Int) -> [String] {
        [meta, #"{"t":0,"type":"path","online":false}"#]
            + (1...n).flatMap { i in
                let t = i * 1000
                return [
                    #"{"t":\#(t),"type":"presented","surface":"s\#(i)","error":{"kind":"web","code":-1009}}"#,
                    #"{"t":\#(t + 300),"type":"tap-retry","surface":"s\#(i)"}"#,
                    #"{"t":\#(t + 400),"type":"app-retry","surface":"s\#(i)","kind":"auto"}"#,
                    #"{"t":\#(t + 500),"type":"dismissed","surface":"s\#(i)"}"#,
                ]
            }
    }

    func replay(_ lines: [String], surfacesInMemory: Int) throws -> (held: Int, events: [NativeExplainer.Event]) {
        try explainerReplay(lines, name: "retried.jsonl", surfacesInMemory: surfacesInMemory)
    }

    @Test("the explainer holds as many surfaces at 10·N records as at N on surfaces-retried")
    func flat() throws {
        let small = try replay(Self.surfacesRetried(300), surfacesInMemory: 64).held
        let large = try replay(Self.surfacesRetried(3000), surfacesInMemory: 64).held
        #expect(large <= small && small <= 64 + 8, "\(small) surfaces held at 300, \(large) at 3000")
        // Without the disk, every retried surface stays: what the bound takes away (at 300
        // already past it).
        let unbounded = try replay(Self.surfacesRetried(300), surfacesInMemory: .max).held
        #expect(unbounded >= 300)
    }

    /// Random logs whose app retries come back to surfaces retried long before (or never
    /// presented, or answered with a 401): every finding is the same with 2 surfaces in memory
    /// as with all of them.
    @Test("the same findings with the surfaces on disk as in memory", arguments: 0..<12)
    func sameFindings(seed: Int) throws {
        var generator = SeededRandom(seed: UInt64(seed) &+ 77)
        let surfaces = (0..<40).map { "s\($0)" } + ["caf\u{E9}", "cafe\u{301}", "K", "\u{212A}"]
        var lines = [Self.meta]
        var t = 0
        for _ in 0..<600 {
            t += generator.int(in: 0...700)
            let surface = generator.pick(surfaces)
            let error = generator.pick([#"{"kind":"web","code":-1009}"#, #"{"kind":"http","status":503}"#, #"{"kind":"http","status":401}"#])
            lines.append(
                generator.pick([
                    #"{"t":\#(t),"type":"presented","surface":"\#(surface)","error":\#(error)}"#,
                    #"{"t":\#(t),"type":"tap-retry","surface":"\#(surface)"}"#,
                    #"{"t":\#(t),"type":"app-retry","surface":"\#(surface)","kind":"auto"}"#,
                    #"{"t":\#(t),"type":"app-retry","surface":"\#(surface)","kind":"auto"}"#,
                    #"{"t":\#(t),"type":"dismissed","surface":"\#(surface)"}"#,
                    #"{"t":\#(t),"type":"path","online":\#(generator.bool())}"#,
                ]))
        }
        let onDisk = try replay(lines, surfacesInMemory: 2).events, inMemory = try replay(lines, surfacesInMemory: .max).events
        #expect(onDisk == inMemory)
        #expect(inMemory.contains { if case .retry(let f) = $0, case .unexpected(_, .alreadyRetried) = f.detail { return true } else { return false } })
    }

    /// Set, remove and read at random, against a dictionary: past 16,384 surfaces on disk the
    /// table grows, and removed surfaces leave holes its probes pass over.
    @Test("reads what a dictionary would, through growth and removals")
    func likeADictionary() {
        var generator = SeededRandom(seed: 34)
        var surfaces = RetriedSurfaces(inMemory: 50)
        var model: [[UInt8]: RetriedSurfaces.Last] = [:]
        // Each name set once first (a quarter of them to nothing): some 19,500 on disk, past the
        // first size; then as many steps again at random.
        let names = (0..<26_000).map { "surface-\($0)" } + ["caf\u{E9}", "cafe\u{301}", "K", "\u{212A}", ""]
        for step in 0..<60_000 {
            let name = step < 26_000 ? names[step] : generator.pick(names)
            let value: RetriedSurfaces.Last? = generator.pick([.retried(at: Double(step) / 4), .authShell, nil, .retried(at: 1)])
            surfaces[ByteString(name)] = value
            model[Array(name.utf8)] = value
            let probe = generator.pick(names)
            if surfaces[ByteString(probe)] != model[Array(probe.utf8)] {
                Issue.record(
                    "\(probe) at step \(step): \(String(describing: surfaces[ByteString(probe)])), not \(String(describing: model[Array(probe.utf8)]))")
                return
            }
        }
        #expect(surfaces.onDiskCount > 16_384, "the table grew past its first size")
        #expect(surfaces.inMemoryCount <= 51)
        #expect(names.allSatisfy { surfaces[ByteString($0)] == model[Array($0.utf8)] })
    }
}
