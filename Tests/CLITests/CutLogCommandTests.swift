import Foundation
import Testing

@testable import TestSupport

/// The cut rule in every command (recording-format.md, "A cut log"): a crashed writer's last
/// half line is the `log-cut` info finding, every line before it is read, and no exit status
/// changes for it.
@Suite("a cut log, end to end")
struct CutLogCommandTests {
    /// A copy of `recording` whose last line ends in half a record and no line end.
    private func cut(_ recording: String, half: String, name: String) throws -> (path: String, line: Int) {
        let text = try String(contentsOfFile: recording, encoding: .utf8)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).count
        return (try Fixtures.file(text + half, name: name), line)
    }

    @Test("explain on a web log: the finding, counted in the summary; the exit status is the whole log's, even with --fail-on info")
    func web() throws {
        let (path, line) = try cut("recordings/chromium/flap-short.jsonl", half: #"{"t":9000,"type":"onl"#, name: "web-cut.jsonl")
        let whole = try turboReplay(["explain", "recordings/chromium/flap-short.jsonl"])
        let text = try turboReplay(["explain", path])
        #expect(text.status == whole.status)
        #expect(text.stdout.contains("  finding  log-cut (info) at "))
        #expect(text.stdout.contains("[line \(line)]: the last line has no line end and is not a complete JSON object"))
        #expect(text.stdout.contains("  findings: info 4 (flap-suppressed 3, log-cut 1)\n"))
        let jsonl = try turboReplay(["explain", "--format", "jsonl", path]).stdout.split(separator: "\n")
        #expect(jsonl.dropLast().last?.contains(#""finding":"log-cut","level":"info","line":\#(line),"message":"#) == true)
        #expect(jsonl.last?.contains(#""findings":{"flap-suppressed":3,"log-cut":1}"#) == true)
        #expect(jsonl.last?.hasSuffix(#","cut":\#(line)}}"#) == true)
        // Info findings fail with --fail-on info; the cut alone never does.
        let clean = try cut("recordings/chromium/airplane-mid-session.jsonl", half: "{", name: "clean-cut.jsonl")
        #expect(try turboReplay(["explain", "--fail-on", "info", clean.path]).status == 0)
    }

    @Test("explain on a native log, and the timeline commands, read up to the cut; JSON lines end with a summary")
    func native() throws {
        let (path, line) = try cut("recordings/native/server-503.jsonl", half: #"{"t":30000,"type":"pa"#, name: "native-cut.jsonl")
        let explained = try turboReplay(["explain", "--format", "jsonl", path])
        #expect(explained.status == 1)  // its unexpected-retry warning, as the whole log's
        let lines = explained.stdout.split(separator: "\n")
        let message =
            "the last line has no line end and is not a complete JSON object: the log was cut there "
            + "(its writer stopped mid-line); every line before it was read"
        #expect(lines.dropLast().last == #"{"t":20000.3,"finding":"log-cut","level":"info","line":\#(line),"message":"\#(message)"}"#)
        let summary =
            #"{"summary":{"records":11,"end":20000.3,"findings":{"unexpected-retry":1,"log-cut":1},"#
            + #""levels":{"warning":1,"info":1},"skippedLines":0,"cut":\#(line)}}"#
        #expect(lines.last.map(String.init) == summary)
        for command in [["native"], ["launch"], ["native", "--explain"]] {
            let run = try turboReplay(command + [path])
            #expect(run.status == (command.count == 2 ? 1 : 0), "\(command)")
        }
        let timeline = try turboReplay(["native", path])
        #expect(timeline.stderr.contains("native-cut.jsonl:\(line): log-cut (info): "))
        #expect(try turboReplay(["native", "recordings/native/server-503.jsonl"]).stdout == timeline.stdout)
    }

    @Test("a half line anywhere but the end, or with its line end, is still malformed: 65, file:line")
    func stillMalformed() throws {
        let text = try String(contentsOfFile: "recordings/native/server-503.jsonl", encoding: .utf8)
        let ended = try Fixtures.file(text + #"{"t":30000,"type":"pa"# + "\n", name: "ended.jsonl")
        let run = try turboReplay(["explain", ended])
        #expect(run.status == 65)
        #expect(run.stderr.contains("ended.jsonl:12: not valid JSON"))
    }

    @Test("stats reads a cut log, says how many were cut, and lists where")
    func stats() throws {
        let (path, line) = try cut("recordings/chromium/flap-short.jsonl", half: #"{"t":9000,"#, name: "stats-cut.jsonl")
        let run = try turboReplay(["stats", path, "recordings/native/server-503.jsonl"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("logs: 2 read (1 web, 1 native), of which 1 cut, 0 malformed, 0 unreadable\n"))
        #expect(run.stdout.contains("cut (log-cut, info: read up to their last whole line):\n  \(path):\(line)\n"))
        #expect(!run.stdout.contains("not read"))
        let json = try turboReplay(["stats", "--format", "json", path])
        #expect(json.stdout.contains(#""cut":{"\#(path)":\#(line)}"#))
    }
}
