import Foundation
import Testing

@testable import TestSupport

/// Time on native error views (app-session.md v1.1, "Error views") in `whatif --variant
/// probe-once` and in `stats`, its partials and their merge. The expected figures are worked
/// out by hand from the recordings, view by view, in the comments.
@Suite("time on error views: whatif and stats")
struct ErrorViewTimeCommandTests {
    static let ios = "recordings/native/probe-loop-ios.jsonl"
    static let android = "recordings/native/probe-loop-android.jsonl"

    // iOS, v1: views at 1000, 4100, 7200 each end at the probe's retry 2500 ms later; the one at
    // 10300 at the dismissal at 11000: 3 × 2500 + 700 = 8200. probe-once: 1000–3500 (its one
    // probe), 4100–7200 and 7200–10300 (the app's next presented), 10300–11000: 9400.
    // Android, v1: 1000–3500, 4200–18500 (the cooldown's retry), 19300–33500, 34200–52400 (the
    // edge's retry): 2500 + 14300 + 14200 + 18200 = 49200. probe-once: 1000–3500, 4200–19300,
    // 19300–34200, 34200–52400: 2500 + 15100 + 14900 + 18200 = 50700.
    @Test("whatif --variant probe-once: errorViewMs for v1 and the variant, per log and in total")
    func whatIf() throws {
        let text = try turboReplay(["whatif", "--variant", "probe-once", Self.ios, Self.android])
        #expect(text.status == 0)
        #expect(
            text.stdout.contains(
                "automatic retries      3           1  -2\n  of them probe        3           1  -2\nerror views (ms)    8200        9400  +1200\n"))
        #expect(text.stdout.contains("  of them probe        3           1  -2\nerror views (ms)   49200       50700  +1500\n"))
        #expect(text.stdout.hasSuffix("error views (ms)   57400       60100  +2700\n"))
        let jsonl = try turboReplay(["whatif", "--variant", "probe-once", "--format", "jsonl", Self.ios, Self.android])
        let lines = jsonl.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.filter { $0.hasSuffix(#""errorViewMs":{"v1":8200,"variant":9400}}"#) }.count == 1)
        #expect(lines.filter { $0.hasSuffix(#""errorViewMs":{"v1":49200,"variant":50700}}"#) }.count == 1)
        #expect(lines.last?.hasPrefix(#"{"type":"totals""#) == true)
        #expect(lines.last?.hasSuffix(#""errorViewMs":{"v1":57400,"variant":60100}}"#) == true)
    }

    /// A server view never retries by itself: it is open to the log's end, the `app-retry`
    /// line at 9000 (a record the policy does not read still ends the log).
    static let openView =
        [
            #"{"type":"meta","version":1,"recording":"native","platform":"ios"}"#,
            #"{"t":0,"type":"path","online":true}"#,
            #"{"t":1000,"type":"presented","surface":"modal","error":{"kind":"http","status":503}}"#,
            #"{"t":9000,"type":"app-retry","surface":"tab:home","kind":"manual"}"#,
        ].joined(separator: "\n") + "\n"

    @Test("a view still up at the end is open, counted to the log's last record")
    func openToTheEnd() throws {
        let path = try Fixtures.file(Self.openView, name: "open-view.jsonl")
        let whatIf = try turboReplay(["whatif", "--variant", "probe-once", "--format", "jsonl", path])
        #expect(whatIf.stdout.contains(#""errorViewMs":{"v1":8000,"variant":8000}}"#))
        let stats = try turboReplay(["stats", path])
        #expect(stats.stdout.contains("time on error views: 1 (1 open), 8000 ms in all; median 8000, p90 8000, max 8000 ms\n"))
    }

    // stats, v1 over both logs: 8 views, none open, 8200 + 49200 = 57400 ms. Sorted: 700, 2500
    // ×4, 14200, 14300, 18200: median (the mean of the middle two) 2500, p90 (rank ⌈7.2⌉ = 8)
    // 18200, max 18200 — the median and p90 read from the sketch, within 0.5%.
    @Test("stats: the time on error views of native logs, in text and JSON")
    func stats() throws {
        let text = try turboReplay(["stats", Self.ios, Self.android])
        #expect(text.status == 0)
        #expect(text.stdout.contains("time on error views: 8 (0 open), 57400 ms in all; median 2502.518, p90 18125.394, max 18200 ms\n"))
        let json = try turboReplay(["stats", "--format", "json", Self.ios, Self.android])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let native = try #require(report["native"] as? [String: Any])
        let time = try #require(native["errorViewTime"] as? [String: Any])
        #expect(time["count"] as? Int == 8 && time["open"] as? Int == 0 && time["totalMs"] as? Double == 57400)
        let ms = try #require(time["ms"] as? [String: Double])
        #expect(ms["max"] == 18200)
        #expect(abs(ms["median"]! - 2500) <= 2500 * 0.005)
        #expect(abs(ms["p90"]! - 18200) <= 18200 * 0.005)
    }

    @Test("a partial per log, merged, prints what one stats prints, time on error views included")
    func merge() throws {
        let open = try Fixtures.file(Self.openView, name: "open-view.jsonl")
        let logs = [Self.ios, Self.android, open]
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var partials: [String] = []
        for (index, log) in logs.enumerated() {
            let run = try turboReplay(["stats", "--partial", log])
            #expect(run.status == 0)
            #expect(run.stdout.contains(#""errorViewTime":{"open":"#))
            let path = directory + "/part-\(index).jsonl"
            try run.stdout.write(toFile: path, atomically: false, encoding: .utf8)
            partials.append(path)
        }
        for format in [[], ["--format", "json"]] {
            let whole = try turboReplay(["stats"] + format + logs)
            let merged = try turboReplay(["stats", "--merge"] + format + partials)
            #expect(merged.status == 0, "\(merged.stderr)")
            #expect(merged.stdout == whole.stdout)
        }
        let merged = try turboReplay(["stats", "--merge"] + partials)
        #expect(merged.stdout.contains("time on error views: 9 (1 open), 65400 ms in all;"))
    }

    @Test("a partial's time on error views that no log can have is refused, naming its line")
    func refused() throws {
        let run = try turboReplay(["stats", "--partial", Self.ios])
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (from, to) in [(#""open":0"#, #""open":5"#), (#""totalMs":8200.0"#, #""totalMs":100.0"#)] {
            let path = directory + "/bad.jsonl"
            try run.stdout.replacingOccurrences(of: from, with: to).write(toFile: path, atomically: false, encoding: .utf8)
            let merged = try turboReplay(["stats", "--merge", path])
            #expect(merged.status == 65)
            #expect(merged.stderr.contains("bad.jsonl:2:"), "\(merged.stderr)")
            #expect(merged.stderr.contains("\"errorViewTime\" is not one log's"), "\(merged.stderr)")
        }
    }
}
