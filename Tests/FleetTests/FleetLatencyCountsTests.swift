import AppSession
import Foundation
import Replay
import Testing
import TurboRecording

@testable import Fleet
@testable import TestSupport

/// A fleet whose sessions are each under `LatencySample.exactLimit` values of a latency but
/// together past it: the run sketches the sessions read after the crossing (`FleetLatencyCounts`)
/// so that it does not hold every value until the report, and neither the figures nor the
/// partial's bytes show which ones it sketched.
@Suite("a fleet's sessions past the exact limit together")
struct FleetLatencyCountsTests {
    /// Three sessions of 40,000 drop-to-pill latencies each (120,000 in all, past the limit),
    /// and two edge-to-clear latencies each (far under it).
    static func sessions() -> [SessionFigures] {
        (1...3).map { seed in
            var figures = SessionFigures()
            figures.dropToPill = SessionLatency(SessionFiguresStreamedTests.values(40_000, seed: UInt64(seed)))
            figures.edgeToClear = SessionLatency([1.5, Double(seed)])
            return figures
        }
    }

    static func stats(_ figures: [SessionFigures]) -> [StatsSession] {
        figures.enumerated().map { StatsSession(web: "s\($0.offset).jsonl", native: "s\($0.offset).native.jsonl", outcome: .read($0.element)) }
    }

    /// The sessions as one run reads them in order: each counted in, sketched once past the limit.
    static func counted(_ figures: [SessionFigures]) -> [SessionFigures] {
        let counts = FleetLatencyCounts()
        return figures.map { figures in
            var figures = figures
            counts.add(&figures)
            return figures
        }
    }

    @Test("a session is sketched once its fleet is past the limit of that latency, not before, and not when the values are smaller")
    func sketchedPastTheLimit() {
        let read = Self.counted(Self.sessions())
        #expect(read.map { $0.dropToPill.sketch != nil } == [false, false, true])
        #expect(read.allSatisfy { $0.edgeToClear.sketch == nil && $0.edgeToClear.values.count == 2 })
        #expect(read[2].dropToPill.count == 40_000 && read[2].dropToPill.values.isEmpty)

        let counts = FleetLatencyCounts(limit: 10)
        var large = SessionFigures()
        large.dropToPill = SessionLatency(Array(repeating: 5, count: 11))
        counts.add(&large)
        var few = SessionFigures()
        few.dropToPill = SessionLatency([1, 2, 3])
        counts.add(&few)
        // Eleven equal values are one bucket, but past 64 values only is a sketch worth its keep.
        #expect(large.dropToPill.sketch == nil && few.dropToPill.sketch == nil)
    }

    @Test("the fleet's figures from the sketched sessions are those from every value")
    func figures() {
        let sessions = Self.sessions()
        var byValue = LatencySample(), bySession = LatencySample()
        for figures in sessions { byValue.add(figures.dropToPill.values) }
        for figures in Self.counted(sessions) { bySession.add(figures.dropToPill) }
        #expect(bySession.summary(stuck: 0) == byValue.summary(stuck: 0))
        #expect(!bySession.sketchedTooFew)
    }

    @Test("a partial past the limit writes every session's latency sketched, whichever the run sketched, and reads it back")
    func partial() throws {
        let exact = Self.stats(Self.sessions()), counted = Self.stats(Self.counted(Self.sessions()))
        let sketched = StatsPartial.SketchedLatencies(exact)
        #expect(sketched == StatsPartial.SketchedLatencies(counted))
        #expect(sketched != .none)
        let read = StatsPartial.Reader { RecordingError(.malformed, path: "p", line: 1, $0) }
        for (plain, sketchedInMemory) in zip(exact, counted) {
            let body = StatsPartial.body(plain, sketched: sketched)
            #expect(body == StatsPartial.body(sketchedInMemory, sketched: sketched))
            #expect(body.contains(#""dropToPill":{"count":40000,"max":"#))
            #expect(body.contains(#""edgeToClear":[1.5,"#), "the small latency is written value by value")
            guard case .read(let figures) = plain.outcome else { continue }
            var expected = figures
            expected.dropToPill = figures.dropToPill.sketched
            #expect(try StatsPartial.decodeSession(JSONValue(parsing: body)!, read).outcome == .read(expected))
        }
        // Under the limit in all, the same sessions are written value by value.
        let few = Self.stats(Array(Self.sessions().prefix(2)))
        #expect(StatsPartial.SketchedLatencies(few) == .none)
        #expect(StatsPartial.body(few[0], sketched: .none).contains(#""dropToPill":["#))
    }

    @Test("a merge refuses a session's latency sketched though its partials hold no more than the limit of it: 65, naming the partial")
    func mergeRefusesTooFew() throws {
        let directory = try Fixtures.scratchDirectory()
        for name in ["example.jsonl", "example.native.jsonl"] {
            try FileManager.default.copyItem(atPath: Fixtures.recordings + "/session/" + name, toPath: directory + "/" + name)
        }
        let partial = try turboReplay(["stats", "--partial", directory])
        #expect(partial.status == 0)
        let written = directory + "/p.jsonl"
        try partial.stdout.write(toFile: written, atomically: false, encoding: .utf8)
        #expect(try turboReplay(["stats", "--merge", written]).status == 0)

        let pattern = try NSRegularExpression(pattern: #""dropToPill":\[([^\]]+)\]"#)
        let text = partial.stdout as NSString
        let match = try #require(pattern.firstMatch(in: partial.stdout, range: NSRange(location: 0, length: text.length)))
        let values = text.substring(with: match.range(at: 1)).split(separator: ",").map { Double($0)! }
        let sketch = StatsPartial.latency(SessionLatency(values).sketched)
        #expect(sketch.hasPrefix(#"{"count":\#(values.count),"#))
        let edited = text.replacingCharacters(in: match.range, with: #""dropToPill":"# + sketch)
        let editedPath = directory + "/edited.jsonl"
        try edited.write(toFile: editedPath, atomically: false, encoding: .utf8)
        let merged = try turboReplay(["stats", "--merge", editedPath])
        #expect(merged.status == 65)
        #expect(merged.stderr.contains(editedPath + ": an app session's dropToPill is a sketch, but the sessions hold no more than 100000 values of it"))
        #expect(merged.stdout.isEmpty)
    }

    @Test("a merge refuses app session counts whose fleet total overflows, at the line that does it: 65, not a crash")
    func mergeRefusesOverflow() throws {
        let directory = try Fixtures.scratchDirectory()
        for name in ["example.jsonl", "example.native.jsonl"] {
            try FileManager.default.copyItem(atPath: Fixtures.recordings + "/session/" + name, toPath: directory + "/" + name)
        }
        let partial = try turboReplay(["stats", "--partial", directory + "/example.jsonl", directory + "/example.native.jsonl"])
        let lines = partial.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.first), web = try #require(lines.first { $0.contains(#""session":"#) })
        let drops = try NSRegularExpression(pattern: #""drops":\d+"#)
        #expect(drops.numberOfMatches(in: web, range: NSRange(location: 0, length: (web as NSString).length)) == 1)
        // 1,200 sessions of 8e15 drops each (a count a partial may carry): past Int.max at the 1,153rd.
        var made = [header]
        for index in 0..<1_200 {
            let line = web.replacingOccurrences(of: "example.jsonl", with: String(format: "example-%04d.jsonl", index))
            made.append(
                drops.stringByReplacingMatches(
                    in: line, range: NSRange(location: 0, length: (line as NSString).length), withTemplate: #""drops":8000000000000000"#))
        }
        made.append(#"{"trailer":"turbo-replay stats partial","lines":1202,"logs":1200}"#)
        let path = directory + "/overflow.jsonl"
        try (made.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        let merged = try turboReplay(["stats", "--merge", path])
        #expect(merged.status == 65, "\(merged.stderr)")
        #expect(merged.stderr.contains(path + ":1154: the fleet's app sessions' drops overflow here"), "\(merged.stderr)")
        #expect(merged.stdout.isEmpty)
    }
}
