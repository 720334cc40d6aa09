import Fleet
import Foundation
import Reports
import Testing

@testable import TestSupport

/// `stats` over logs whose pages wrote `seen`: recordings with drift, and the fitted timings.
@Suite("stats: what the pages showed")
struct SeenStatsTests {
    @Test("recordings/seen: 7 with seen, 4 drifted; one page behaves like debounceMs 1500, one like flashMs 1000; the morph fits nothing")
    func seenFleet() throws {
        let paths = try Fixtures.recordingNames(in: Fixtures.recordings + "/seen").map { Fixtures.recordings + "/seen/\($0).jsonl" }
        let stats = FleetStats.analyze(paths, jobs: 2)
        #expect(stats.seenLogs == 7)
        #expect(stats.driftedLogs == 4)
        #expect(stats.fittedDebounces.map(\.ms) == [1500] && stats.fittedDebounces.map(\.logs) == [1])
        #expect(stats.fittedFlashes.map(\.ms) == [1000] && stats.fittedFlashes.map(\.logs) == [1])
        #expect(stats.text(listing: nil).contains("what the pages showed (seen): 7 recordings, 4 with banner-drift"))
        #expect(stats.json().contains(#""seen":{"recordings":7,"drifted":4,"fits":{"debounceMs":{"1500":1},"flashMs":{"1000":1}}}"#))
    }

    @Test("logs without seen: no seen line, no seen key")
    func noSeen() throws {
        let paths = try Fixtures.recordingNames(in: Fixtures.recordings + "/chromium").map { Fixtures.recordings + "/chromium/\($0).jsonl" }
        let stats = FleetStats.analyze(paths, jobs: 2)
        #expect(stats.summaries.count == paths.count)
        #expect(stats.seenLogs == 0)
        #expect(!stats.text(listing: nil).contains { $0.hasPrefix("what the pages showed") })
        #expect(!stats.json().contains(#""seen""#))
    }
}
