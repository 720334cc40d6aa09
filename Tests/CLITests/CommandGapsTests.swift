import Foundation
import Testing

@testable import TestSupport

/// The gaps between commands that issue 32 found, one test each: what one command says, the
/// others say alike.
@Suite("the gaps between commands")
struct CommandGapsTests {
    @Test("every native finding in JSON lines has t, finding, level, line or lines, and message; the last line is the summary")
    func nativeFindingShapes() throws {
        for path in [
            "recordings/native/offline-and-back-before-deferred-expiry.jsonl", "recordings/native/probe-loop-ios.jsonl",
            "recordings/native/server-503.jsonl", "recordings/launch/stall.jsonl", "recordings/archive/stale-archive.jsonl",
        ] {
            let lines = try turboReplay(["explain", "--format", "jsonl", path]).stdout.split(separator: "\n").map(String.init)
            #expect(lines.last?.hasPrefix(#"{"summary":{"records":"#) == true, "\(path)")
            for line in lines.dropLast() where line.contains(#""finding":"#) {
                for key in [#""t":"#, #""level":"#, #""message":"#] { #expect(line.contains(key), "\(path): \(line) has no \(key)") }
                #expect(line.contains(#""line":"#) || line.contains(#""lines":"#), "\(path): \(line)")
            }
        }
        let missed = try turboReplay(["explain", "--format", "jsonl", "recordings/native/offline-and-back-before-deferred-expiry.jsonl"]).stdout
        #expect(missed.contains(#""finding":"missed-retry","level":"warning","line":"#))
    }

    @Test("explain's launch section lists only rows that change the root: a later presented on the web view is not one")
    func launchRows() throws {
        let out = try turboReplay(["explain", "recordings/launch/error-after-ready.jsonl"]).stdout
        #expect(out.contains("launch (cold)"))
        #expect(out.contains("bridge page-load connect"))
        #expect(!out.contains("presented tab:orders"))
    }

    @Test("stats on native logs only: no web block, and the logs are logs, not sessions")
    func nativeOnlyStats() throws {
        let out = try turboReplay(["stats", "recordings/native/server-503.jsonl", "recordings/native/codes-ios.jsonl"]).stdout
        #expect(out.hasPrefix("logs: 2 read (2 native), 0 malformed, 0 unreadable\nnative logs: 2 (ios 1, android 1)\n"))
        #expect(!out.contains("pill episodes"))
        #expect(!out.contains("online-lied"))
        let mixed = try turboReplay(["stats", "recordings/chromium/flap-short.jsonl", "recordings/native/server-503.jsonl"]).stdout
        #expect(mixed.hasPrefix("logs: 2 read (1 web, 1 native), 0 malformed, 0 unreadable\npill episodes:"))
    }

    @Test("launch on a log without launches says so, in text; on standard error in JSON lines")
    func noLaunch() throws {
        let text = try turboReplay(["launch", "recordings/native/server-503.jsonl"])
        #expect(text.status == 0)
        #expect(
            text.stdout.hasSuffix(
                "no launch records in recordings/native/server-503.jsonl: the launch policy had nothing to decide (an app logs {\"t\":…,\"type\":\"launch\",\"cold\":true} as its process starts)\n"
            ))
        let jsonl = try turboReplay(["launch", "--format", "jsonl", "recordings/native/server-503.jsonl"])
        #expect(jsonl.stdout.isEmpty)
        #expect(jsonl.stderr.contains("turbo-replay: note: no launch records in"))
        #expect(!(try turboReplay(["launch", "recordings/launch/stall.jsonl"]).stdout.contains("no launch records")))
    }
}
