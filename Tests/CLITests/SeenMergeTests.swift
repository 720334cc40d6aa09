import Foundation
import Testing

@testable import TestSupport

/// A fleet whose pages wrote `seen` records, spread over partials: each web log's `seenFit`
/// rides on its line of the v3 partial, the merge folds it into the bounded totals with its
/// `banner-drift`, and the report says what one `stats` run over every log says: the
/// recordings with drift, the fitted timings, the `seen` object of the JSON.
@Suite("stats: what the pages showed, through partials and the merge")
struct SeenMergeTests {
    /// recordings/seen (three drift: one fits debounceMs 1500, one flashMs 1000, one nothing)
    /// and two chromium logs without `seen`.
    static let fleet = [
        "recordings/seen/conforms.jsonl", "recordings/seen/debounce-1500.jsonl", "recordings/seen/flash-1000.jsonl",
        "recordings/seen/forgets-toast.jsonl", "recordings/seen/one-task.jsonl", "recordings/seen/across-pagehide.jsonl",
        "recordings/chromium/flap-short.jsonl", "recordings/chromium/dead-upstream-frame.jsonl",
    ]

    @Test(
        "drift split over two partials: the merge, and a merge of merges, print one run's text, --all and JSON",
        arguments: [[String](), ["--all"], ["--format", "json"]])
    func mergedIsOneRun(_ options: [String]) throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Each partial holds a drifting log with a fit, and logs with and without seen.
        let groups = [
            [Self.fleet[1], Self.fleet[0], Self.fleet[6], Self.fleet[5]],
            [Self.fleet[2], Self.fleet[3], Self.fleet[4], Self.fleet[7]],
        ]
        let parts = try statsPartials(groups, in: directory)
        let one = try turboReplay(["stats"] + options + Self.fleet)
        #expect(one.status == 0, "\(one.stderr)")
        let merged = try turboReplay(["stats", "--merge"] + options + parts)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == one.stdout)
        if options == ["--format", "json"] {
            #expect(one.stdout.contains(#""seen":{"recordings":6,"drifted":3,"fits":{"debounceMs":{"1500":1},"flashMs":{"1000":1}}}"#), "\(one.stdout)")
        } else {
            #expect(one.stdout.contains("\nwhat the pages showed (seen): 6 recordings, 3 with banner-drift\n"), "\(one.stdout)")
            #expect(one.stdout.contains("\n  their banners behave like: debounceMs 1500 (1); flashMs 1000 (1)\n"), "\(one.stdout)")
            #expect(one.stdout.contains("\n  banner-drift      warning     3  "), "counted like the other banner findings: \(one.stdout)")
        }
        // A merge of merges: one branch merged with --partial, then merged with the other.
        let chained = try turboReplay(["stats", "--merge", "--partial", parts[0]])
        #expect(chained.status == 0, "\(chained.stderr)")
        let chainedPath = directory + "/chained.partial"
        try chained.stdout.write(toFile: chainedPath, atomically: false, encoding: .utf8)
        let twice = try turboReplay(["stats", "--merge"] + options + [chainedPath, parts[1]])
        #expect(twice.stdout == one.stdout)
    }

    @Test("a seen tolerance not the default rides in the header, through a merge of merges")
    func tolerance() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let config = directory + "/seen.config.json"
        try #"{"seenTimerMs": 300}"#.write(toFile: config, atomically: false, encoding: .utf8)
        let run = try turboReplay(["stats", "--partial", "--config", config, Self.fleet[2]])
        let part = directory + "/part.partial"
        try run.stdout.write(toFile: part, atomically: false, encoding: .utf8)
        let chained = try turboReplay(["stats", "--merge", "--partial", part])
        #expect(chained.stdout.hasPrefix(#"{"format":"turbo-replay stats partial","version":7,"#))
        #expect(chained.stdout.split(separator: "\n").first?.contains(#""seenTimerMs":300"#) == true, "\(chained.stdout)")
        let one = try turboReplay(["stats", "--config", config, Self.fleet[2]])
        let chainedPath = directory + "/chained.partial"
        try chained.stdout.write(toFile: chainedPath, atomically: false, encoding: .utf8)
        #expect(try turboReplay(["stats", "--merge", chainedPath]).stdout == one.stdout)
    }
}
