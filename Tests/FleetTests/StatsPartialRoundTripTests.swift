import OfflineBanner
import Testing
import TurboRecording

@testable import BannerFindings
@testable import Fleet
@testable import NativeFindings

/// `stats --partial` then `stats --merge`: what a partial writes of each log is what the merge
/// reads back, so a merged report is the report of one run.
@Suite("StatsPartial: encode, then merge")
struct StatsPartialRoundTripTests {
    static func web() -> WebLogSummary {
        var summary = RecordingSummary()
        summary.records = 13
        summary.skippedLines = 2
        summary.pills = PillTotals([
            PillEpisode(start: 1239.6, end: 5168.1, cause: .fetchRequestError), PillEpisode(start: 6000, end: 6000.001, cause: .offline),
            PillEpisode(start: 7000, end: 9000, cause: .offline, stillUp: true),
        ])
        summary.toasts = 1
        summary.silent = [SilentKey(reason: "server-response", status: 422): 2, SilentKey(reason: "success"): 1]
        summary.findings = [.onlineLied: 1, .stalePill: 1, .flapSuppressed: 4]
        summary.cut = LogCut(line: 16, t: 9000)
        return WebLogSummary(summary)
    }

    static func native() -> NativeLogSummary {
        var launch = LaunchSummary()
        launch.launches = 2
        launch.readyMs = [1840.5, 0]
        launch.throughError = 1
        var summary = NativeLogSummary(platform: .android)
        summary.launch = LaunchLogSummary(launch)
        summary.cut = 4
        return summary
    }

    static func merged(_ stats: FleetStats, settings: StatsPartial.Settings) throws -> (settings: StatsPartial.Settings?, files: [StatsFile]) {
        var lines: [String] = []
        StatsPartial.write(stats, settings: settings) { lines.append($0) }
        let path = try ScratchLogs().write("fleet.partial.jsonl", lines)
        var files: [StatsFile] = []
        let settings = try StatsPartial.read([path]) { file, _, _ in files.append(file) }
        return (settings, files)
    }

    @Test("a web log, a native log (both cut), a log not read and an empty file come back as they were, sorted by path")
    func roundTrip() throws {
        let files = [
            StatsFile(path: "/fleet/c.jsonl", outcome: .read(Self.web())),
            StatsFile(path: "/fleet/a.native.jsonl", outcome: .native(Self.native())),
            StatsFile(path: "/fleet/b.jsonl", outcome: .failed(RecordingError(.malformed, path: "/fleet/b.jsonl", line: 3, #"missing "t""#))),
            StatsFile(path: "/fleet/d.native.jsonl", outcome: .empty),
        ]
        let settings = StatsPartial.Settings(BannerSettings(debounce: 300.5), lenient: true)
        let merged = try Self.merged(FleetStats(files: files), settings: settings)
        #expect(merged.settings == settings)
        #expect(merged.files == files.sorted { $0.path < $1.path })
        #expect(FleetStats(files: merged.files).pillMs == FleetStats(files: files).pillMs)
    }

    @Test("an empty fleet: a header and a trailer, and nothing read back")
    func empty() throws {
        let merged = try Self.merged(FleetStats(files: []), settings: StatsPartial.Settings(BannerSettings(), lenient: false))
        #expect(merged.settings == StatsPartial.Settings(BannerSettings(), lenient: false))
        #expect(merged.files.isEmpty)
    }

    @Test("the header says what the numbers depend on, times exact; a variant only when there is one; then what it counted")
    func header() {
        var counted = JSONLine()
        PartialCounted.stats.write(into: &counted)
        let what = "," + counted.text.dropFirst()
        #expect(
            StatsPartial.header(StatsPartial.Settings(BannerSettings(), lenient: false))
                == #"{"format":"turbo-replay stats partial","version":7,"debounceMs":800.0,"flashMs":2000.0,"lenient":false"# + what)
        #expect(
            StatsPartial.header(StatsPartial.Settings(BannerSettings(debounce: 0.1, variants: [.recoverOnResponse]), lenient: true))
                == #"{"format":"turbo-replay stats partial","version":7,"debounceMs":0.1,"flashMs":2000.0,"lenient":true,"variant":"recover-on-response""#
                + what)
    }
}
