import Foundation
import Testing
import TurboRecording

@testable import Fleet
@testable import NativeFindings
@testable import TestSupport

@Suite("stats: the launch figures")
struct LaunchStatsTests {
    @Test("launches, times to web, stalls, launches through error and offseason: as the hand-written launch goldens say")
    func asTheGoldensSay() throws {
        // Field logs come without config files: stats replays with the defaults, so the recordings
        // whose goldens were replayed with NAME.config.json are left out.
        let paths = try RecordingFiles.find(in: [launchRecordings]).filter {
            !FileManager.default.fileExists(atPath: RecordingFiles.stem($0) + ".config.json")
        }
        let names = try launchRecordingNames()
        #expect(paths.count == names.count - 1)
        let stats = FleetStats.analyze(paths, jobs: 2)
        #expect(stats.natives.count == paths.count)

        // The same figures, counted from the goldens instead of the replay: a screen record with
        // cause launch begins a launch; an error or offseason screen counts once per launch.
        var launches = 0, ready: [Double] = [], stalls = 0, throughError: [String: Int] = [:], offseason: [String: Int] = [:]
        for path in paths {
            var sawError = false, sawOffseason = false
            // A stall due after the log's last record is not counted: the app could not log it.
            var end = -Double.infinity
            for line in try readJSONLineValues(path: path) {
                if case .object(let record) = line.value, case .number(let t)? = record["t"] { end = t }
            }
            for line in try readJSONLineValues(path: RecordingFiles.stem(path) + ".launch.expected.jsonl") {
                guard case .object(let record) = line.value else { continue }
                if case .string("launch")? = record["cause"] { launches += 1; sawError = false; sawOffseason = false }
                if case .string("error")? = record["screen"], !sawError { sawError = true; throughError[path, default: 0] += 1 }
                if case .string("offseason")? = record["screen"], !sawOffseason { sawOffseason = true; offseason[path, default: 0] += 1 }
                if case .string("ready")? = record["launch"], case .number(let ms)? = record["launchMs"] { ready.append(ms) }
                if case .string("stalled")? = record["launch"], case .number(let t)? = record["t"], t <= end { stalls += 1 }
            }
        }
        #expect(stats.launches == launches)
        #expect(stats.readyLaunches == ready.count)
        #expect(matchesWithinAccuracy(stats.timeToWeb, ready))
        #expect(stats.launchFigure { $0.stalls }.count == stalls)
        #expect(Dictionary(uniqueKeysWithValues: stats.launchFigure { $0.throughError }.recordings.map { ($0.path, $0.count) }) == throughError)
        #expect(Dictionary(uniqueKeysWithValues: stats.launchFigure { $0.offseason }.recordings.map { ($0.path, $0.count) }) == offseason)
    }

    @Test("time to web: median, p90 (nearest rank) within the sketch's accuracy, max exact; the slowest logs first")
    func distribution() throws {
        func log(_ path: String, _ readyMs: [Double]) -> StatsFile {
            var launch = LaunchSummary()
            launch.launches = readyMs.count
            launch.readyMs = readyMs
            var summary = NativeLogSummary(platform: .ios)
            summary.launch = LaunchLogSummary(launch)
            return StatsFile(path: path, outcome: .native(summary), warnings: [])
        }
        let stats = FleetStats(files: [log("a", [100, 300]), log("b", [200, 400, 500, 600, 700, 800, 900, 1000]), log("c", [])])
        let time = stats.timeToWeb
        // Ten launches: the lower middle is the fifth, 500.
        #expect(withinAccuracy(time?.median, of: 500))
        #expect(withinAccuracy(time?.p90, of: 900))
        #expect(time?.max == 1000)
        #expect(stats.slowestToWeb.map(\.path) == ["b", "a"])
        #expect(FleetStats(files: [log("c", [])]).timeToWeb == nil)
    }

    @Test("a partial carries a log's launch figures (times to web as sketch buckets), and a log without a launch writes none")
    func partial() throws {
        let file = LogFleet.file(launchRecordings + "/contract-example.jsonl", StatsReading())
        let line = StatsPartial.line(file)
        // 1840.5 ms is in bucket ⌈ln 1840.5 / ln γ⌉ = ⌈751.8⌉, 6500 ms in ⌈878.0⌉ (γ = 1.005/0.995).
        // Its stall is due at 80000, after its last record (70000): not counted.
        #expect(
            line.contains(
                #""launch":{"launches":3,"toWeb":{"zeros":0,"bins":[[752,1],[878,1]],"min":1840.5,"max":6500.0},"stalls":0,"throughError":1,"offseason":1}"#))
        guard case .object(let object)? = JSONValue(parsing: line) else {
            Issue.record("not a JSON object: \(line)")
            return
        }
        let decoded = try StatsPartial.decodeFile(object) { RecordingError(.malformed, path: "partial", line: 2, $0) }
        // A partial carries no log's identity (what its meta says: stats --by writes its group).
        var read = file
        if case .native(var summary) = read.outcome {
            #expect(summary.identity?.platform == "ios")
            summary.identity = nil
            read.outcome = .native(summary)
        }
        #expect(decoded == read)
        let quiet = LogFleet.file(packageRoot + "/recordings/native/server-503.jsonl", StatsReading())
        #expect(!StatsPartial.line(quiet).contains(#""launch""#))
    }
}
