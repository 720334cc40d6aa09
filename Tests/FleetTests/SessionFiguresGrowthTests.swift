import Foundation
import Testing

@testable import Fleet
@testable import TestSupport

/// What `stats` keeps of an app session holds the same at N and 10·N records of a pair of
/// flapping logs (bench/shapes.py's `session-flaps` and `session-flaps-native`): past the
/// limit a latency is its count, maximum and sketch, never its every value. Counted, never
/// timed; the limit is lowered so that a small pair reaches it (`stats` uses
/// `LatencySample.exactLimit`, 100,000).
@Suite("A session's figures do not grow with its logs")
struct SessionFiguresGrowthTests {
    static let startedAt = #""startedAt":"2026-12-01T00:00:00.000Z""#

    /// The page's network flaps, and the app's path flaps a little before the page's and a
    /// little slower, on one clock; `cycles` of each.
    static func pair(_ cycles: Int) throws -> (web: String, native: String) {
        var web = [
            #"{"type":"meta","version":1,"source":"chromium","page":"/",\#(startedAt)}"#, #"{"t":10,"type":"connect","context":null,"online":true,"page":"/"}"#,
        ]
        var native = [#"{"type":"meta","version":1,"recording":"native","platform":"ios",\#(startedAt)}"#]
        var (w, n) = (10, 10)
        for i in 1...cycles {
            w += 400
            web.append(#"{"t":\#(w),"type":"offline"}"#)
            w += 900 + (i % 3) * 300
            web.append(#"{"t":\#(w),"type":"online"}"#)
            n += 300
            native.append(#"{"t":\#(n),"type":"path","online":false}"#)
            n += 1100 + (i % 3) * 300
            native.append(#"{"t":\#(n),"type":"path","online":true}"#)
        }
        return (try temporaryRecording("flaps-\(cycles).jsonl", web), try temporaryRecording("flaps-\(cycles).native.jsonl", native))
    }

    /// The values and sketch buckets a session's figures hold, and the latencies they stand for.
    static func kept(_ cycles: Int) throws -> (held: Int, latencies: Int) {
        let (web, native) = try pair(cycles)
        let figures = try SessionFiguresOutput.read(web: web, native: native, options: .init(), exactLimit: 100)
        let latencies = [figures.dropToPill, figures.edgeToClear, figures.edgeToPage]
        return (latencies.reduce(0) { $0 + $1.values.count + ($1.sketch?.bins.count ?? 0) }, latencies.reduce(0) { $0 + $1.count })
    }

    /// The values and sketch buckets the sessions of a fleet of `sessions` pairs of 400 flaps
    /// each hold, once read, with the fleet's limit lowered to 600 values a latency.
    static func keptByFleet(_ sessions: Int) throws -> (held: Int, latencies: Int) {
        let (web, native) = try pair(400)
        let directory = try Fixtures.scratchDirectory()
        var paths: [String] = []
        for index in 0..<sessions {
            try FileManager.default.copyItem(atPath: web, toPath: directory + "/s\(index).jsonl")
            try FileManager.default.copyItem(atPath: native, toPath: directory + "/s\(index).native.jsonl")
            paths.append(directory + "/s\(index).jsonl")
        }
        let files = FleetStats.analyze(paths).files
        var held = 0, latencies = 0
        for session in FleetStats.analyzeSessions(paths, files: files, fleetLimit: 600) {
            guard case .read(let figures) = session.outcome else {
                Issue.record("\(session.web) was not read")
                continue
            }
            for latency in [figures.dropToPill, figures.edgeToClear, figures.edgeToPage] {
                held += latency.values.count + (latency.sketch?.bins.count ?? 0)
                latencies += latency.count
            }
        }
        return (held, latencies)
    }

    @Test("a fleet's sessions hold the limit's worth of values and a few buckets each, however many sessions it has")
    func fleetFlat() throws {
        let small = try Self.keptByFleet(4), large = try Self.keptByFleet(12)
        #expect(large.latencies == 3 * small.latencies && small.latencies > 4 * 360, "the sessions measure latencies: \(small.latencies)")
        // The first session's values (about 400 drops; the second passes 600), then at most 100
        // buckets a latency: the second session's values kept as well would be some 400 more,
        // and every value kept some 1,600 with 4 sessions.
        #expect(large.held - small.held <= 8 * 3 * 100, "held \(small.held) with 4 sessions, \(large.held) with 12")
        #expect(small.held < 400 + 3 * 100, "held \(small.held) with 4 sessions")
    }

    @Test("the latencies' values and buckets held are as many at 10·N records as at N")
    func flat() throws {
        let small = try Self.kept(300), large = try Self.kept(3_000)
        #expect(small.latencies > 270, "the pair measures latencies (\(small.latencies))")
        #expect(large.latencies > 9 * small.latencies)
        #expect(large.held <= small.held, "held \(small.held) at N, \(large.held) at 10·N")
        #expect(small.held < 200, "a few dozen buckets a latency (\(small.held))")
    }
}
