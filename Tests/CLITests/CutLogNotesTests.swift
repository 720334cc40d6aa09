import Foundation
import Testing

@testable import TestSupport

/// `session` and `check` read a cut log to its cut, as every command does, and say it was cut
/// (the `log-cut` info finding, as a note on standard error); native `explain` counts it in its
/// findings' line. The exit status is never changed by it.
@Suite("a cut log is said, in session, check and native explain")
struct CutLogNotesTests {
    /// A copy of `recording` (a path under the repository) with half a record and no line end
    /// after it, in a fresh directory, named `name`; and the cut's line number.
    private func cut(_ recording: String, half: String, name: String, in directory: String? = nil) throws -> (path: String, line: Int) {
        let text = try String(contentsOfFile: Fixtures.root.appendingPathComponent(recording).path, encoding: .utf8)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).count
        let directory = try directory ?? Fixtures.scratchDirectory()
        let path = directory + "/" + name
        try Data((text + half).utf8).write(to: URL(fileURLWithPath: path))
        return (path, line)
    }

    @Test("session: a note for each cut log, the same output and status as the whole logs")
    func session() throws {
        let web = try cut("recordings/session/airplane.jsonl", half: #"{"t":99999,"type":"onl"#, name: "airplane.jsonl")
        let native = try cut("recordings/session/airplane.native.jsonl", half: #"{"t":99999,"type":"pa"#, name: "airplane.native.jsonl")
        let whole = try turboReplay(["session", "recordings/session/airplane.jsonl", "recordings/session/airplane.native.jsonl"])
        let run = try turboReplay(["session", web.path, native.path])
        #expect(run.status == whole.status)
        #expect(run.stderr.contains("turbo-replay: note: \(web.path):\(web.line): log-cut (info): the last line has no line end"))
        #expect(run.stderr.contains("turbo-replay: note: \(native.path):\(native.line): log-cut (info): the last line has no line end"))
        #expect(!whole.stderr.contains("log-cut"))
    }

    @Test("check: a cut recording passes on what was read before its cut, with a note")
    func check() throws {
        let directory = try Fixtures.scratchDirectory()
        let recording = try cut("recordings/native/contract-example.jsonl", half: #"{"t":99999,"type":"pa"#, name: "cut.jsonl", in: directory)
        try FileManager.default.copyItem(
            atPath: Fixtures.recordings + "/native/contract-example.expected.jsonl", toPath: directory + "/cut.expected.jsonl")
        try FileManager.default.copyItem(
            atPath: Fixtures.recordings + "/native/contract-example.expected.jsonl", toPath: directory + "/whole.expected.jsonl")
        try FileManager.default.copyItem(atPath: Fixtures.recordings + "/native/contract-example.jsonl", toPath: directory + "/whole.jsonl")
        let run = try turboReplay(["check", directory])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix("2 passed, 0 failed\n"))
        #expect(run.stderr == "turbo-replay: note: \(recording.path):\(recording.line): log-cut (info): \(Self.message)\n")
    }

    @Test("native explain: the findings' line counts the cut, by name")
    func nativeExplain() throws {
        let recording = try cut("recordings/native/contract-example.jsonl", half: #"{"t":99999,"type":"pa"#, name: "cut.jsonl")
        let whole = try turboReplay(["explain", "recordings/native/contract-example.jsonl"])
        let run = try turboReplay(["explain", recording.path])
        #expect(run.status == whole.status)
        // The log has no app-retry line: nothing compared, the count only.
        #expect(run.stdout.contains(": nothing to compare\n1 finding (info 1; log-cut 1)\n"), "\(run.stdout)")
        #expect(!whole.stdout.contains("log-cut"))
    }

    static let message =
        "the last line has no line end and is not a complete JSON object: the log was cut there "
        + "(its writer stopped mid-line); every line before it was read"
}
