import Foundation
import Testing

@testable import PolicyRegistry
@testable import Replay
@testable import TestSupport

/// `stats --per-log FILE`: one row per log, in the report's order, CSV or JSON Lines by the
/// file's name, written whole or not at all. (scale/per-log/run loads it in DuckDB.)
@Suite("stats --per-log: one row per log")
struct StatsPerLogTests {
    static let fleet = "docs/examples/fleet"

    @Test("CSV: a header of identity, figures and every registered finding id; a row per log, in the report's order")
    func csv() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let rows = directory + "/rows.csv"
        let run = try turboReplay(["stats", "--per-log", rows, Self.fleet, "recordings/session/airplane.jsonl"])
        #expect(run.status == 0, "\(run.stderr)")
        // The report is stats' own, the rows beside it.
        #expect(run.stdout == (try turboReplay(["stats", Self.fleet, "recordings/session/airplane.jsonl"])).stdout)
        let lines = try String(contentsOfFile: rows, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",").map(String.init)
        #expect(header.suffix(PolicyDescription.findingIDs.count) == ArraySlice(PolicyDescription.findingIDs))
        #expect(header.contains("banner-drift") && header.contains("missed-retry") && header.contains("slow-recovery"))
        #expect(lines.count == 1 + 8)
        let paths = lines.dropFirst().map { String($0.prefix { $0 != "," }) }
        // The report's order: by real path (here, the order of the names given).
        #expect(paths == paths.sorted())
        let drifted = try #require(lines.first { $0.hasPrefix(Self.fleet + "/debounce-1500.jsonl,") })
        let cells = drifted.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        func cell(_ column: String) -> String { cells[header.firstIndex(of: column)!] }
        #expect(cell("kind") == "web")
        #expect(cell("app_version") == "2.3.1" && cell("app_build") == "231" && cell("session") == "tab-04")
        #expect(cell("platform") == "hand-written" && cell("day") == "2026-12-01")
        #expect(cell("seen") == "true" && cell("fitted_debounce_ms") == "1500.0" && cell("fitted_flash_ms") == "")
        #expect(cell("banner-drift") == "1" && cell("online-lied") == "0" && cell("missed-retry") == "0")
        // The app session read with its page: the app's log named, its latencies' medians.
        let airplane = try #require(lines.first { $0.hasPrefix("recordings/session/airplane.jsonl,") })
        let sessionCells = airplane.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        #expect(sessionCells[header.firstIndex(of: "session_native")!] == "recordings/session/airplane.native.jsonl")
        #expect(!sessionCells[header.firstIndex(of: "drop_to_pill_median_ms")!].isEmpty)
    }

    @Test("JSON Lines: each row an object of the same columns, null where a log has no such figure")
    func jsonLines() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let rows = directory + "/rows.jsonl"
        try "".write(toFile: directory + "/empty.jsonl", atomically: false, encoding: .utf8)
        let run = try turboReplay(["stats", "--per-log", rows, Self.fleet + "/conforms.jsonl", directory + "/empty.jsonl"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try String(contentsOfFile: rows, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        // In the report's order, by real path: where the scratch folder is decides which is first.
        let objects = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
            .sorted { ($0["kind"] as? String ?? "") > ($1["kind"] as? String ?? "") }
        #expect(objects[0]["kind"] as? String == "web" && objects[0]["app_version"] as? String == "2.3.0")
        #expect(objects[0]["error_views"] is NSNull && objects[0]["pill_episodes"] as? Int == 1)
        #expect(objects[1]["kind"] as? String == "empty" && objects[1]["banner-drift"] is NSNull)
        #expect(objects[0].count == 9 + 25 + PolicyDescription.findingIDs.count)
    }

    @Test("refused: another extension, with --merge, onto a log it reads; a file that cannot be written is 73, the old one kept")
    func refusals() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let text = try turboReplay(["stats", "--per-log", directory + "/rows.txt", Self.fleet])
        #expect(text.status == 64)
        #expect(text.stderr.contains("--per-log \(directory)/rows.txt: name it .csv (CSV) or .jsonl (JSON Lines)"))
        let merge = try turboReplay(["stats", "--merge", "--per-log", directory + "/rows.csv", directory + "/part"])
        #expect(merge.status == 64)
        #expect(merge.stderr.contains("a partial keeps no log's identity"))
        let log = directory + "/log.jsonl"
        try FileManager.default.copyItem(atPath: Self.fleet + "/conforms.jsonl", toPath: log)
        let over = try turboReplay(["stats", "--per-log", log, directory])
        #expect(over.status == 64, "\(over.stderr)")
        #expect(try String(contentsOfFile: log, encoding: .utf8).hasPrefix(#"{"type":"meta""#))
        let blocked = try turboReplay(["stats", "--per-log", log + "/rows.csv", Self.fleet])
        #expect(blocked.status == 73, "\(blocked.stderr)")
        #expect(blocked.stdout.isEmpty, "no report when its rows could not be written")
    }
}
