import Replay
import Testing
import TurboRecording

@testable import NativeFindings
@testable import Reports
@testable import TestSupport

/// `session`'s launch findings wait on disk in sorted runs (`LaunchFindingSpool`), not in the
/// analyzer until the log's end: they come back as the analyzer lists them at the end.
@Suite("session: the launch's findings on disk")
struct LaunchFindingSpoolTests {
    @Test("the launch's findings past the budget go to disk in runs, and come back in explain's order")
    func launchRuns() throws {
        let spool = LaunchFindingSpool(rules: FindingRules(), budget: 1024)
        var analyzer = LaunchAnalyzer(keeping: .findings)
        let reader = try NativeRecordingReader(path: try temporaryRecording("runs.native.jsonl", stallingLaunches(200)))
        var all = LaunchAnalyzer(keeping: .findings)
        while let record = try reader.next() {
            analyzer.feed(record)
            all.feed(record)
            spool.add(analyzer.takeFindings(), ruled: false)
        }
        analyzer.finish()
        all.finish()
        spool.add(analyzer.takeFindings(), ruled: true)
        var lines: [String] = []
        spool.drain { lines.append($0) }
        #expect(spool.runsWritten > 1)
        #expect(spool.failure == nil)
        #expect(lines == all.findings.map(\.jsonLine))
        #expect(lines.count >= 400)
    }
}
