import NativeErrorPolicy
import PolicyCore
import Testing
import TurboRecording

@testable import NativeFindings
@testable import TestSupport

/// The probe-loop detector's runs on surfaces with no view on screen: past a bound they are
/// held apart (on disk), given back before a view is presented there again, and ended at an
/// edge (a loop among them comes out in its place); the loops found are the same as with every
/// run in the detector.
@Suite("Probe runs on idle surfaces, past the memory bound on disk")
struct IdleProbeRunsTests {
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

    /// bench/shapes.py's surfaces-looping: each new surface's view is retried by the probe,
    /// presented afresh, retried again (a loop of two), then dismissed; an edge after every
    /// `edgeEvery` surfaces (never when 0) ends the loops.
    static func surfacesLooping(_ n: Int, edgeEvery: Int = 0) -> [String] {
        [meta, #"{"t":0,"type":"path","online":true}"#]
            + (1...n).flatMap { i in
                let t = i * 6000
                let surface = "s\(i)"
                var lines = [
                    #"{"t":\#(t),"type":"presented","surface":"\#(surface)","error":{"kind":"web","code":-1009}}"#,
                    #"{"t":\#(t + 2500),"type":"app-retry","surface":"\#(surface)","kind":"auto"}"#,
                    #"{"t":\#(t + 2600),"type":"presented","surface":"\#(surface)","error":{"kind":"web","code":-1009}}"#,
                    #"{"t":\#(t + 5100),"type":"app-retry","surface":"\#(surface)","kind":"auto"}"#,
                    #"{"t":\#(t + 5200),"type":"dismissed","surface":"\#(surface)"}"#,
                ]
                if edgeEvery > 0, i % edgeEvery == 0 {
                    lines += [
                        #"{"t":\#(t + 5300),"type":"path","online":false}"#,
                        #"{"t":\#(t + 5400),"type":"path","online":true}"#,
                    ]
                }
                return lines
            }
    }

    static func loops(_ events: [NativeExplainer.Event]) -> [ProbeLoop] {
        events.compactMap { if case .probeLoop(let loop) = $0 { return loop } else { return nil } }
    }

    func replay(_ lines: [String], surfacesInMemory: Int) throws -> (held: Int, events: [NativeExplainer.Event]) {
        try explainerReplay(lines, name: "probed.jsonl", surfacesInMemory: surfacesInMemory)
    }

    @Test("the explainer holds as many surfaces at 10·N records as at N on surfaces-probed")
    func flat() throws {
        let small = try replay(Self.surfacesProbed(300), surfacesInMemory: 64).held
        let large = try replay(Self.surfacesProbed(3000), surfacesInMemory: 64).held
        #expect(large <= small && small <= 3 * 64 + 8, "\(small) surfaces held at 300, \(large) at 3000")
        // Without the disk, every probed surface's run stays to the end: what the bound takes away
        // (at 300 already past it; at 3000 the same, only longer).
        let unbounded = try replay(Self.surfacesProbed(300), surfacesInMemory: .max).held
        #expect(unbounded >= 300)
    }

    @Test("the explainer holds as many surfaces at 10·N records as at N on surfaces-looping")
    func flatLoops() throws {
        let small = try replay(Self.surfacesLooping(300), surfacesInMemory: 64).held
        let large = try replay(Self.surfacesLooping(3000), surfacesInMemory: 64)
        #expect(large.held <= small && small <= 3 * 64 + 8, "\(small) surfaces held at 300, \(large.held) at 3000")
        // Every loop still comes out, at the end, in order.
        let loops = Self.loops(large.events)
        #expect(loops.map(\.surface) == (1...3000).map { "s\($0)" })
        #expect(loops.allSatisfy { $0.count == 2 })
        let unbounded = try replay(Self.surfacesLooping(300), surfacesInMemory: .max).held
        #expect(unbounded >= 300)
    }

    /// Loops held on disk, in memory here and in the detector, ended by edges now and then and
    /// by the end of the log: one order, the same as with every run in the detector.
    @Test("loops held apart come out at each edge in their place", arguments: [0, 7, 100])
    func loopsAtEdges(edgeEvery: Int) throws {
        let lines = Self.surfacesLooping(400, edgeEvery: edgeEvery)
        let onDisk = try replay(lines, surfacesInMemory: 4).events, inMemory = try replay(lines, surfacesInMemory: .max).events
        #expect(onDisk == inMemory)
        #expect(Self.loops(inMemory).count == 400)
    }

    /// A loop that polls for long on one surface (more lines than a loop keeps), left idle
    /// between its retries so that it goes to disk and back again, among many others.
    @Test("a long loop taken to disk and back between its retries keeps every count and line")
    func longLoopThroughDisk() throws {
        var lines = [Self.meta, #"{"t":0,"type":"path","online":true}"#]
        var t = 0
        for round in 1...130 {
            t += 100
            lines.append(#"{"t":\#(t),"type":"presented","surface":"caf\#u{E9}","error":{"kind":"web","code":-1009}}"#)
            t += 2600
            // The view is retried, so the surface is idle: others fill the detector meanwhile.
            for other in 0..<6 {
                let surface = "r\(round)-\(other)"
                lines.append(#"{"t":\#(t),"type":"presented","surface":"\#(surface)","error":{"kind":"web","code":-1009}}"#)
                t += 2600
                lines.append(#"{"t":\#(t),"type":"dismissed","surface":"\#(surface)"}"#)
            }
        }
        lines.append(#"{"t":\#(t + 1),"type":"presented","surface":"cafe\#u{301}","error":{"kind":"web","code":-1009}}"#)
        let onDisk = try replay(lines, surfacesInMemory: 2).events, inMemory = try replay(lines, surfacesInMemory: .max).events
        #expect(onDisk == inMemory)
        let long = Self.loops(inMemory).first { $0.surface == "caf\u{E9}" }
        #expect(long?.count == 130)
        #expect(long?.lines.count == ProbeLoop.maxLines && long?.moreLines == 30)
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
            t += generator.int(in: 0...1500)
            let surface = generator.pick(surfaces)
            let record = generator.pick([
                #"{"t":\#(t),"type":"presented","surface":"\#(surface)","error":{"kind":"web","code":-1009}}"#,
                #"{"t":\#(t),"type":"presented","surface":"\#(surface)","error":{"kind":"web","code":-1009}}"#,
                #"{"t":\#(t),"type":"dismissed","surface":"\#(surface)"}"#,
                #"{"t":\#(t),"type":"dismissed","surface":"\#(surface)"}"#,
                #"{"t":\#(t),"type":"app-retry","surface":"\#(surface)","kind":"auto"}"#,
                #"{"t":\#(t),"type":"tap-retry","surface":"\#(surface)"}"#,
                generator.int(in: 0..<10) == 0 ? #"{"t":\#(t),"type":"path","online":false}"# : #"{"t":\#(t),"type":"path","online":true}"#,
            ])
            lines.append(record)
        }
        let onDisk = try replay(lines, surfacesInMemory: 2).events, inMemory = try replay(lines, surfacesInMemory: .max).events
        #expect(onDisk == inMemory)
        #expect(inMemory.contains { if case .probeLoop = $0 { return true } else { return false } })
    }
}
