import Testing
import TurboRecording

@testable import Fleet
@testable import Reports
@testable import TestSupport

/// The launch lines of `stats`, read from the launch recordings through Fleet and printed by Reports.
@Suite("stats: the launch lines of the report")
struct LaunchStatsReportTests {
    @Test("the report: the launch lines with the logs to open, and the same in JSON")
    func report() throws {
        let stats = FleetStats.analyze(
            [
                launchRecordings + "/stall.jsonl", launchRecordings + "/contract-example.jsonl",
                launchRecordings + "/offseason-guest.jsonl",
            ], jobs: 1)
        let text = stats.text()
        #expect(text.contains("launches: 6 in 3 logs, 3 ready"))
        // The exact median is 6500 (of 1840.5, 6500, 14250): the sketch's is within 0.5% of it
        // (6470.836 is 0.45% under); p90 and max are the largest time, exact.
        #expect(text.contains("time to web, ms: median 6470.836, p90 14250, max 14250"))
        // contract-example's stall is due after its last record: not counted.
        #expect(text.contains { $0.hasPrefix("  stalled           1  ") && $0.hasSuffix("launch/stall.jsonl") })
        #expect(text.contains { $0.hasPrefix("  offseason         3  ") && $0.hasSuffix("launch/offseason-guest.jsonl (2)") })
        #expect(text.contains { $0.hasPrefix("  slowest              /") && $0.hasSuffix("launch/stall.jsonl (14250)") })
        #expect(text.contains { $0.hasPrefix("  error-behind-loading  warning     0") })
        let json = stats.json()
        #expect(json.contains(#""launch":{"launches":6,"ready":3,"timeToWebMs":{"median":6470.836,"p90":14250,"max":14250},"#))
        #expect(json.contains(#""throughError":{"count":1,"recordings":{"#))
    }

    @Test("native logs without a launch add no launch lines")
    func noLaunches() throws {
        // The error view's recordings, but for the one about a new process (it has launches).
        let logs = try RecordingFiles.find(in: [packageRoot + "/recordings/native"]).filter { !$0.hasSuffix("/process-death-android.jsonl") }
        #expect(logs.count > 20)
        let stats = FleetStats.analyze(logs, jobs: 1)
        #expect(stats.launches == 0)
        #expect(!stats.text().contains { $0.hasPrefix("launches:") })
    }
}
