import Foundation
import Testing

@testable import TestSupport

/// The command line's manners: outputs, exit codes (sysexits), help, and errors that say
/// what to type instead.
@Suite("turbo-replay")
struct CLITests {
    let form = Fixtures.recordings + "/chromium/offline-form-submit.jsonl"

    @Test("replay --format jsonl prints the canonical timeline")
    func replayJSONL() throws {
        let run = try turboReplay(["replay", "--format", "jsonl", form])
        #expect(run.status == 0)
        #expect(run.stdout == (try String(contentsOfFile: Fixtures.recordings + "/chromium/offline-form-submit.expected.jsonl", encoding: .utf8)))
        #expect(run.stderr.isEmpty)
    }

    @Test("replay reads standard input for -, and prints a table by default")
    func replayStdin() throws {
        let run = try turboReplay(["replay", "-"], input: try String(contentsOfFile: form, encoding: .utf8))
        #expect(run.status == 0)
        #expect(run.stdout.contains("back-online"))
        #expect(run.stdout.contains("“No se ha podido enviar. Tu texto sigue aquí…”"))
    }

    @Test("a malformed line exits 65 naming file and line, after what was decided before it")
    func malformedExit() throws {
        let path = try Fixtures.file("{\"t\":0,\"type\":\"turbo:fetch-request-error\"}\n{\"t\":1,\"type\":\"connect\",\"online\":1}\n")
        let run = try turboReplay(["replay", "--format", "jsonl", path])
        #expect(run.status == 65)
        #expect(run.stdout == #"{"t":0,"banner":"offline","label":"Sin conexión","cause":"fetch-request-error"}"# + "\n")
        #expect(run.stderr == "turbo-replay: error: \(path):2: \"online\" must be a boolean\n")
    }

    @Test("--lenient skips and counts malformed lines")
    func lenient() throws {
        let path = try Fixtures.file("{\"t\":0,\"type\":\"offline\"}\nnope\n{\"t\":900,\"type\":\"online\"}\n")
        let run = try turboReplay(["replay", "--lenient", "--format", "jsonl", path])
        #expect(run.status == 0)
        #expect(run.stdout.split(separator: "\n").count == 3)
        #expect(run.stderr.contains("\(path):2: not valid JSON"))
        #expect(run.stderr.contains("skipped 1 malformed line in \(path)"))
    }

    @Test("a missing file exits 66")
    func missingFile() throws {
        let run = try turboReplay(["replay", "/nonexistent.jsonl"])
        #expect(run.status == 66)
        #expect(run.stderr.contains("/nonexistent.jsonl: cannot open"))
    }

    @Test(
        "usage errors exit 64 and say what to type",
        arguments: [
            (["replay"], "missing the recording"),
            (["replay", "--formt", "jsonl", "x"], "did you mean '--format'?"),
            (["replay", "--debounce", "500", "x"], "did you mean '--debounce-ms'?"),
            (["native", "--cooldown", "none", "x"], "did you mean '--cooldown-ms'?"),
            (["replay", "--format", "yaml", "x"], "use --format text or --format jsonl"),
            (["replay", "--locale", "fr", "x"], "use --locale es or --locale en"),
            (["replay", "--debounce-ms", "soon", "x"], "takes a number of milliseconds"),
            (["replya"], "did you mean 'replay'?"),
            (["check"], "turbo-replay check recordings"),
            ([], "USAGE: turbo-replay <subcommand>"),
        ])
    func usage(arguments: [String], hint: String) throws {
        let run = try turboReplay(arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains(hint))
        #expect(!run.stderr.contains("Backtrace"))
    }

    @Test("--help on the tool and on each subcommand", arguments: [["--help"], ["replay", "--help"], ["check", "--help"]])
    func help(arguments: [String]) throws {
        let run = try turboReplay(arguments)
        #expect(run.status == 0)
        #expect(run.stdout.contains("USAGE: turbo-replay"))
    }

    @Test("settings: --locale, --debounce-ms, --flash-ms, and --config with a custom context")
    func settings() throws {
        let recording = try Fixtures.file(
            "{\"t\":0,\"type\":\"connect\",\"context\":\"delivery\"}\n{\"t\":100,\"type\":\"offline\"}\n{\"t\":2000,\"type\":\"online\"}\n")
        let config = try Fixtures.file(#"{"contexts":{"delivery":{"offline":"Offline — deliveries queued"}},"flashMs":100}"#, name: "config.json")
        let run = try turboReplay(["replay", "--format", "jsonl", "--locale", "en", "--config", config, "--debounce-ms", "1000", recording])
        #expect(
            run.stdout == """
                {"t":1100,"banner":"offline","label":"Offline — deliveries queued","cause":"offline"}
                {"t":2000,"banner":"back-online","label":"Back online","cause":"online"}
                {"t":2100,"banner":"hidden","cause":"flash-elapsed"}

                """)
    }

    @Test("a config with a mistake exits 65 and names it")
    func badConfig() throws {
        let config = try Fixtures.file(#"{"debounce":900}"#, name: "config.json")
        let run = try turboReplay(["replay", "--config", config, form])
        #expect(run.status == 65)
        #expect(run.stderr.contains(#"\#(config): unknown key "debounce""#))
    }

    @Test("check ends with 'N passed, N failed' and exits 1 on a failure")
    func check() throws {
        let good = try turboReplay(["check", Fixtures.recordings + "/chromium"])
        #expect(good.status == 0)
        #expect(good.stdout.hasSuffix("8 passed, 0 failed\n"))
        let orphan = try Fixtures.file("{\"t\":0,\"type\":\"offline\"}\n")
        let bad = try turboReplay(["check", orphan])
        #expect(bad.status == 1)
        #expect(bad.stdout.contains("turbo-replay check --update \(orphan)"))
        #expect(bad.stdout.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test(
        "explain exits 1 when it reports findings and 0 when it has none, for web and native logs alike",
        arguments: [
            ("recordings/chromium/dead-upstream-frame.jsonl", Int32(1)),
            ("recordings/chromium/success-submit.jsonl", 0),
            ("recordings/native/offline-and-back-before-deferred-expiry.jsonl", 1),
            ("recordings/native/contract-example.jsonl", 0),
        ])
    func explainStatus(path: String, status: Int32) throws {
        #expect(try turboReplay(["explain", path]).status == status)
        #expect(try turboReplay(["explain", "--format", "jsonl", path]).status == status)
    }

    @Test(
        "check's status says what went wrong, as the exit-status table does",
        arguments: [
            ("golden differs", #"{"t":1,"banner":"hidden","cause":"connect"}"#, Int32(1)),
            ("golden missing", nil, 1),
            ("golden malformed", #"{"t":800,"banner":"#, 65),
            ("golden right", #"{"t":800,"banner":"offline","label":"Sin conexión","cause":"offline"}"#, 0),
        ])
    func checkStatus(_ name: String, _ golden: String?, _ status: Int32) throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try #"{"t":0,"type":"offline"}"#.appending("\n").write(toFile: directory + "/r.jsonl", atomically: false, encoding: .utf8)
        if let golden {
            try golden.appending("\n").write(toFile: directory + "/r.expected.jsonl", atomically: false, encoding: .utf8)
        }
        let run = try turboReplay(["check", directory])
        #expect(run.status == status, "\(name)")
        if status == 65 { #expect(run.stdout.contains("r.expected.jsonl:1: not valid JSON"), "\(name): names the golden and its line") }
    }
}
