import Foundation
import Testing

@testable import TestSupport

/// `turbo-replay launch`, end to end.
@Suite("turbo-replay launch, end to end")
struct LaunchCommandTests {
    @Test("--format jsonl prints the contract's output for the contract's example, byte for byte")
    func contractExample() throws {
        let run = try turboReplay(["launch", "--format", "jsonl", "recordings/launch/contract-example.jsonl"])
        #expect(run.status == 0)
        #expect(run.stdout == (try String(contentsOfFile: launchRecordings + "/contract-example.launch.expected.jsonl", encoding: .utf8)))
        #expect(run.stderr == "")
    }

    @Test("text by default: the settings in force, then a table")
    func text() throws {
        let run = try turboReplay(["launch", "recordings/launch/first-visit-offline-then-retry.jsonl"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "ios: stall 10000 ms")
        #expect(lines.count == 2 + 4)
        #expect(lines[3].contains("error") && lines[3].contains("presented on tab:home: a first visit failed (offline view)"))
        #expect(lines[5].hasSuffix("ready       9050.5 ms from the launch to the web view"))
    }

    @Test("--stall-ms over the config's stallMs, over the default")
    func stallSetting() throws {
        let fromConfig = try turboReplay([
            "launch", "--format", "jsonl", "--config", "recordings/launch/stall-setting.config.json",
            "recordings/launch/stall.jsonl",
        ])
        #expect(fromConfig.stdout.contains(#"{"t":3000,"launch":"stalled","launchMs":3000}"#))
        let fromOption = try turboReplay([
            "launch", "--format", "jsonl", "--config", "recordings/launch/stall-setting.config.json",
            "--stall-ms", "15000", "recordings/launch/stall.jsonl",
        ])
        #expect(!fromOption.stdout.contains("stalled"))
        #expect(fromOption.stdout.hasSuffix(#"{"t":14250,"launch":"ready","launchMs":14250}"# + "\n"))
    }

    @Test("- reads standard input")
    func stdin() throws {
        let recording = try String(contentsOfFile: launchRecordings + "/stall.jsonl", encoding: .utf8)
        let run = try turboReplay(["launch", "--format", "jsonl", "-"], input: recording)
        #expect(run.status == 0)
        #expect(run.stdout == (try String(contentsOfFile: launchRecordings + "/stall.launch.expected.jsonl", encoding: .utf8)))
    }

    @Test("--platform decides the classification of presented: Android's −2 is offline only there")
    func platform() throws {
        let path = try temporaryRecording(
            "android-code.jsonl",
            [
                iosMeta, #"{"t":0,"type":"launch"}"#,
                #"{"t":100,"type":"presented","surface":"tab:home","error":{"kind":"web","code":-2}}"#,
                #"{"t":900,"type":"bridge","component":"page-load","event":"connect"}"#,
            ])
        let ios = try turboReplay(["launch", "--format", "jsonl", path])
        #expect(ios.stdout.contains(#""view":"server""#))
        let android = try turboReplay(["launch", "--format", "jsonl", "--platform", "android", path])
        #expect(android.stdout.contains(#""view":"offline""#))
    }

    @Test("a malformed line exits 65 naming file and line, after what was decided before it")
    func malformed() throws {
        let path = try temporaryRecording(
            "bad.jsonl",
            [
                iosMeta,
                #"{"t":0,"type":"launch"}"#,
                #"{"t":20,"type":"config","offseason":"yes"}"#,
            ])
        let run = try turboReplay(["launch", "--format", "jsonl", path])
        #expect(run.status == 65)
        #expect(run.stdout == #"{"t":0,"screen":"loading","cause":"launch"}"# + "\n")
        #expect(run.stderr == #"turbo-replay: error: \#(path):3: "offseason" on "config" must be a boolean (true or false)"# + "\n")
    }

    @Test("--lenient skips the malformed line, says so, and replays the rest")
    func lenient() throws {
        let path = try temporaryRecording(
            "bad.jsonl",
            [
                iosMeta,
                #"{"t":0,"type":"launch"}"#,
                #"{"t":20,"type":"bridge","component":"page-load"}"#,
                #"{"t":30,"type":"bridge","component":"page-load","event":"connect"}"#,
            ])
        let run = try turboReplay(["launch", "--format", "jsonl", "--lenient", path])
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix(#"{"t":30,"launch":"ready","launchMs":30}"# + "\n"))
        #expect(run.stderr.contains("\(path):3: missing \"event\" on \"bridge\""))
        #expect(run.stderr.contains("skipped 1 malformed line in \(path)"))
    }

    @Test("a recording with no launch is not an error: it prints nothing")
    func noLaunch() throws {
        let run = try turboReplay(["launch", "--format", "jsonl", "recordings/native/contract-example.jsonl"])
        #expect(run.status == 0)
        #expect(run.stdout == "")
    }

    @Test("exit statuses: 64 usage, 65 a web recording or a bad config, 66 unreadable")
    func statuses() throws {
        #expect(try turboReplay(["launch"]).status == 64)
        #expect(try turboReplay(["launch", "--stall-ms", "soon", "recordings/launch/stall.jsonl"]).status == 64)
        #expect(try turboReplay(["launch", "--format", "svg", "recordings/launch/stall.jsonl"]).status == 64)
        let web = try turboReplay(["launch", "recordings/chromium/flap-short.jsonl"])
        #expect(web.status == 65)
        #expect(web.stderr.contains("recordings/chromium/flap-short.jsonl:1: not a native recording"))
        let config = try temporaryRecording("typo.config.json", [#"{"launch":{"stall":1}}"#])
        #expect(try turboReplay(["launch", "--config", config, "recordings/launch/stall.jsonl"]).status == 65)
        #expect(try turboReplay(["launch", "recordings/launch/no-such.jsonl"]).status == 66)
    }

    @Test("--help says what it reads and prints, with its exit statuses")
    func help() throws {
        let run = try turboReplay(["launch", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("--stall-ms N") && run.stdout.contains("Exit status:"))
        #expect(try turboReplay(["--help"]).stdout.contains("  launch  "))
    }
}
