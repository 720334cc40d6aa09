import Foundation
import Goldens
import OfflineBanner
import PolicyCore
import Replay
import Testing
import TurboRecording

@testable import BannerFindings
@testable import Fleet
@testable import NativeFindings
@testable import Pictures
@testable import Reports
@testable import TestSupport
@testable import VariantAnalysis

@Suite struct StatsTests {
    private func allRecordings() throws -> [String] {
        try RecordingFiles.find(in: [packageRoot + "/recordings"])
    }

    @Test func sameReportWithOneJobOrTwo() throws {
        let paths = try allRecordings()
        #expect(paths.count >= 17)
        let one = FleetStats.analyze(paths, jobs: 1)
        let two = FleetStats.analyze(paths, jobs: 2)
        let many = FleetStats.analyze(paths, jobs: 8)
        #expect(one == two)
        #expect(one.text(listing: nil) == two.text(listing: nil))
        #expect(one.json() == two.json())
        #expect(one.json() == many.json())
    }

    @Test func everyFindingShownByTheRecordingsFolder() throws {
        let stats = FleetStats.analyze(try allRecordings(), jobs: 2)
        #expect(stats.failures.isEmpty)
        for entry in stats.findings {
            #expect(entry.count > 0, "\(entry.kind.id)")
            #expect(entry.recordings.contains { $0.path.contains("/findings/\(entry.kind.id).jsonl") }, "\(entry.kind.id)")
            #expect(!entry.recordings.contains { $0.path.hasSuffix("\(entry.kind.id)-absent.jsonl") }, "\(entry.kind.id)")
        }
        let stale = try #require(stats.findings.first { $0.kind == .stalePill })
        #expect(stale.recordings.map(\.path).contains { $0.hasSuffix("chromium/dead-upstream-frame.jsonl") })
    }

    @Test func aMalformedFileIsReportedWithItsLineAndTheRestAreRead() throws {
        let files = try TemporaryRecordings()
        let good = try files.write(
            "a-good.jsonl",
            try String(contentsOfFile: recording("chromium/dead-upstream-frame"), encoding: .utf8)
                .split(separator: "\n").map(String.init))
        let bad = try files.write(
            "b-bad.jsonl",
            [
                #"{"t":1,"type":"connect"}"#,
                #"{"t":2,"type":"offline"}"#,
                #"{"t":3,"type":"offline""#,
            ])
        let alsoGood = try files.write("c-flap.jsonl", [#"{"t":1,"type":"offline"}"#, #"{"t":2,"type":"online"}"#])
        let stats = FleetStats.analyze([good, bad, alsoGood, files.directory + "/missing.jsonl"], jobs: 2)
        #expect(stats.summaries.map(\.path) == [good, alsoGood])
        #expect(stats.malformed == 1)
        #expect(stats.unreadable == 1)
        let failure = try #require(stats.failures.first)
        #expect(failure.path == bad)
        #expect(failure.line == 3)
        let text = stats.text()
        #expect(text.first == "logs: 2 read, 1 malformed, 1 unreadable")
        #expect(text.contains { $0.hasPrefix("  \(bad):3: ") })
        #expect(stats.findings.first { $0.kind == .flapSuppressed }?.recordings.map(\.path) == [alsoGood])

        // Lenient: the malformed line is skipped and the file counts.
        let lenient = FleetStats.analyze([bad], lenient: true, jobs: 1)
        #expect(lenient.summaries.count == 1)
        #expect(lenient.skippedLines == 1)
        #expect(lenient.files.first?.warnings.first?.line == 3)
    }

    @Test func aPillEpisodeEndedByPagehideCountsUntilThePagehide() throws {
        let files = try TemporaryRecordings()
        let unloaded = try files.write(
            "unloaded.jsonl",
            [
                #"{"t":0,"type":"connect","online":true}"#,
                #"{"t":100,"type":"turbo:fetch-request-error","target":"html"}"#,
                #"{"t":400,"type":"pagehide"}"#,
                #"{"t":5000,"type":"connect","online":true}"#,
                #"{"t":9000,"type":"turbo:load"}"#,
            ])
        let stats = FleetStats.analyze([unloaded], jobs: 1)
        #expect(stats.pillEpisodes == 1)
        #expect(stats.pillsByCause.map(\.cause) == [.fetchRequestError])
        #expect(stats.pillMs == 300)
        #expect(stats.text().contains("pill up by cause, ms: fetch-request-error 300"))
    }

    @Test func nativeLogsAreSummarisedAsTheirGoldensSay() throws {
        let paths = try RecordingFiles.find(in: [packageRoot + "/recordings/native"])
        let stats = FleetStats.analyze(paths, jobs: 2)
        #expect(stats.natives.count == paths.count)
        #expect(stats.summaries.isEmpty)
        // The same figures, counted from the hand-written goldens instead of the replay.
        var views: [String: Int] = [:], triggers: [String: Int] = [:], manual = 0, deferred = 0
        for path in paths {
            for line in try readJSONLineValues(path: GoldenCase(recording: path).golden) {
                guard case .object(let record) = line.value else { continue }
                if case .string(let view)? = record["view"] { views[view, default: 0] += 1 }
                if case .string("manual")? = record["retry"] { manual += 1 }
                if case .string(let trigger)? = record["trigger"] { triggers[trigger, default: 0] += 1 }
                if record["deferred"] != nil { deferred += 1 }
            }
        }
        #expect(Dictionary(uniqueKeysWithValues: stats.errorViews.map { ($0.variant.rawValue, $0.count) }) == views)
        #expect(Dictionary(uniqueKeysWithValues: stats.automaticRetries.map { ($0.trigger.rawValue, $0.count) }) == triggers)
        #expect(stats.manualRetries == manual)
        #expect(stats.deferredRetries == deferred)
        let text = stats.text()
        // Native logs only: no web block.
        #expect(text.first == "logs: \(paths.count) read (\(paths.count) native), 0 malformed, 0 unreadable")
        #expect(text.dropFirst().first?.hasPrefix("native logs: ") == true)
        let missed = try #require(stats.nativeFindings.first { $0.id == "missed-retry" })
        #expect(missed.recordings.map(\.path).contains { $0.hasSuffix("native/exit-tunnel-double-fail.jsonl") })
        #expect(!stats.nativeFindings.flatMap(\.recordings).contains { $0.path.hasSuffix("native/contract-example.jsonl") })
    }
}

/// `stats` reads recordings without what only describes a record and analyzes them without
/// explaining each step: the summary must be the one `explain`'s full read makes.
@Suite("stats: the lean read")
struct StatsLeanReadTests {
    /// Under v1 and under a variant that acts on responses: the lean analyzer lets a response
    /// pass without asking the banner (and counts it for a pill up) unless a variant may act on it.
    @Test(
        "every web recording bundled and generated: the same summary as explain's full read",
        arguments: [BannerSettings(), BannerSettings(variants: [.recoverOnResponse])])
    func sameSummaryAsExplain(settings: BannerSettings) throws {
        let directory = NSTemporaryDirectory() + "lean-read-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var paths = try RecordingFiles.find(in: [packageRoot + "/recordings"]).filter { !(try isNativeRecording(path: $0)) }
        for seed in UInt64(100)..<160 {
            var generator = RecordingGenerator(seed: seed)
            let path = directory + "/g\(seed).jsonl"
            try generator.recording(records: 400).joined(separator: "\n").appending("\n").write(toFile: path, atomically: false, encoding: .utf8)
            paths.append(path)
        }
        for path in paths {
            let full = try BannerRecording.analyze(path: path, settings: settings).summary
            var lean = LogFleet.file(path, StatsReading(settings: settings))
            // What its meta says of it is no figure of the replay (LogIdentityTests, StatsByTests).
            if case .read(var summary) = lean.outcome {
                #expect(summary.identity != nil, "\(path)")
                summary.identity = nil
                lean.outcome = .read(summary)
            }
            #expect(lean.outcome == .read(WebLogSummary(full)), "\(path)")
        }
    }
}
