import Foundation
import Testing

@testable import TestSupport

/// A cut log in a fleet spread over partials: the cut line rides on the log's line of its v3
/// partial, the merge folds it into the bounded totals, and the report says what one `stats`
/// run over every log says: `of which C cut`, the `cut (log-cut, …)` listing, the JSON's `cut`.
@Suite("stats: cut logs through partials and the merge")
struct CutLogMergeTests {
    /// A fleet in a scratch directory: each recording copied under `name`, half a record and no
    /// line end appended when `cut` gives one.
    static func fleet(_ logs: [(recording: String, name: String, cut: String?)]) throws -> (paths: [String], directory: String) {
        let directory = try Fixtures.scratchDirectory()
        var paths: [String] = []
        for log in logs {
            let text = try String(contentsOfFile: log.recording, encoding: .utf8) + (log.cut ?? "")
            let path = directory + "/" + log.name
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            paths.append(path)
        }
        return (paths, directory)
    }

    static let mixed: [(recording: String, name: String, cut: String?)] = [
        ("recordings/chromium/flap-short.jsonl", "a-web-cut.jsonl", #"{"t":9000,"type":"onl"#),
        ("recordings/native/server-503.jsonl", "b-native-cut.jsonl", #"{"t":30000,"type":"pa"#),
        ("recordings/chromium/dead-upstream-frame.jsonl", "c-web.jsonl", nil),
        ("recordings/native/codes-ios.jsonl", "d-native.jsonl", nil),
    ]

    @Test(
        "two partials merged print what one run prints, cut logs and all: text, --all and JSON",
        arguments: [[String](), ["--all"], ["--format", "json"]])
    func mergedIsOneRun(_ options: [String]) throws {
        let (paths, directory) = try Self.fleet(Self.mixed)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Each partial holds one cut log: the merge must add their cuts up.
        let parts = try statsPartials([[paths[0], paths[3]], [paths[1], paths[2]]], in: directory)
        let one = try turboReplay(["stats"] + options + paths)
        let merged = try turboReplay(["stats", "--merge"] + options + parts)
        #expect(merged.stdout == one.stdout)
        #expect(merged.status == one.status)
        if options.isEmpty {
            #expect(one.stdout.hasPrefix("logs: 4 read (2 web, 2 native), of which 2 cut, 0 malformed, 0 unreadable\n"))
            #expect(one.stdout.contains("cut (log-cut, info: read up to their last whole line):\n  \(paths[0]):11\n  \(paths[1]):12\n"))
        }
        if options == ["--format", "json"] {
            #expect(one.stdout.contains(#""cut":{"\#(paths[0])":11,"\#(paths[1])":12}"#), "\(one.stdout)")
        }
        // A merge of merges too.
        let chained = try turboReplay(["stats", "--merge", "--partial"] + parts)
        let chainedPath = directory + "/chained.partial"
        try chained.stdout.write(toFile: chainedPath, atomically: false, encoding: .utf8)
        #expect(try turboReplay(["stats", "--merge"] + options + [chainedPath]).stdout == one.stdout)
    }

    @Test("native logs only, one cut: the merge keeps the native-only first line and has no web block, as one run")
    func nativeOnly() throws {
        let (paths, directory) = try Self.fleet(Array(Self.mixed.filter { $0.recording.contains("/native/") }))
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let parts = try statsPartials([[paths[0]], [paths[1]]], in: directory)
        let one = try turboReplay(["stats"] + paths)
        let merged = try turboReplay(["stats", "--merge"] + parts)
        #expect(merged.stdout == one.stdout)
        #expect(one.stdout.hasPrefix("logs: 2 read (2 native), of which 1 cut, 0 malformed, 0 unreadable\n"), "\(one.stdout)")
        #expect(!one.stdout.contains("pill episodes"))
    }
}
