import Foundation
import Testing

@testable import TestSupport

/// `explain` on a native log against contract v2: the probe-loop finding, the probe-once
/// variant on every command that replays a native log, and logs cut before their timers.
@Suite("explain on native logs: probe-loop, probe-once, cut logs")
struct NativeExplainV2Tests {
    @Test("probe-loop is a warning of explain, as a row and as a JSON line, and exits 1")
    func probeLoop() throws {
        let path = "recordings/native/probe-loop-ios.jsonl"
        let text = try turboReplay(["explain", path])
        #expect(text.status == 1)
        #expect(text.stdout.contains("        6600  tab:home      probe-loop        warning  lines 3, 5, 7: the settling probe retried 3 times"))
        #expect(text.stdout.contains("1 finding (warning 1)"))
        let jsonl = try turboReplay(["native", "--explain", "--format", "jsonl", path])
        #expect(jsonl.status == 1)
        #expect(
            jsonl.stdout.hasPrefix(
                #"{"t":6600,"finding":"probe-loop","level":"warning","surface":"tab:home","count":3,"first":3500,"last":9700,"lines":[3,5,7],"message":"#))
        #expect(try turboReplay(["explain", "--fail-on", "never", path]).status == 0)
    }

    @Test("--variant probe-once: no loop, and the views it did not arm say so")
    func probeOnce() throws {
        let path = "recordings/native/probe-loop-ios.jsonl"
        let explained = try turboReplay(["explain", "--variant", "probe-once", "--format", "jsonl", path])
        #expect(!explained.stdout.contains("probe-loop"))
        // The app in this log polls as v1 does: under probe-once two of its retries are its own.
        #expect(explained.stdout.components(separatedBy: #""finding":"unexpected-retry""#).count == 3)
        let native = try turboReplay(["native", "--variant", "probe-once", "--format", "jsonl", path])
        #expect(native.status == 0)
        #expect(native.stdout == (try String(contentsOfFile: nativeRecordings + "/probe-loop-ios.probe-once.expected.jsonl", encoding: .utf8)))
        let table = try turboReplay(["native", "--variant", "probe-once", path])
        #expect(table.stdout.hasPrefix("ios: settle 400 ms, probe 2500 ms, no cooldown; variant probe-once\n"))
        #expect(table.stdout.contains("probe-once: no probe"))
    }

    @Test("a variant of the wrong layer is refused by name")
    func wrongLayer() throws {
        let native = try turboReplay(["explain", "--variant", "recover-on-response", "recordings/native/probe-loop-ios.jsonl"])
        #expect(native.status == 64)
        #expect(native.stderr.contains("'recover-on-response' is a variant of the banner, for web recordings; a native log takes --variant probe-once"))
        let web = try turboReplay(["explain", "--variant", "probe-once", "recordings/chromium/dead-upstream-frame.jsonl"])
        #expect(web.status == 64)
        #expect(web.stderr.contains("'probe-once' is a variant of the native retry policy, for native logs"))
    }

    @Test("stats --variant probe-once replays the native logs under it; a banner variant leaves them as v1")
    func stats() throws {
        let v1 = try turboReplay(["stats", "recordings/native"])
        #expect(v1.stdout.contains("  probe-loop            warning     2  recordings/native/probe-loop-android.jsonl"))
        let once = try turboReplay(["stats", "--variant", "probe-once", "recordings/native"])
        #expect(once.status == 0)
        #expect(once.stdout.contains("  probe-loop            warning     0"))
        #expect(once.stdout.contains("retries: automatic 37 (edge 29, probe 7, foreground 1)"))
        #expect(try turboReplay(["stats", "--variant", "recover-on-response", "recordings/native"]).stdout == v1.stdout)
        let partial = try turboReplay(["stats", "--partial", "--variant", "probe-once", "recordings/native/probe-loop-ios.jsonl"])
        #expect(
            partial.stdout.hasPrefix(
                #"{"format":"turbo-replay stats partial","version":7,"debounceMs":800.0,"flashMs":2000.0,"lenient":false,"variant":"probe-once","findings":["#))
    }

    @Test("whatif --variant probe-once: automatic and probe retries per native log and in total")
    func whatIf() throws {
        let paths = [
            "recordings/native/probe-loop-ios.jsonl", "recordings/native/probe-loop-android.jsonl",
            "recordings/chromium/dead-upstream-frame.jsonl",
        ]
        let text = try turboReplay(["whatif", "--variant", "probe-once"] + paths)
        #expect(text.status == 0)
        #expect(
            text.stdout.contains(
                "recordings/native/probe-loop-ios.jsonl: ios, v1 against probe-once\n"
                    + "                      v1  probe-once  change\n"
                    + "automatic retries      3           1  -2\n"
                    + "  of them probe        3           1  -2\n"
                    + "error views (ms)    8200        9400  +1200\n"))
        #expect(text.stdout.contains("total: 2 native logs, 2 changed by probe-once; 1 web recording skipped (no retry policy)"))
        let jsonl = try turboReplay(["whatif", "--variant", "probe-once", "--format", "jsonl"] + paths)
        #expect(
            jsonl.stdout.contains(
                #"{"type":"recording","recording":"recordings/native/probe-loop-android.jsonl","variant":"probe-once","platform":"android","changed":true,"automaticRetries":{"v1":4,"variant":2},"probeRetries":{"v1":3,"variant":1},"errorViewMs":{"v1":49200,"variant":50700}}"#
            ))
        #expect(
            jsonl.stdout.hasSuffix(
                #"{"type":"totals","variant":"probe-once","recordings":2,"changed":2,"web":1,"notRead":0,"automaticRetries":{"v1":7,"variant":3},"probeRetries":{"v1":6,"variant":2},"errorViewMs":{"v1":57400,"variant":60100}}"#
                    + "\n"))
        #expect(try turboReplay(["whatif", "--variant", "probe-once", "--locale", "en"] + paths).status == 64)
    }

    @Test("a log cut while an offline view is up: the retry due after the end is listed, not a finding")
    func cutWhileOffline() throws {
        let path = try temporaryRecording(
            "cut-offline.jsonl",
            [
                iosMeta,
                #"{"t":0,"type":"path","online":false}"#,
                #"{"t":100,"type":"presented","surface":"tab:home","error":{"kind":"web","code":-1009}}"#,
                #"{"t":2000,"type":"path","online":true}"#,
                #"{"t":2400.5,"type":"app-retry","surface":"tab:home","kind":"auto"}"#,
                #"{"t":3000,"type":"presented","surface":"tab:home","error":{"kind":"web","code":-1001}}"#,
            ])
        let text = try turboReplay(["explain", path])
        #expect(text.status == 0)
        #expect(
            text.stdout == """
                ios: settle 400 ms, probe 2500 ms, no cooldown
                after the log ended at 3000 (not held against the app, no findings):
                      t (ms)  surface       decision        detail
                        5500  tab:home      retry (auto)    probe: presented on a healthy path, no edge will come
                the policy retried automatically 1 time; the app logged 1 app-retry line, 1 automatic
                no findings: the app's automatic retries match the policy's

                """)
        let jsonl = try turboReplay(["native", "--explain", "--format", "jsonl", path])
        #expect(jsonl.status == 0)
        #expect(jsonl.stdout.hasPrefix(#"{"t":5500,"surface":"tab:home","retry":"auto","trigger":"probe","afterEnd":true}"# + "\n{\"summary\":"))
        #expect(jsonl.stdout.contains(#""findings":{},"levels":{"warning":0,"info":0}"#))
    }

    @Test("a log cut while the launch is loading: the stall due after the end is listed, not a finding")
    func cutWhileLoading() throws {
        let path = try temporaryRecording(
            "cut-loading.jsonl",
            [
                iosMeta,
                #"{"t":0,"type":"launch"}"#,
                #"{"t":0,"type":"app-screen","screen":"loading"}"#,
                #"{"t":4000,"type":"path","online":true}"#,
            ])
        let text = try turboReplay(["explain", path])
        #expect(text.status == 0)
        #expect(
            text.stdout.contains(
                """
                after the log ended at 4000 (not held against the app, no findings):
                       10000        stall timer                loading     would stall: 10000 ms since the launch, after the log ended
                launches 1: ready 0, stalled 0, through error 0, offseason 0
                no launch findings
                """))
        let jsonl = try turboReplay(["explain", "--format", "jsonl", path])
        #expect(jsonl.status == 0)
        #expect(jsonl.stdout.hasPrefix(#"{"t":10000,"launch":"stalled","launchMs":10000,"afterEnd":true}"# + "\n{\"summary\":"))
        #expect(jsonl.stdout.contains(#""findings":{},"levels":{"warning":0,"info":0}"#))
        // The same log a record later than the stall: it is a finding.
        let longer = try temporaryRecording(
            "stalled.jsonl",
            [
                iosMeta, #"{"t":0,"type":"launch"}"#, #"{"t":0,"type":"app-screen","screen":"loading"}"#,
                #"{"t":10000.5,"type":"path","online":true}"#,
            ])
        #expect(try turboReplay(["explain", longer]).status == 1)
    }
}
