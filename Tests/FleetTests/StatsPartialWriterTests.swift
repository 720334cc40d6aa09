import Foundation
import Testing

@testable import Fleet
@testable import TestSupport

/// `stats --partial` writes as it reads (issue #47, item 9), and its bytes are those of the
/// partial written from every log held: which session latencies are sketches depends on all
/// of the partial's sessions, so the lines from the first session on wait in a spool.
@Suite("stats --partial writes as it reads")
struct StatsPartialWriterTests {
    static let settings = StatsPartial.Settings(debounceMs: 800, flashMs: 2000, lenient: false)

    static func held(_ paths: [String], limit: Int) -> [String] {
        var stats = FleetStats.analyze(paths)
        stats.sessions = FleetStats.analyzeSessions(paths, files: stats.files)
        var lines: [String] = []
        StatsPartial.write(stats, settings: settings, limit: limit) { lines.append($0) }
        return lines
    }

    static func streamed(_ paths: [String], limit: Int, jobs: Int = 1) throws -> [String] {
        var lines: [String] = []
        var writer = try StatsPartial.Writer(settings: settings, limit: limit) { lines.append($0) }
        try FleetStats.analyzeInKeyOrder(FleetLogs.listing(paths), reading: StatsReading(), jobs: jobs) { try writer.add($0, session: $1) }
        try writer.finish()
        return lines
    }

    @Test(
        "the same bytes as the partial of every log held, with latencies sketched or not",
        arguments: [(0, 1), (2, 1), (5, 3), (LatencySample.exactLimit, 2)])
    func sameBytes(limit: Int, jobs: Int) throws {
        let paths = try StatsInKeyOrderTests.fleet()
        let streamed = try Self.streamed(paths, limit: limit, jobs: jobs)
        #expect(streamed == Self.held(paths, limit: limit))
        // The fleet's sessions hold a few values of each latency: under a limit of 0 or 2 some
        // are sketches, under the default none is.
        let sketched = streamed.contains { $0.contains("\"sketch\":") }
        #expect(sketched == (limit < 5))
    }

    @Test("a fleet without app sessions: a line per log, in key order, between header and trailer")
    func noSessions() throws {
        let paths = try StatsInKeyOrderTests.fleet().filter {
            !$0.contains("airplane") && !$0.contains("causes") && !$0.contains("example") && !$0.contains("broken")
        }
        let lines = try Self.streamed(paths, limit: 0)
        #expect(lines == Self.held(paths, limit: 0))
        #expect(lines.count == paths.count + 2 && !lines.contains { $0.contains("\"session\":") })
    }
}
