import Foundation
import OfflineBanner
import Testing
import TurboRecording

@testable import BannerFindings
@testable import Fleet
@testable import Reports

/// `stats`' report from fleets made by hand: the lines docs/field-reports.md shows for a web
/// fleet, with a finding's logs listed most occurrences first and capped, and the edges.
@Suite("StatsReport")
struct StatsReportTests {
    static func web(_ path: String, findings: [BannerFinding.Kind: Int], silent: [SilentKey: Int] = [:], toasts: Int = 0) -> StatsFile {
        var summary = WebLogSummary()
        summary.findings = findings
        summary.silent = silent
        summary.toasts = toasts
        return StatsFile(path: path, outcome: .read(summary))
    }

    /// A finding's line of `stats`' text as docs/field-reports.md shows it: its id in a column as
    /// wide as the longest id, its level, its count right-aligned, then its logs.
    static func row(_ kind: BannerFindingKind, _ count: Int, _ logs: String = "") -> String {
        let width = BannerFindingKind.allCases.map(\.id.count).max()!
        let id = kind.id.padding(toLength: width + 2, withPad: " ", startingAt: 0)
        let level = kind.level.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
        let figure = String(count)
        return "  " + id + level + String(repeating: " ", count: 6 - figure.count) + figure + (logs.isEmpty ? "" : "  " + logs)
    }

    /// Every banner finding's line, in the registry's order: those of `found` as given, the
    /// others at 0. `stats` lists them all, so a new finding is a line here with no list to edit.
    static func rows(_ found: [BannerFindingKind: String] = [:]) -> [String] {
        BannerFindingKind.allCases.map { found[$0] ?? row($0, 0) }
    }

    @Test("no log: every figure 0, no pill line, every finding listed at 0")
    func empty() {
        #expect(
            FleetStats(files: []).text() == [
                "logs: 0 read, 0 malformed, 0 unreadable", "pill episodes: 0", "toasts: 0", "silent submissions: none", "findings: warning 0, info 0",
            ] + Self.rows())
    }

    @Test("the docs' finding rows: each log with its count when more than one, most occurrences first; silent submissions sorted")
    func findingRows() {
        let stats = FleetStats(files: [
            Self.web("recordings/chromium/dead-upstream-frame.jsonl", findings: [.onlineLied: 1, .stalePill: 1], silent: [SilentKey(reason: "success"): 1]),
            Self.web(
                "recordings/chromium/flap-short.jsonl", findings: [.flapSuppressed: 3], silent: [SilentKey(reason: "server-response", status: 422): 1],
                toasts: 1),
        ])
        #expect(
            stats.text() == [
                "logs: 2 read, 0 malformed, 0 unreadable", "pill episodes: 0", "toasts: 1", "silent submissions: server-response 422 1, success 1",
                "findings: warning 2, info 3",
            ]
                + Self.rows([
                    .onlineLied: Self.row(.onlineLied, 1, "recordings/chromium/dead-upstream-frame.jsonl"),
                    .stalePill: Self.row(.stalePill, 1, "recordings/chromium/dead-upstream-frame.jsonl"),
                    .flapSuppressed: Self.row(.flapSuppressed, 3, "recordings/chromium/flap-short.jsonl (3)"),
                ]))
        // The row's layout, held to docs/field-reports.md's words once: the rest follow from it.
        #expect(Self.row(.onlineLied, 1, "x.jsonl") == "  online-lied       warning     1  x.jsonl")
        #expect(Self.row(.flapSuppressed, 3) == "  flap-suppressed   info        3")
    }

    @Test("logs past the listing are counted on a last line; nil lists every one")
    func listing() {
        var recordings = KeptLogs<Int>()
        for index in 1...12 { recordings.add("log\(index).jsonl", 13 - index) }
        let rows = StatsTotals.findingRows("stale-pill", 78, recordings, width: 10, listing: 10, level: .warning)
        #expect(rows.count == 11)
        #expect(rows[0] == "  stale-pill  warning    78  log1.jsonl (12)")
        #expect(rows[9] == "                             log10.jsonl (3)")
        #expect(rows[10] == "                             … and 2 more (--all lists every one)")
        #expect(StatsTotals.findingRows("x", 78, recordings, width: 1, listing: nil).count == 12)
        #expect(StatsTotals.findingRows("stalled", 0, KeptLogs<Int>(), width: 7, listing: 10) == ["  stalled     0"])
    }

    @Test("a log not read is counted and listed terminal-safe; a malformed line skipped under --lenient is said")
    func failures() {
        var lenient = WebLogSummary()
        lenient.skippedLines = 2
        let stats = FleetStats(files: [
            StatsFile(path: "a.jsonl", outcome: .read(lenient)),
            StatsFile(path: "b\n.jsonl", outcome: .failed(RecordingError(.malformed, path: "b\n.jsonl", line: 3, "bad"))),
        ])
        let text = stats.text()
        #expect(Array(text.prefix(2)) == ["logs: 1 read, 1 malformed, 0 unreadable", "malformed lines skipped (--lenient): 2"])
        #expect(Array(text.suffix(2)) == ["not read:", #"  b\u{A}.jsonl:3: bad"#])
    }

    @Test("the JSON: the web figures first, a finding with its level, count and logs; a failure with its line")
    func json() {
        let stats = FleetStats(files: [
            Self.web("a.jsonl", findings: [.flapSuppressed: 3], silent: [SilentKey(reason: "server-response", status: 422): 1]),
            StatsFile(path: "b.jsonl", outcome: .failed(RecordingError(.unreadable, path: "b.jsonl", line: nil, "gone"))),
        ])
        let json = stats.json()
        #expect(
            json.hasPrefix(
                #"{"sessions":1,"malformed":0,"unreadable":1,"cut":{},"skippedLines":0,"pill":{"episodes":0,"byCause":{}},"toasts":0,"silent":[{"reason":"server-response","status":422,"count":1}],"findings":{"online-lied":{"level":"warning","count":0,"recordings":{}},"stale-pill":{"level":"warning","count":0,"recordings":{}},"flap-suppressed":{"level":"info","count":3,"recordings":{"a.jsonl":3}},"#
            ))
        #expect(json.contains(#""levels":{"warning":0,"info":3},"native":{"sessions":0,"#))
        #expect(json.hasSuffix(#""failures":[{"path":"b.jsonl","kind":"unreadable","message":"gone"}]}"#))
    }

    @Test("cut logs are listed by path with their cut line, web and native alike; past 1,000 the rest are counted")
    func cuts() {
        func cut(_ path: String, _ line: Int) -> StatsFile {
            var summary = WebLogSummary()
            summary.cut = line
            return StatsFile(path: path, outcome: .read(summary))
        }
        var native = NativeLogSummary(platform: .ios)
        native.cut = 7
        let few = FleetStats(files: [cut("b.jsonl", 4), StatsFile(path: "a.jsonl", outcome: .native(native))])
        #expect(few.text().first == "logs: 2 read (1 web, 1 native), of which 2 cut, 0 malformed, 0 unreadable")
        #expect(Array(few.text().suffix(3)) == ["cut (log-cut, info: read up to their last whole line):", "  a.jsonl:7", "  b.jsonl:4"])
        #expect(few.json().contains(#""cut":{"a.jsonl":7,"b.jsonl":4}"#))
        let many = FleetStats(files: (0..<1002).map { cut("log\(11001 - $0).jsonl", 3) })
        let text = many.text()
        #expect(text.first == "logs: 1002 read, of which 1002 cut, 0 malformed, 0 unreadable")
        #expect(text.suffix(1001).first == "  log10000.jsonl:3")
        #expect(text.suffix(2) == ["  log10999.jsonl:3", "  … and 2 more (a report keeps the first 1000 by path)"])
        #expect(many.json().contains(#""log10999.jsonl":3},"skippedLines""#))
    }
}
