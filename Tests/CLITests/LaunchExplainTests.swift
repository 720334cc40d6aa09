import Foundation
import Testing

@testable import TestSupport

/// `explain` on a native log with a launch, end to end.
@Suite("turbo-replay explain: the launch, end to end")
struct LaunchExplainTests {
    @Test(
        "each finding exits 1 with its line; its near miss exits 0",
        arguments: [
            ("stall", "cold-launch-ready", "stalled"),
            ("app-screen-lags", "app-screen-keeps-up", "screen-mismatch"),
            ("error-behind-loading", "error-screen-shown", "error-behind-loading"),
        ])
    func findings(_ shows: String, _ nearMiss: String, _ id: String) throws {
        let found = try turboReplay(["explain", "--format", "jsonl", "recordings/launch/\(shows).jsonl"])
        #expect(found.status == 1)
        // The finding, then the summary line that ends every explain in JSON lines.
        #expect(found.stdout.split(separator: "\n").count == 2)
        #expect(found.stdout.hasPrefix(#"{"t":"#) && found.stdout.contains(#""finding":"\#(id)","level":"warning","lines":["#))
        #expect(found.stdout.contains(#""findings":{"\#(id)":1},"levels":{"warning":1,"info":0}"#))
        let clean = try turboReplay(["explain", "--format", "jsonl", "recordings/launch/\(nearMiss).jsonl"])
        #expect(clean.status == 0)
        #expect(clean.stdout.hasPrefix(#"{"summary":{"records":"#) && clean.stdout.contains(#""findings":{},"#))
        #expect(clean.stdout.split(separator: "\n").count == 1)
    }

    @Test("text: the launch rows after the error view's part, the figures, and each finding's sentence")
    func text() throws {
        let run = try turboReplay(["explain", "recordings/launch/error-behind-loading.jsonl"])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("no findings: the app's automatic retries match the policy's"))
        #expect(lines.contains("launch: ios, stall 10000 ms, app-screen tolerance 500 ms"))
        #expect(
            lines.contains { $0.hasSuffix("presented tab:home         error       a first visit failed (offline view on tab:home): the root error screen") })
        #expect(lines.contains("launches 1: ready 1 (to web 33800.5 ms), stalled 0, through error 1, offseason 0"))
        #expect(
            lines.contains {
                $0.contains("error-behind-loading  warning  lines 5, 9: A first visit failed (line 5)") && $0.contains("Show a root-level error screen")
            })
        #expect(lines.contains("1 launch finding (warning 1)"))
    }

    @Test("--tolerance-ms and --stall-ms decide what is a finding")
    func settings() throws {
        #expect(try turboReplay(["explain", "--tolerance-ms", "1200", "recordings/launch/app-screen-lags.jsonl"]).status == 0)
        #expect(try turboReplay(["explain", "--tolerance-ms", "400", "recordings/launch/app-screen-keeps-up.jsonl"]).status == 1)
        let stall = try turboReplay(["explain", "--format", "jsonl", "--stall-ms", "3000", "recordings/launch/stall-setting.jsonl"])
        #expect(stall.status == 1)
        #expect(stall.stdout.hasPrefix(#"{"t":4000.25,"finding":"stalled","level":"warning","lines":[3,4],"launchedAt":0,"launchMs":4000.25,"#))
        #expect(try turboReplay(["explain", "--tolerance-ms", "-1", "recordings/launch/stall.jsonl"]).status == 64)
    }

    @Test("native --explain says the same as explain")
    func sameAsNativeExplain() throws {
        for name in ["contract-example", "error-behind-loading", "first-visit-offline-then-retry"] {
            let explain = try turboReplay(["explain", "--tolerance-ms", "100", "recordings/launch/\(name).jsonl"])
            let native = try turboReplay(["native", "--explain", "--tolerance-ms", "100", "recordings/launch/\(name).jsonl"])
            #expect(explain.status == native.status)
            #expect(explain.stdout == native.stdout)
        }
    }

    @Test("a retry finding and a launch finding in one log: both listed, jsonl and text")
    func both() throws {
        let path = try temporaryRecording(
            "both.jsonl",
            [
                iosMeta,
                #"{"t":0,"type":"launch"}"#,
                #"{"t":0,"type":"path","online":true}"#,
                #"{"t":100,"type":"presented","surface":"tab:home","error":{"kind":"http","status":503}}"#,
                #"{"t":900,"type":"app-retry","surface":"tab:home","kind":"auto"}"#,
                #"{"t":1400,"type":"bridge","component":"page-load","event":"connect"}"#,
            ])
        let run = try turboReplay(["explain", "--format", "jsonl", path])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains(#""finding":"unexpected-retry""#) == true)
        let stalled = try turboReplay(["explain", "--format", "jsonl", "--stall-ms", "50", path])
        #expect(
            stalled.stdout.split(separator: "\n").dropLast().map { $0.contains("unexpected-retry") || $0.contains(#""finding":"stalled""#) }
                == [true, true])
    }
}

@Suite("turbo-replay render: a native recording, end to end")
struct NativeRenderCommandTests {
    @Test("render writes the native picture; a web recording still gets the banner's")
    func render() throws {
        let directory = try Fixtures.scratchDirectory()
        let native = try turboReplay(["render", "recordings/launch/stall.jsonl", "-o", directory + "/stall.svg"])
        #expect(native.status == 0)
        let svg = try String(contentsOfFile: directory + "/stall.svg", encoding: .utf8)
        #expect(svg.contains("<title>Native timeline: recordings/launch/stall.jsonl</title>") && svg.contains(">root screen<"))
        let web = try turboReplay(["render", "recordings/chromium/flap-short.jsonl", "-o", "-"])
        #expect(web.status == 0 && web.stdout.contains(">navigator.onLine<"))
        let stalled = try turboReplay(["render", "--stall-ms", "20000", "recordings/launch/stall.jsonl", "-o", "-"])
        #expect(!stalled.stdout.contains("stalled:"))
        #expect(try turboReplay(["render", "recordings/launch/stall.jsonl", "-o", "/no-such-dir/x.svg"]).status == 73)
    }
}
