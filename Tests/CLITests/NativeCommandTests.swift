import Foundation
import Testing

@testable import TestSupport

/// `turbo-replay native` and `check` at the command line: what a person or CI sees.
@Suite("turbo-replay native and check, end to end")
struct NativeCommandTests {
    @Test("native --format jsonl prints the contract's output for the contract's recording")
    func contractExample() throws {
        let run = try turboReplay(["native", "--format", "jsonl", "recordings/native/contract-example.jsonl"])
        let golden = try String(contentsOfFile: nativeRecordings + "/contract-example.expected.jsonl", encoding: .utf8)
        #expect(run.status == 0)
        #expect(run.stdout == golden)
        #expect(run.stderr == "")
    }

    @Test("explain on a native recording compares the app with the policy, as native --explain")
    func explainDelegates() throws {
        let viaExplain = try turboReplay(["explain", "--format", "jsonl", "recordings/native/server-503.jsonl"])
        let viaNative = try turboReplay(["native", "--explain", "--format", "jsonl", "recordings/native/server-503.jsonl"])
        #expect(viaExplain.status == 1)
        #expect(viaExplain.stdout.contains(#""finding":"unexpected-retry""#))
        #expect(viaExplain.stdout == viaNative.stdout)
    }

    @Test("native - reads standard input")
    func stdin() throws {
        let recording = try String(contentsOfFile: nativeRecordings + "/contract-example.jsonl", encoding: .utf8)
        let run = try turboReplay(["native", "--format", "jsonl", "-"], input: recording)
        #expect(run.status == 0)
        #expect(run.stdout == (try String(contentsOfFile: nativeRecordings + "/contract-example.expected.jsonl", encoding: .utf8)))
    }

    @Test("a malformed line exits 65 naming file and line, after what was decided before it")
    func malformed() throws {
        let path = try temporaryRecording(
            "bad.jsonl",
            [
                androidMeta,
                #"{"t":10,"type":"presented","surface":"sheet","error":{"kind":"http","status":503}}"#,
                #"{"t":20,"type":"presented","surface":"sheet","error":{"kind":"web","code":-2,"turbo":"timeout"}}"#,
            ])
        let run = try turboReplay(["native", "--format", "jsonl", path])
        #expect(run.status == 65)
        #expect(run.stdout == #"{"t":10,"surface":"sheet","view":"server"}"# + "\n")
        #expect(run.stderr == #"turbo-replay: error: \#(path):3: a "web" error has "code" or "turbo", not both"# + "\n")
    }

    @Test("--platform overrides the recording's meta: its code list and its cooldown")
    func platform() throws {
        // As iOS, the tab's Android code −2 is just a code (server), and the sheet has no cooldown to wait for.
        let run = try turboReplay(["native", "--format", "jsonl", "--platform", "ios", "recordings/native/sheet-over-tab-android.jsonl"])
        #expect(run.status == 0)
        #expect(
            run.stdout.split(separator: "\n") == [
                #"{"t":1200,"surface":"tab:home","view":"server"}"#,
                #"{"t":2600,"surface":"sheet","view":"offline"}"#,
                #"{"t":9400,"surface":"sheet","retry":"auto","trigger":"edge"}"#,
            ])
    }

    @Test("text by default: the settings in force, then a table")
    func text() throws {
        let run = try turboReplay(["native", "recordings/native/contract-example.jsonl"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("android: settle 400 ms, probe 2500 ms, cooldown 15000 ms\n"))
        #expect(run.stdout.contains("deferred        inside the cooldown: waits until 20600"))
    }

    @Test("--explain exits 1 with findings, 0 without")
    func explain() throws {
        let found = try turboReplay(["native", "--explain", "--format", "jsonl", "recordings/native/sheet-over-tab-android.jsonl"])
        #expect(found.status == 1)
        #expect(
            found.stdout
                == #"{"t":24400,"surface":"sheet","finding":"missed-retry","level":"warning","line":4,"trigger":"edge","#
                + #""message":"The policy retried automatically (edge); the app logged no automatic retry here within 1 s."}"# + "\n"
                + #"{"summary":{"records":7,"end":31000,"findings":{"missed-retry":1},"levels":{"warning":1,"info":0},"skippedLines":0}}"#
                + "\n")
        let clean = try turboReplay(["native", "--explain", "recordings/native/sheet-over-tab-ios.jsonl"])
        #expect(clean.status == 0)
        #expect(clean.stdout.hasSuffix("no findings: the app's automatic retries match the policy's\n"))
    }

    @Test("exit statuses: 64 usage, 65 malformed, 66 unreadable")
    func statuses() throws {
        #expect(try turboReplay(["native", "--platform", "windows", "recordings/native/contract-example.jsonl"]).status == 64)
        #expect(try turboReplay(["native"]).status == 64)
        let web = try turboReplay(["native", "recordings/chromium/flap-short.jsonl"])
        #expect(web.status == 65)
        #expect(web.stderr.contains("recordings/chromium/flap-short.jsonl:1: not a native recording"))
        #expect(try turboReplay(["native", "recordings/native/no-such.jsonl"]).status == 66)
        #expect(try turboReplay(["replay", "recordings/native/contract-example.jsonl"]).status == 65)
    }

    @Test("check takes native and web recordings side by side")
    func check() throws {
        let run = try turboReplay(["check", "recordings"])
        #expect(run.status == 0)
        let all = FileManager.default.enumerator(atPath: packageRoot + "/recordings")!.compactMap { $0 as? String }
        let recordings = all.filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".expected.jsonl") }
        #expect(recordings.contains { $0.hasPrefix("chromium/") } && recordings.contains { $0.hasPrefix("native/") })
        // One result per golden: a native recording can have several (NAME.launch.expected.jsonl).
        // A variant's goldens (NAME.recover-on-response.expected.jsonl, NAME.probe-once.expected.jsonl)
        // are for check under that variant.
        let goldens = all.filter {
            $0.hasSuffix(".expected.jsonl") && !$0.hasSuffix(".recover-on-response.expected.jsonl")
                && !$0.hasSuffix(".probe-once.expected.jsonl")
        }
        #expect(run.stdout.hasSuffix("\(goldens.count) passed, 0 failed\n"))
    }
}
