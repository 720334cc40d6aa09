import Foundation
import Testing

@testable import TestSupport

/// `explain`'s exit status says whether a warning was found; `--fail-on` moves the line.
@Suite("explain --fail-on, end to end")
struct FailOnTests {
    @Test("a log whose only findings are info (flap-suppressed) exits 0, and 1 with --fail-on info")
    func infoOnly() throws {
        let plain = try turboReplay(["explain", "recordings/chromium/flap-short.jsonl"])
        #expect(plain.status == 0)
        #expect(plain.stdout.contains("finding  flap-suppressed (info) at 776.3"))
        #expect(plain.stdout.contains("  findings: info 3 (flap-suppressed 3)\n"))
        #expect(try turboReplay(["explain", "--fail-on", "info", "recordings/chromium/flap-short.jsonl"]).status == 1)
        #expect(try turboReplay(["explain", "--fail-on=warning", "recordings/chromium/flap-short.jsonl"]).status == 0)
        let jsonl = try turboReplay(["explain", "--format", "jsonl", "recordings/chromium/flap-short.jsonl"])
        #expect(jsonl.status == 0)
        #expect(jsonl.stdout.split(separator: "\n").dropLast().allSatisfy { $0.contains(#""finding":"flap-suppressed","level":"info","#) })
    }

    @Test("a warning exits 1, unless --fail-on never")
    func warning() throws {
        #expect(try turboReplay(["explain", "recordings/chromium/dead-upstream-frame.jsonl"]).status == 1)
        #expect(try turboReplay(["explain", "--fail-on", "info", "recordings/chromium/dead-upstream-frame.jsonl"]).status == 1)
        let never = try turboReplay(["explain", "--fail-on", "never", "recordings/chromium/dead-upstream-frame.jsonl"])
        #expect(never.status == 0)
        #expect(never.stdout.contains("  findings: warning 2 (online-lied 1, stale-pill 1)\n"))
        #expect(try turboReplay(["explain", "recordings/chromium/airplane-mid-session.jsonl"]).status == 0)
    }

    @Test("a native log: warnings of any policy exit 1; an archive miss alone is info")
    func native() throws {
        let path = "recordings/native/offline-and-back-before-deferred-expiry.jsonl"
        for command in [["explain"], ["native", "--explain"]] {
            #expect(try turboReplay(command + [path]).status == 1, "\(command)")
            #expect(try turboReplay(command + ["--fail-on", "never", path]).status == 0, "\(command)")
        }
        let misses = "recordings/archive/quick-navigations.jsonl"
        let explained = try turboReplay(["explain", misses])
        #expect(explained.status == 0)
        #expect(explained.stdout.contains("finding      offline-miss (info) not-captured: "))
        #expect(explained.stdout.contains("1 archive finding (info 1)\n"))
        #expect(try turboReplay(["native", "--explain", "--fail-on", "info", misses]).status == 1)
        let jsonl = try turboReplay(["native", "--explain", "--format", "jsonl", path])
        #expect(jsonl.stdout.split(separator: "\n").dropLast().allSatisfy { $0.contains(#","level":"warning","#) })
    }

    @Test("an unknown level, or --fail-on without --explain, is a usage error")
    func usage() throws {
        let unknown = try turboReplay(["explain", "--fail-on", "error", "recordings/chromium/flap-short.jsonl"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("unknown level 'error' for '--fail-on'; use --fail-on warning or --fail-on info or --fail-on never"))
        let alone = try turboReplay(["native", "--fail-on", "info", "recordings/native/contract-example.jsonl"])
        #expect(alone.status == 64)
        #expect(alone.stderr.contains("'--fail-on' applies to findings: give --explain too"))
    }
}

/// A config's `findings` reaches every command that reports findings, end to end.
@Suite("findings rules, end to end")
struct FindingRulesEndToEndTests {
    func config(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("findings-\(UUID().uuidString).json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("explain: stale-pill off silences it; online-lied info then passes --fail-on warning")
    func explain() throws {
        let log = "recordings/chromium/dead-upstream-frame.jsonl"
        let off = try config(#"{"findings": {"stale-pill": "off"}}"#)
        let quiet = try turboReplay(["explain", "--config", off, log])
        #expect(quiet.status == 1)
        #expect(quiet.stdout.contains("  findings: warning 1 (online-lied 1)\n"))
        #expect(!quiet.stdout.contains("stale-pill"))
        let info = try config(#"{"findings": {"stale-pill": "off", "online-lied": "info"}}"#)
        let passed = try turboReplay(["explain", "--config", info, log])
        #expect(passed.status == 0)
        #expect(passed.stdout.contains("finding  online-lied (info)"))
        #expect(try turboReplay(["explain", "--fail-on", "info", "--config", info, log]).status == 1)
    }

    @Test("explain on an app's log: the web-archive cache's findings follow the rules, off silences, info passes")
    func archive() throws {
        let log = "recordings/archive/not-intercepted.jsonl"
        let before = try turboReplay(["explain", "--format", "jsonl", log])
        #expect(before.status == 1)
        #expect(before.stdout.contains(#""finding":"not-intercepted","level":"warning""#))
        #expect(before.stdout.contains(#""findings":{"not-intercepted":2},"levels":{"warning":2,"info":0}"#))
        let info = try turboReplay(["explain", "--format", "jsonl", "--config", try config(#"{"findings": {"not-intercepted": "info"}}"#), log])
        #expect(info.status == 0)
        #expect(info.stdout.contains(#""finding":"not-intercepted","level":"info""#) && !info.stdout.contains(#""level":"warning""#))
        #expect(info.stdout.contains(#""findings":{"not-intercepted":2},"levels":{"warning":0,"info":2}"#))
        let offConfig = try config(#"{"findings": {"not-intercepted": "off"}}"#)
        let off = try turboReplay(["explain", "--config", offConfig, log])
        #expect(off.status == 0)
        #expect(off.stdout.contains("no archive findings"))
        let offLines = try turboReplay(["explain", "--format", "jsonl", "--config", offConfig, log])
        #expect(!offLines.stdout.contains(#""finding":"#) && offLines.stdout.contains(#""findings":{},"#))
    }

    @Test("an unknown id is exit 65 and names the known ones, on explain, stats, native --explain and archive")
    func unknown() throws {
        let bad = try config(#"{"findings": {"stale-pil": "off"}}"#)
        for command in [
            ["explain", "--config", bad, "recordings/chromium/flap-short.jsonl"], ["stats", "--config", bad, "recordings/chromium"],
            ["native", "--explain", "--config", bad, "recordings/native/offline-and-back-before-deferred-expiry.jsonl"],
            ["archive", "--config", bad, "recordings/archive/key-flags.jsonl"], ["archive", "--summary", "--config", bad, "recordings/archive"],
        ] {
            let run = try turboReplay(command)
            #expect(run.status == 65, "\(command)")
            #expect(run.stderr.contains(#"unknown finding "stale-pil" in "findings" (known: online-lied, stale-pill"#), "\(command)")
        }
    }

    @Test("native --explain: a retry finding switched off no longer fails the run")
    func native() throws {
        let log = "recordings/native/offline-and-back-before-deferred-expiry.jsonl"
        let before = try turboReplay(["native", "--explain", "--format", "jsonl", log])
        let ids = Set(
            before.stdout.split(separator: "\n").compactMap { line -> String? in
                guard let range = line.range(of: #""finding":""#) else { return nil }
                return String(line[range.upperBound...].prefix { $0 != "\"" })
            })
        #expect(!ids.isEmpty)
        let off = try config(#"{"findings": {"# + ids.sorted().map { #""\#($0)": "off""# }.joined(separator: ", ") + "}}")
        let after = try turboReplay(["native", "--explain", "--format", "jsonl", "--config", off, log])
        #expect(after.status == 0, "\(ids) \(after.stdout)")
        #expect(!after.stdout.contains(#""finding":"#))
    }
}
