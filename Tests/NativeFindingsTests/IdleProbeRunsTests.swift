import NativeErrorPolicy
import PolicyCore
import Testing
import TurboRecording

@testable import NativeFindings
@testable import TestSupport

/// The probe-loop detector's runs of one probe retry, on surfaces with no view on screen: past
/// a bound they are held apart (on disk), given back before a view is presented there again,
/// and let go at an edge; the loops found are the same as with every run in the detector.
@Suite("Probe runs of one retry, past the memory bound on disk")
struct ProbeSinglesTests {
    static let meta = #"{"type":"meta","version":1,"recording":"native","platform":"ios"}"#

    /// bench/shapes.py's surfaces-probed: on a path that stays up, each new surface's offline
    /// view is retried by the probe (2,500 ms), then dismissed; no edge ends the runs.
    static func surfacesProbed(_ n: Int) -> [String] {
        [meta, #"{"t":0,"type":"path","online":true}"#]
            + (1...n).flatMap { i in
                let t = i * 3200
                return [
                    #"{"t":\#(t),"type":"presented","surface":"s\#(i)","error":{"kind":"web","code":-1009}}"#,
                    #"{"t":\#(t + 2500),"type":"app-retry","surface":"s\#(i)","kind":"auto"}"#,
                    #"{"t":\#(t + 2700),"type":"dismissed","surface":"s\#(i)"}"#,
                ]
            }
    }

    func replay(_ lines: [String], surfacesInMemory: Int) throws -> (held: Int, events: [NativeExplainer.Event]) {
        try explainerReplay(lines, name: "probed.jsonl", surfacesInMemory: surfacesInMemory)
    }

    @Test("the explainer holds as many surfaces at 10·N records as at N on surfaces-probed")
    func flat() throws {
        let small = try replay(Self.surfacesProbed(300), surfacesInMemory: 64).held
        let large = try replay(Self.surfacesProbed(3000), surfacesInMemory: 64).held
        #expect(large <= small && small <= 3 * 64 + 8, "\(small) surfaces held at 300, \(large) at 3000")
        // Without the disk, every probed surface's run stays to the end: what the bound takes away.
        let unbounded = try replay(Self.surfacesProbed(3000), surfacesInMemory: .max).held
        #expect(unbounded >= 3000)
    }

    /// Surfaces probed once long ago, presented again and probed a second time with no edge
    /// between: a loop whose first retry came back from disk, the same as in memory.
    @Test("a loop whose first probe retry was held on disk: the same finding")
    func loopFromDisk() throws {
        var lines = Self.surfacesProbed(200)
        let t = 201 * 3200
        lines += [
            #"{"t":\#(t),"type":"presented","surface":"s7","error":{"kind":"web","code":-1009}}"#,
            #"{"t":\#(t + 3000),"type":"dismissed","surface":"s7"}"#,
        ]
        let onDisk = try replay(lines, surfacesInMemory: 2).events, inMemory = try replay(lines, surfacesInMemory: .max).events
        #expect(onDisk == inMemory)
        let loops = inMemory.compactMap { if case .probeLoop(let loop) = $0 { return loop } else { return nil } }
        #expect(loops.map(\.surface) == ["s7"])
        #expect(loops.first?.lines == [3 + 6 * 3, lines.count - 1])
        #expect(loops.first?.first == Double(7 * 3200 + 2500))
    }

    /// Random logs of views presented, dismissed and retried on a path that flaps now and
    /// then, on surfaces that come back (canonically equivalent names among them): every
    /// finding the same with 2 surfaces in memory as with all of them.
    @Test("the same findings with the runs on disk as in memory", arguments: 0..<12)
    func sameFindings(seed: Int) throws {
        var generator = SeededRandom(seed: UInt64(seed) &+ 4242)
        let surfaces = (0..<30).map { "s\($0)" } + ["caf\u{E9}", "cafe\u{301}", "K", "\u{212A}"]
        var lines = [Self.meta, #"{"t":0,"type":"path","online":true}"#]
        var t = 0
        for _ in 0..<800 {
            t += Int.random(in: 0...1500, using: &generator)
            let surface = generator.pick(surfaces)
            let record = generator.pick([
                #"{"t":\#(t),"type":"presented","surface":"\#(surface)","error":{"kind":"web","code":-1009}}"#,
                #"{"t":\#(t),"type":"presented","surface":"\#(surface)","error":{"kind":"web","code":-1009}}"#,
                #"{"t":\#(t),"type":"dismissed","surface":"\#(surface)"}"#,
                #"{"t":\#(t),"type":"dismissed","surface":"\#(surface)"}"#,
                #"{"t":\#(t),"type":"app-retry","surface":"\#(surface)","kind":"auto"}"#,
                #"{"t":\#(t),"type":"tap-retry","surface":"\#(surface)"}"#,
                Int.random(in: 0..<10, using: &generator) == 0 ? #"{"t":\#(t),"type":"path","online":false}"# : #"{"t":\#(t),"type":"path","online":true}"#,
            ])
            lines.append(record)
        }
        let onDisk = try replay(lines, surfacesInMemory: 2).events, inMemory = try replay(lines, surfacesInMemory: .max).events
        #expect(onDisk == inMemory)
        #expect(inMemory.contains { if case .probeLoop = $0 { return true } else { return false } })
    }
}
