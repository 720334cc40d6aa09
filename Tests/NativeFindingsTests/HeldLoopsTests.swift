import NativeErrorPolicy
import Testing

@testable import NativeFindings

/// The file of probe loops held on disk: records read back as written, in the loops' order,
/// and a run given back and taken out again over and over costs the loops held, not the log.
@Suite("Probe loops held on disk")
struct HeldLoopsTests {
    static func run(count: Int, order: Int, lines: [Int]) -> ProbeLoopDetector.Run {
        ProbeLoopDetector.Run(
            first: 1.5, second: Double(order), last: Double(order + count), count: count, lines: lines,
            moreLines: count > 100 ? count - 100 : 0, lastLine: lines.last, order: order)
    }

    @Test("a record reads back as it was written: lines or none, an empty or non-ASCII surface")
    func roundTrip() throws {
        let loops = try #require(HeldLoops(past: 10))
        let cases: [(surface: String, run: ProbeLoopDetector.Run)] = [
            ("", Self.run(count: 2, order: 13, lines: [])),
            ("cafe\u{301}", Self.run(count: 150, order: 11, lines: Array(1...100))),
            ("tab:home", Self.run(count: 3, order: 12, lines: [7, Int(Int32.max) + 5])),
        ]
        var places: [String: Int64] = [:]
        for (surface, run) in cases {
            let place: Int64 = try #require(loops.append(run, on: Array(surface.utf8)))
            places[surface] = place
        }
        for (surface, run) in cases {
            let back = loops.run(at: places[surface]!)
            #expect(back.run == run && back.surface == Array(surface.utf8))
        }
        // By order, whatever order they were written in.
        var reader = loops.reading { surface, offset in places[String(decoding: surface, as: UTF8.self)] == offset }
        var surfaces: [String] = []
        while let ended = reader.next() { surfaces.append(ended.loop.surface) }
        #expect(surfaces == ["cafe\u{301}", "tab:home", ""])
    }

    @Test("runs given back and written again, 180 surfaces 640 times, 20 given back for good: the file stays small")
    func compacts() throws {
        let loops = try #require(HeldLoops(past: 0))
        var places: [[UInt8]: Int64] = [:]
        var largest: Int64 = 0
        let surfaces = (1...200).map { Array("s\($0)".utf8) }
        // One surface in ten is given back once and stays out (in the detector): its entry in
        // the index is stale from then on, through every compaction.
        let out = Set(surfaces.enumerated().filter { $0.offset % 10 == 3 }.map(\.element))
        for round in 1...640 {
            for (k, surface) in surfaces.enumerated() {
                if out.contains(surface), round > 1 {
                    if let at = places.removeValue(forKey: surface) { _ = loops.take(at: at) }
                    continue
                }
                var count = 2
                if let at = places[surface] { count = loops.take(at: at).run.count + 1 }
                if loops.wasteful {
                    places[surface] = nil
                    #expect(loops.compact(held: { places[$0] == $1 }, moved: { places[$0] = $1 }))
                }
                let place: Int64 = try #require(loops.append(Self.run(count: count, order: k + 1, lines: [round]), on: surface))
                places[surface] = place
                largest = max(largest, loops.fileBytes)
            }
        }
        // 115,000 records of about 75 bytes were written, 8.6 MB, past the bound below: each time
        // the file is past 4 MiB the held ones are kept alone (compacted, twice here, the second
        // time over entries the first one kept), and the file starts again from them.
        #expect(largest < 5 << 20, "the file reached \(largest) bytes")
        var reader = loops.reading { places[$0] == $1 }
        var read: [ProbeLoop] = []
        while let ended = reader.next() { read.append(ended.loop) }
        #expect(read.map(\.surface) == surfaces.filter { !out.contains($0) }.map { String(decoding: $0, as: UTF8.self) })
        #expect(read.allSatisfy { $0.count == 641 && $0.lines == [640] })
    }
}
