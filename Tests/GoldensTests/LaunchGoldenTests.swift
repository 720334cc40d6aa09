import Foundation
import Goldens
import LaunchPolicy
import Replay
import Testing
import TurboRecording

@testable import TestSupport

@Suite("Launch goldens")
struct LaunchGoldenTests {
    @Test("there is a recording for every rule and edge the issue lists")
    func coverage() throws {
        #expect(
            Set(try launchRecordingNames()).isSuperset(of: [
                "contract-example", "cold-launch-ready", "repeated-page-load", "other-bridge-component",
                "first-visit-offline-then-retry", "unauthorized-while-loading", "offseason-guest", "offseason-tester",
                "offseason-lifted-mid-launch", "offseason-set-mid-session", "stall", "stall-due-at-connect",
                "relaunch-while-loading", "app-screen-lags", "app-screen-keeps-up",
            ]))
    }

    @Test(
        "each recording replays to both of its hand-written goldens: the error view's and the launch's",
        arguments: try launchRecordingNames())
    func golden(_ name: String) throws {
        let checks = GoldenCase(recording: "\(launchRecordings)/\(name).jsonl").check()
        #expect(checks.map(\.golden) == ["\(launchRecordings)/\(name).expected.jsonl", "\(launchRecordings)/\(name).launch.expected.jsonl"])
        #expect(checks.allSatisfy { $0.result == .passed })
    }

    @Test("the contract's example prints exactly the contract's output, byte for byte")
    func contractExampleBytes() throws {
        let lines = try launchTimeline(path: launchRecordings + "/contract-example.jsonl").map(\.jsonLine)
        #expect(
            lines == [
                #"{"t":0,"screen":"loading","cause":"launch"}"#,
                #"{"t":1840.5,"screen":"web","cause":"page-load"}"#,
                #"{"t":1840.5,"launch":"ready","launchMs":1840.5}"#,
                #"{"t":30000,"screen":"loading","cause":"launch"}"#,
                #"{"t":30210,"screen":"error","cause":"presented","surface":"tab:home","view":"offline"}"#,
                #"{"t":36500,"screen":"web","cause":"page-load"}"#,
                #"{"t":36500,"launch":"ready","launchMs":6500}"#,
                #"{"t":50000,"screen":"offseason","cause":"config"}"#,
                #"{"t":60000,"screen":"web","cause":"config"}"#,
                #"{"t":70000,"screen":"loading","cause":"launch"}"#,
                #"{"t":80000,"launch":"stalled","launchMs":10000}"#,
            ])
        let golden = try String(contentsOfFile: launchRecordings + "/contract-example.launch.expected.jsonl", encoding: .utf8)
        #expect(golden == lines.map { $0 + "\n" }.joined())
    }

    @Test("a native recording with no launch needs no launch golden; one with a launch does")
    func requiredOnceNonEmpty() throws {
        let quiet = try temporaryRecording("quiet.jsonl", [iosMeta, #"{"t":0,"type":"path","online":true}"#])
        try Data().write(to: URL(fileURLWithPath: String(quiet.dropLast(".jsonl".count)) + ".expected.jsonl"))
        #expect(GoldenCase(recording: quiet).check().map(\.result) == [.passed])

        let launched = try temporaryRecording("launched.jsonl", [iosMeta, #"{"t":0,"type":"launch"}"#])
        try Data().write(to: URL(fileURLWithPath: String(launched.dropLast(".jsonl".count)) + ".expected.jsonl"))
        let checks = GoldenCase(recording: launched).check()
        #expect(checks.map(\.result) == [.passed, .missingGolden])
        #expect(checks.last?.golden.hasSuffix("launched.launch.expected.jsonl") == true)
    }

    @Test("the config's launch settings reach the replay: stallMs from NAME.config.json")
    func configuredStall() throws {
        let config = try NativeConfig.load(path: launchRecordings + "/stall-setting.config.json")
        #expect(config.launch == LaunchConfig(stall: 3000, tolerance: nil))
        #expect(config.launchSettings(recorded: .android) == LaunchSettings(platform: .android, stall: 3000))
    }
}
