import AppSession
import Foundation
import Replay
import Testing
import TurboRecording

@testable import Fleet
@testable import TestSupport

/// What `stats` keeps of an app session, read streamed (`SessionFiguresOutput`), against the
/// whole session it used to build (`SessionFigures(AppSession)`): the same counts, latencies
/// and findings on every pair of the independent model; and past the limit, a session's
/// latency as its sketch gives the fleet the same figures, in one run and through a partial.
@Suite("A session's figures, streamed")
struct SessionFiguresStreamedTests {
    static let pairs =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/e2e/session-pairs"

    /// A pair's figures, or its error's words.
    enum Outcome: Equatable {
        case read(SessionFigures)
        case failed(String)
    }

    static func outcome(_ read: () throws -> SessionFigures) -> Outcome {
        do { return .read(try read()) } catch { return .failed("\(error)") }
    }

    @Test("each model pair's streamed figures are the whole session's (and a small limit sketches them alike)")
    func modelPairs() throws {
        let stems = try FileManager.default.contentsOfDirectory(atPath: Self.pairs).filter { $0.hasSuffix(".options.json") }
            .map { Self.pairs + "/" + $0.dropLast(".options.json".count) }.sorted()
        #expect(stems.count >= 120)
        var mismatches: [String] = [], measured = 0
        for stem in stems {
            let (web, native) = (stem + ".web.jsonl", stem + ".native.jsonl")
            let options = try ModelPairs.options(stem + ".options.json")
            let whole = Self.outcome { SessionFigures(try replaySession(web: web, native: native, options: options)) }
            let streamed = Self.outcome { try SessionFiguresOutput.read(web: web, native: native, options: options) }
            if whole != streamed { mismatches.append(stem) }
            guard case .read(let figures) = whole else { continue }
            measured += figures.dropToPill.count + figures.edgeToClear.count + figures.edgeToPage.count
            // The same session with a limit of 1: each latency of two values or more is a sketch,
            // and adds up in a fleet as its values do.
            let sketched = try SessionFiguresOutput.read(web: web, native: native, options: options, exactLimit: 1)
            for (values, sketch) in [
                (figures.dropToPill, sketched.dropToPill), (figures.edgeToClear, sketched.edgeToClear), (figures.edgeToPage, sketched.edgeToPage),
            ] {
                #expect(sketch.count == values.count && (sketch.sketch != nil) == (values.count > 1))
            }
        }
        #expect(measured > 100, "the pairs measure some latencies (\(measured))")
        #expect(mismatches.isEmpty, "\(mismatches.count) pairs differ: \(mismatches.prefix(5))")
    }

    /// `count` latencies, some negative (a pill before the drop is 0, but a fleet takes any).
    static func values(_ count: Int, seed: UInt64) -> [Double] {
        var generator = SeededRandom(seed: seed)
        return (0..<count).map { _ in (Double(generator.int(in: -50...900_000)) / 8).rounded(.down) }
    }

    @Test(
        "a fleet's latency from sessions kept as values or sketches is the one from every value",
        arguments: [
            [10, 20],  // exact: every value
            [LatencySample.exactLimit - 5, 5],  // exactly the limit
            [LatencySample.exactLimit - 5, 6],  // one past it, from values alone
            [LatencySample.exactLimit + 1, 3],  // a sketched session, then a small one
            [3, LatencySample.exactLimit + 1],  // a small one, then a sketched session
            [LatencySample.exactLimit + 7, LatencySample.exactLimit + 2],
        ])
    func fleet(sizes: [Int]) {
        let sessions = sizes.enumerated().map { Self.values($0.element, seed: UInt64($0.offset + 1)) }
        var byValue = LatencySample(), bySession = LatencySample()
        for values in sessions { byValue.add(values) }
        for values in sessions {
            let latency = SessionLatency(values)
            #expect((latency.sketch != nil) == (values.count > LatencySample.exactLimit))
            #expect(latency.values.count <= LatencySample.exactLimit)
            bySession.add(latency)
        }
        #expect(bySession.summary(stuck: 2) == byValue.summary(stuck: 2))
    }

    @Test("a sketched latency rides on the partial's session line as count, max and sketch, and reads back the same")
    func partial() throws {
        var figures = SessionFigures()
        for value in Self.values(LatencySample.exactLimit + 3, seed: 9) { figures.add(.drop(SessionDrop(t: 0, edge: nil, dropToPill: value, pill: 0))) }
        figures.edgeToClear = SessionLatency([3.5, 1])
        let session = StatsSession(web: "a.jsonl", native: "a.native.jsonl", outcome: .read(figures))
        let body = StatsPartial.body(session)
        #expect(body.contains(#""dropToPill":{"count":100003,"max":"#))
        #expect(body.contains(#""edgeToClear":[3.5,1.0]"#))
        #expect(body.utf8.count < 20_000, "the line is bounded: \(body.utf8.count) bytes")
        let read = StatsPartial.Reader { RecordingError(.malformed, path: "p", line: 1, $0) }
        #expect(try StatsPartial.decodeSession(JSONValue(parsing: body)!, read) == session)
    }

    @Test("a hand-made sketched latency that does not add up is refused")
    func refused() throws {
        let read = StatsPartial.Reader { RecordingError(.malformed, path: "p", line: 1, $0) }
        var figures = SessionFigures()
        figures.dropToPill = SessionLatency(Self.values(LatencySample.exactLimit + 3, seed: 4))
        let body = StatsPartial.body(StatsSession(web: "a.jsonl", native: "a.native.jsonl", outcome: .read(figures)))
        for (from, to) in [("\"count\":100003", "\"count\":100004"), ("\"count\":100003", "\"count\":5")] {
            let edited = body.replacingOccurrences(of: from, with: to)
            #expect(edited != body)
            #expect(throws: RecordingError.self) { try StatsPartial.decodeSession(JSONValue(parsing: edited)!, read) }
        }
    }
}
