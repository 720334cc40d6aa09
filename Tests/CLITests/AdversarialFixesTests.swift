import Foundation
import Testing

@testable import TestSupport

/// What an adversarial pass over the new commands found, each reproduced: outputs that replaced
/// their inputs, a window that hung, and partials a merge counted wrong.
@Suite("Adversarial fixes")
struct AdversarialFixesTests {
    static let session = Fixtures.recordings + "/session/example"

    func copies() throws -> (web: String, native: String) {
        let directory = try Fixtures.scratchDirectory()
        let web = directory + "/example.jsonl", native = directory + "/example.native.jsonl"
        try FileManager.default.copyItem(atPath: Self.session + ".jsonl", toPath: web)
        try FileManager.default.copyItem(atPath: Self.session + ".native.jsonl", toPath: native)
        return (web, native)
    }

    @Test("session --render refuses either of its logs, whatever the spelling", arguments: ["web", "native", "./web"])
    func sessionRenderOverInput(_ which: String) throws {
        let (web, native) = try copies()
        let before = try String(contentsOfFile: web, encoding: .utf8)
        let target = which == "native" ? native : which == "./web" ? (web as NSString).deletingLastPathComponent + "/./example.jsonl" : web
        let run = try turboReplay(["session", web, native, "--render", target])
        #expect(run.status == 64)
        #expect(run.stderr.contains("would replace the recording"))
        #expect(try String(contentsOfFile: web, encoding: .utf8) == before)
    }

    @Test("render - -o FILE refuses the file standard input is")
    func renderStandardInputOverInput() throws {
        let (web, _) = try copies()
        // Standard input is the file itself: a process's own, given by the shell.
        let run = try Fixtures.shell(#"exec "$CLI" render - -o "$W" < "$W""#, environment: ["W": web])
        #expect(run.status == 64, "\(run)")
        #expect(try String(contentsOfFile: web, encoding: .utf8).hasPrefix("{"))
    }

    @Test("render --from past 2^53 ms is a usage error, not a hang")
    func renderFarWindow() throws {
        let run = try turboReplay(["render", Self.session + ".jsonl", "-o", "-", "--from", "1e20"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("beyond 2^53 ms"))
    }

    @Test("session --render - with a --format is a usage error, not a format dropped", arguments: ["jsonl", "text"])
    func renderToStandardOutputWithFormat(_ format: String) throws {
        let run = try turboReplay(["session", Self.session + ".jsonl", Self.session + ".native.jsonl", "--render", "-", "--format", format])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--render OUT.svg"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let picture = try turboReplay(["session", Self.session + ".jsonl", Self.session + ".native.jsonl", "--render", "-"])
        #expect(picture.stdout.hasPrefix("<?xml"))
    }

    @Test("session - - is a usage error")
    func bothStandardInput() throws {
        let run = try turboReplay(["session", "-", "-"])
        #expect(run.status == 64)
    }

    @Test("a log listed twice on stdin is one log and one session in the partial, which merges")
    func duplicateListing() throws {
        let (web, native) = try copies()
        let partial = try turboReplay(["stats", "--partial", "-"], input: "\(web)\n\(web)\n\(native)\n")
        #expect(partial.status == 0)
        #expect(partial.stdout.components(separatedBy: #","session":{"#).count == 2)
        let path = try Fixtures.file(partial.stdout, name: "p.jsonl")
        let merged = try turboReplay(["stats", "--merge", path])
        #expect(merged.status == 0, "\(merged.stderr)")
    }

    @Test("a session rides on its web log's line: a partial without that line has no session to count")
    func sessionRidesOnItsWebLog() throws {
        let (web, native) = try copies()
        let partial = try turboReplay(["stats", "--partial", "-"], input: "\(web)\n\(native)\n")
        var lines = partial.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains(#","session":{"#) }.count == 1)
        lines.removeAll { $0.contains(#""path":"\#(web)""#) }
        let trailer = lines.removeLast()
        lines.append(trailer.replacingOccurrences(of: #""lines":4,"logs":2"#, with: #""lines":3,"logs":1"#))
        let path = try Fixtures.file(lines.joined(separator: "\n") + "\n", name: "orphan.jsonl")
        let merged = try turboReplay(["stats", "--merge", path])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(!merged.stdout.contains("app sessions"), "\(merged.stdout)")
    }

    @Test(
        "a hexadecimal, infinite or empty number is not a duration",
        arguments: [
            ["replay", "--debounce-ms", "0x10"], ["replay", "--flash-ms", "inf"], ["tune", "--debounce-ms", "300,0x20"], ["replay", "--debounce-ms="],
        ])
    func notADecimal(_ arguments: [String]) throws {
        let run = try turboReplay(arguments + [Fixtures.recordings + "/chromium/flap-short.jsonl"])
        #expect(run.status == 64, "\(run.stderr)")
    }

    @Test("a partial cut mid-line is refused without suggesting --lenient, which a merge does not take")
    func cutPartial() throws {
        let (web, native) = try copies()
        let partial = try turboReplay(["stats", "--partial", "-"], input: "\(web)\n\(native)\n")
        let path = try Fixtures.file(String(partial.stdout.dropLast(20)), name: "cut.jsonl")
        let merged = try turboReplay(["stats", "--merge", path])
        #expect(merged.status == 65)
        #expect(!merged.stderr.contains("--lenient"), "\(merged.stderr)")
    }

    @Test("standard input that is a directory, or closed, is unreadable (66), not an empty log or a crash")
    func unreadableStandardInput() throws {
        for (redirect, message) in [("< /", "<stdin>: read failed: Is a directory"), ("<&-", "Bad file descriptor")] {
            for command in ["explain", "replay", "native", "stats", "stats --partial", "tune --partial"] {
                // A process's own standard input, redirected by the shell ($C split into words).
                let run = try Fixtures.shell(#"exec "$CLI" $C - "# + redirect + " 2>&1", environment: ["C": command])
                #expect(run.status == 66, "\(command) - \(redirect): \(run)")
                #expect(run.stdout.contains(message), "\(command) - \(redirect): \(run)")
            }
        }
    }

    @Test("a native log whose first line is damaged, read leniently as a web one, says why it is refused")
    func nativeLogBehindADamagedFirstLine() throws {
        let log = try Fixtures.file("{oops\n" + (try String(contentsOfFile: Fixtures.recordings + "/native/flapping-radio.jsonl", encoding: .utf8)))
        let run = try turboReplay(["explain", "--lenient", log])
        #expect(run.status == 65)
        #expect(run.stderr.contains("\(log):2: a native recording's meta"), "\(run.stderr)")
        #expect(run.stderr.contains("after 1 line(s) that could not be read: the first line decides which kind a log is"))
    }
}
