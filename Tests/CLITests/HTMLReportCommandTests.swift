import Foundation
import Testing
import TurboRecording

@testable import TestSupport

/// `session --html` and `render --html`, end to end in process: the page's rows against the
/// command's own JSON Lines, each row's line against the log, the page's policy. What the page
/// does in a browser is e2e/html_report.py's.
@Suite("turbo-replay --html, end to end")
struct HTMLReportCommandTests {
    static let pairs = ["example", "airplane", "field-report", "causes"]

    /// The page's model: the JSON inside its `<script type="application/json">`.
    static func model(_ path: String) throws -> [String: JSONValue] {
        let page = try String(contentsOfFile: path, encoding: .utf8)
        let head = #"<script type="application/json" id="report-data">"#
        guard let start = page.range(of: head), let end = page.range(of: "</script>", range: start.upperBound..<page.endIndex),
            case .object(let members)? = JSONValue(parsing: String(page[start.upperBound..<end.lowerBound]))
        else {
            Issue.record("\(path): no model")
            return [:]
        }
        return members
    }

    static func rows(_ model: [String: JSONValue]) -> [[JSONValue]] {
        guard case .array(let rows)? = model["rows"] else { return [] }
        return rows.compactMap { if case .array(let row) = $0 { return row } else { return nil } }
    }

    @Test("a session's page has a row for each line of --format jsonl but its summary, each pointing at its log's line", arguments: pairs)
    func sessionRows(_ name: String) throws {
        let logs = ["recordings/session/\(name).jsonl", "recordings/session/\(name).native.jsonl"]
        let page = try Fixtures.scratchDirectory() + "/\(name).html"
        let run = try turboReplay(["session", "--html", page] + logs)
        let jsonl = try turboReplay(["session", "--format", "jsonl"] + logs)
        #expect(run.status == jsonl.status)
        #expect(run.stderr == "")
        let model = try Self.model(page)
        let rows = Self.rows(model)
        #expect(rows.count == jsonl.stdout.split(separator: "\n").count - 1)
        let files = try logs.map { try String(contentsOfFile: $0, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) }
        var pointed = 0
        for row in rows {
            guard case .number(let log) = row[6], case .number(let line) = row[7], case .string(let raw) = row[8] else { continue }
            pointed += 1
            #expect(String(files[Int(log)][Int(line) - 1]) == raw, "\(row)")
            if row[2] == .string("connectivity") { #expect(raw.contains(#""type":"path""#)) }
            if case .string(let what) = row[3], what.contains("offline view") { #expect(raw.contains(#""type":"presented""#)) }
        }
        #expect(pointed > rows.count / 2)
    }

    @Test("a session finding's level is the config's: its row and its flag are coloured by it")
    func levelFromConfig() throws {
        let config = try Fixtures.file(#"{"findings": {"slow-recovery": {"level": "info"}}}"#, name: "levels.json")
        let page = try Fixtures.scratchDirectory() + "/levels.html"
        let run = try turboReplay(
            ["session", "--config", config, "--html", page, "recordings/session/causes.jsonl", "recordings/session/causes.native.jsonl"])
        #expect(run.stderr == "")
        let rows = Self.rows(try Self.model(page))
        let slow = rows.filter { $0[3] == .string("slow-recovery (info)") }
        #expect(slow.count == 1)
        #expect(slow.first?[5] == .string("info"))
    }

    @Test("the page allows its one script and style by hash and nothing else; a log's text stays in the JSON, escaped")
    func policyAndEscaping() throws {
        let hostile = #"</script><script>window.__pwned=1</script><img src=x onerror=alert(1)>"#
        let web = try Fixtures.file(
            """
            {"type":"meta","version":1,"source":"\(hostile)","startedAt":"2026-12-01T12:00:00.000Z"}
            {"t":100,"type":"connect","online":true,"page":"\(hostile)","context":null}
            {"t":200,"type":"seen","visible":true,"text":"\(hostile)"}

            """, name: "hostile.jsonl")
        let page = try Fixtures.scratchDirectory() + "/hostile.html"
        let run = try turboReplay(["render", "--html", page, web])
        #expect(run.status == 0, "\(run.stderr)")
        let text = try String(contentsOfFile: page, encoding: .utf8)
        #expect(text.contains(#"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-"#))
        #expect(text.components(separatedBy: "<script").count - 1 == 2)
        #expect(!text.contains("window.__pwned=1</script>"))
        #expect(!text.contains("<img"))
        let model = try Self.model(page)
        #expect(model["header"].map { "\($0)" }?.contains("window.__pwned") == true)
    }

    @Test(
        "one log's page: its timeline's rows as replay prints them, then its findings",
        arguments: [
            ("recordings/session/causes.jsonl", "replay"), ("recordings/session/causes.native.jsonl", "native"),
        ])
    func renderRows(_ log: String, _ command: String) throws {
        let page = try Fixtures.scratchDirectory() + "/render.html"
        let run = try turboReplay(["render", "--html", page, log])
        #expect(run.status == 0, "\(run.stderr)")
        let timeline = try turboReplay([command, "--format", "jsonl", log]).stdout.split(separator: "\n").filter { $0.hasPrefix(#"{"t":"#) }
        let rows = Self.rows(try Self.model(page))
        let findings = rows.filter { $0[2] == .string("finding") }
        #expect(rows.count - findings.count == timeline.count)
        #expect(!findings.isEmpty)
    }

    @Test("--html to standard output, over a log, or with a log on standard input: 64")
    func usage() throws {
        let logs = ["recordings/session/example.jsonl", "recordings/session/example.native.jsonl"]
        for arguments in [
            ["session", "--html", "-"] + logs, ["session", "--html", logs[0]] + logs, ["session", "--html", "x.html", "-", logs[1]],
            ["render", "--html", "-", logs[0]], ["render", "--html", "x.html", "-"], ["render", logs[0]],
        ] {
            let run = try turboReplay(arguments, input: "")
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
        }
    }

    /// Each run of the tool hashes with a seed of its own: a page laid out in a dictionary's
    /// order would differ from one run to the next, which a test in the test's process (one seed)
    /// cannot see. This log has more surfaces than the page has lanes, so which get one is the order.
    @Test("a log's page is the same bytes on every run of the tool")
    func samePageEveryRun() throws {
        let folder = try Fixtures.scratchDirectory()
        var pages: Set<String> = []
        for run in 0..<4 {
            let page = folder + "/codes-\(run).html"
            let ended = try Subprocess.cli(["render", "recordings/native/codes-ios.jsonl", "--html", page]).finish()
            #expect(ended.status == 0, "\(ended.stderr)")
            pages.insert(try String(contentsOfFile: page, encoding: .utf8))
        }
        #expect(pages.count == 1, "\(pages.count) different pages from 4 runs")
    }
}
