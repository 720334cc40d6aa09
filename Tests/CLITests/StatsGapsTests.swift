import Foundation
import Testing

@testable import TestSupport

/// `stats` counts and lists a collector's folder's holes (`log-gap`) as it does cut logs
/// (`log-cut`): in the report's first line, a listing of the logs with their missing ranges,
/// the JSON report, partials and merges, and each log's `log-gap` column in `--per-log`. A
/// gap, like a cut, leaves the status to the logs that could not be read.
@Suite("stats counts and lists log-gap")
struct StatsGapsTests {
    /// A fleet of a page's batches missing seq 5-6 and an app's parts missing parts 1 and 3 of 4,
    /// beside a whole recording.
    private func fleet() throws -> (root: String, web: String, native: String, whole: String) {
        let root = try Fixtures.scratchDirectory()
        let web = try CollectorFixtures.lines(CollectorFolderTests.web)
        let native = try CollectorFixtures.lines(CollectorFolderTests.native)
        let webFolder = try CollectorFixtures.web(root + "/fleet", id: "tab-2", [(1, Array(web[0..<4])), (7, Array(web[6...]))])
        let nativeFolder = try CollectorFixtures.native(root + "/fleet", id: "log-b", [Array(native[0..<3]), nil, Array(native[5...]), nil])
        let whole = root + "/fleet/whole.jsonl"
        try FileManager.default.copyItem(atPath: Fixtures.root.path + "/recordings/chromium/flap-short.jsonl", toPath: whole)
        return (root, webFolder, nativeFolder, whole)
    }

    @Test("the text report counts the logs with gaps and lists each with its missing ranges; the status stays 0")
    func text() throws {
        let logs = try fleet()
        let run = try turboReplay(["stats", logs.root + "/fleet"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "logs: 3 read (2 web, 1 native), of which 2 with gaps, 0 malformed, 0 unreadable")
        let head = try #require(lines.firstIndex { $0.hasPrefix("gaps (") })
        #expect(
            Array(lines[head...].prefix(3)) == [
                "gaps (log-gap, warning: 3 missing from the collector's folders; what is on either side was read):",
                "  \(logs.native): part 1 of 4, part 3 of 4",
                "  \(logs.web): seq 5-6",
            ])
        // A fleet without a collector's folder says nothing of gaps.
        let whole = try turboReplay(["stats", logs.whole])
        #expect(!whole.stdout.contains("gap"))
        #expect(!(try turboReplay(["stats", "--format", "json", logs.whole])).stdout.contains("\"gaps\""))
    }

    @Test("the JSON report gives the logs with gaps, their count, and each log's ranges, after the cut logs")
    func json() throws {
        let logs = try fleet()
        let run = try turboReplay(["stats", "--format", "json", logs.root + "/fleet"])
        #expect(run.status == 0)
        let gaps =
            #""cut":{},"gaps":{"logs":2,"count":3,"ranges":{"\#(logs.native)":["part 1 of 4","part 3 of 4"],"\#(logs.web)":["seq 5-6"]}},"skippedLines":0,"#
        #expect(run.stdout.contains(gaps), "\(run.stdout)")
    }

    @Test("partials of each log merge to the report of one run, text and JSON; the chained merge too")
    func partialAndMerge() throws {
        let logs = try fleet()
        let directory = try Fixtures.scratchDirectory()
        let partials = try statsPartials([[logs.web], [logs.native, logs.whole]], in: directory)
        #expect(try String(contentsOfFile: partials[0], encoding: .utf8).contains(#""gaps":["seq 5-6"]"#))
        #expect(try String(contentsOfFile: partials[1], encoding: .utf8).contains(#""gaps":["part 1 of 4","part 3 of 4"]"#))
        let chained = try turboReplay(["stats", "--merge", "--partial"] + partials)
        #expect(chained.status == 0, "\(chained.stderr)")
        let chainedPath = directory + "/chained.partial"
        try chained.stdout.write(toFile: chainedPath, atomically: false, encoding: .utf8)
        for format in [["--format", "text"], ["--format", "json"]] {
            let one = try turboReplay(["stats"] + format + [logs.root + "/fleet"])
            let merged = try turboReplay(["stats", "--merge"] + format + partials.reversed())
            #expect(merged.status == one.status)
            #expect(merged.stdout == one.stdout, "\(format)")
            #expect(try turboReplay(["stats", "--merge"] + format + [chainedPath]).stdout == one.stdout, "\(format)")
        }
    }

    @Test("a partial made before the gaps were counted is refused by a merge, naming the figure")
    func partialWithoutGaps() throws {
        let logs = try fleet()
        let directory = try Fixtures.scratchDirectory()
        let old = directory + "/old.partial"
        var lines = try turboReplay(["stats", "--partial", logs.whole]).stdout.split(separator: "\n").map(String.init)
        #expect(lines[0].contains(#""web.gaps","#))
        lines[0] = lines[0].replacingOccurrences(of: #""web.gaps","#, with: "")
        try lines.map { $0 + "\n" }.joined().write(toFile: old, atomically: false, encoding: .utf8)
        let merged = try turboReplay(["stats", "--merge", old])
        #expect(merged.status == 65)
        #expect(merged.stderr.contains("\(old):1: counted other findings or figures than this turbo-replay does: this turbo-replay counts web.gaps"))
    }

    @Test("a partial's log with gaps written empty is refused: none is written by leaving them out")
    func emptyGaps() throws {
        let logs = try fleet()
        let directory = try Fixtures.scratchDirectory()
        let partial = directory + "/p.partial"
        let text = try turboReplay(["stats", "--partial", logs.web]).stdout.replacingOccurrences(of: #""gaps":["seq 5-6"]"#, with: #""gaps":[]"#)
        try text.write(toFile: partial, atomically: false, encoding: .utf8)
        let merged = try turboReplay(["stats", "--merge", partial])
        #expect(merged.status == 65)
        #expect(merged.stderr.contains("\(partial):2:"), "\(merged.stderr)")
        #expect(merged.stderr.contains(#"leaves "gaps" out"#), "\(merged.stderr)")
    }

    @Test("--per-log: the log-gap column counts each log's missing ranges, 0 for a whole log")
    func perLog() throws {
        let logs = try fleet()
        let rows = logs.root + "/rows.jsonl"
        let run = try turboReplay(["stats", "--per-log", rows, logs.root + "/fleet"])
        #expect(run.status == 0, "\(run.stderr)")
        let table = try String(contentsOfFile: rows, encoding: .utf8).split(separator: "\n")
        func row(_ path: String) throws -> Substring { try #require(table.first { $0.hasPrefix(#"{"path":"\#(path)""#) }) }
        #expect(try row(logs.native).contains(#""log-gap":2"#))
        #expect(try row(logs.web).contains(#""log-gap":1"#))
        #expect(try row(logs.whole).contains(#""log-gap":0"#))
    }
}
