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
    // By the app's own log (shownMs), the same under both: iOS, each view to the app's retry
    // (3500.4 − 1000, 6600.3 − 4100, 9700.5 − 7200) and the last to its dismissal at 11000:
    // 2500.4 + 2500.3 + 2500.5 + 700 = 8201.2. Android, to each app-retry: 3500.5 − 1000,
    // 18500.4 − 4200, 33500.6 − 19300, 52400.3 − 34200: 2500.5 + 14300.4 + 14200.6 + 18200.3 =
    // 49201.8. Together 57403.
    @Test("whatif --variant probe-once: policyMs for v1 and the variant, shownMs beside, per log and in total")
    func whatIf() throws {
        let text = try turboReplay(["whatif", "--variant", "probe-once", Self.ios, Self.android])
        #expect(text.status == 0)
        let compared = "the same under both: the variants are compared by policyMs\n"
        #expect(
            text.stdout.contains(
                "automatic retries      3           1  -2\n  of them probe        3           1  -2\npolicyMs            8200        9400  +1200\n"
                    + "shownMs           8201.2  by the app's own log, " + compared))
        #expect(
            text.stdout.contains(
                "  of them probe        3           1  -2\npolicyMs           49200       50700  +1500\n"
                    + "shownMs           49201.8  by the app's own log, " + compared))
        #expect(text.stdout.hasSuffix("policyMs           57400       60100  +2700\nshownMs            57403  by the app's own log, " + compared))
        let jsonl = try turboReplay(["whatif", "--variant", "probe-once", "--format", "jsonl", Self.ios, Self.android])
        let lines = jsonl.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.filter { $0.hasSuffix(#""policyMs":{"v1":8200,"variant":9400},"shownMs":8201.2}"#) }.count == 1)
        #expect(lines.filter { $0.hasSuffix(#""policyMs":{"v1":49200,"variant":50700},"shownMs":49201.8}"#) }.count == 1)
        #expect(lines.last?.hasPrefix(#"{"type":"totals""#) == true)
        #expect(lines.last?.hasSuffix(#""policyMs":{"v1":57400,"variant":60100},"shownMs":57403}"#) == true)
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
        // The app-retry is on another surface: by the app's log too, the view is open to 9000.
        #expect(whatIf.stdout.contains(#""policyMs":{"v1":8000,"variant":8000},"shownMs":8000}"#))
        let stats = try turboReplay(["stats", path])
        #expect(
            stats.stdout.contains(
                "time on error views: 1 (1 open)\n  policyMs 8000 ms by the retry policy; median 8000, p90 8000, max 8000 ms\n"
                    + "  shownMs 8000 ms by the app's own log (1 open); median 8000, p90 8000, max 8000 ms\n"))
    }

    // stats, v1 over both logs: 8 views, none open, 8200 + 49200 = 57400 ms. Sorted: 700, 2500
    // ×4, 14200, 14300, 18200: median (the lower middle, the 4th) 2500, p90 (rank ⌈7.2⌉ = 8)
    // 18200, max 18200 — exact, as `session` gives them (at most 1,000 views are kept exactly).
    // By the app's log: 700, 2500.3, 2500.4, 2500.5, 2500.5, 14200.6, 14300.4, 18200.3: median
    // 2500.5, p90 18200.3, 57403 in all.
    @Test("stats: the time on error views of native logs, in text and JSON")
    func stats() throws {
        let text = try turboReplay(["stats", Self.ios, Self.android])
        #expect(text.status == 0)
        #expect(
            text.stdout.contains(
                "time on error views: 8 (0 open)\n  policyMs 57400 ms by the retry policy; median 2500, p90 18200, max 18200 ms\n"
                    + "  shownMs 57403 ms by the app's own log (0 open); median 2500.5, p90 18200.3, max 18200.3 ms\n"))
        let json = try turboReplay(["stats", "--format", "json", Self.ios, Self.android])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let native = try #require(report["native"] as? [String: Any])
        let time = try #require(native["errorViewTime"] as? [String: Any])
        #expect(time["count"] as? Int == 8 && time["open"] as? Int == 0 && time["policyMs"] as? Double == 57400)
        #expect(time["ms"] as? [String: Double] == ["median": 2500, "p90": 18200, "max": 18200])
        #expect(time["shownMs"] as? Double == 57403)
        let shown = try #require(time["shown"] as? [String: Any])
        #expect(shown["open"] as? Int == 0)
        #expect(shown["ms"] as? [String: Double] == ["median": 2500.5, "p90": 18200.3, "max": 18200.3])
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
        #expect(merged.stdout.contains("time on error views: 9 (1 open)\n  policyMs 65400 ms by the retry policy;"))
        #expect(merged.stdout.contains("  shownMs 65403 ms by the app's own log (1 open);"))
    }

    @Test("a partial's time on error views that no log can have is refused, naming its line")
    func refused() throws {
        let run = try turboReplay(["stats", "--partial", Self.ios])
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let refusals = [
            (#""open":0"#, #""open":5"#), (#""policyMs":8200.0"#, #""policyMs":100.0"#), (#""shownMs":8201.2"#, #""shownMs":100.0"#),
            // An exact value that is not the sketch's, and a view's values left out at 4 views.
            (#""values":[2500.0,2500.0,2500.0,700.0]"#, #""values":[2500.0,2500.0,2500.0,9000.0]"#),
            (#","shownValues":[2500.4,2500.3,2500.5,700.0]"#, ""),
        ]
        for (from, to) in refusals {
            #expect(run.stdout.contains(from))
            let path = directory + "/bad.jsonl"
            try run.stdout.replacingOccurrences(of: from, with: to).write(toFile: path, atomically: false, encoding: .utf8)
            let merged = try turboReplay(["stats", "--merge", path])
            #expect(merged.status == 65)
            #expect(merged.stderr.contains("bad.jsonl:2:"), "\(merged.stderr)")
            #expect(merged.stderr.contains("\"errorViewTime\" is not one log's"), "\(merged.stderr)")
        }
    }
}
