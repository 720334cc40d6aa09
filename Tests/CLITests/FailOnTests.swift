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
        #expect(plain.out.contains("finding  flap-suppressed (info) at 776.3"))
        #expect(plain.out.contains("  findings: info 3 (flap-suppressed 3)\n"))
        #expect(try turboReplay(["explain", "--fail-on", "info", "recordings/chromium/flap-short.jsonl"]).status == 1)
        #expect(try turboReplay(["explain", "--fail-on=warning", "recordings/chromium/flap-short.jsonl"]).status == 0)
        let jsonl = try turboReplay(["explain", "--format", "jsonl", "recordings/chromium/flap-short.jsonl"])
        #expect(jsonl.status == 0)
        #expect(jsonl.out.split(separator: "\n").dropLast().allSatisfy { $0.contains(#""finding":"flap-suppressed","level":"info","#) })
    }

    @Test("a warning exits 1, unless --fail-on never")
    func warning() throws {
        #expect(try turboReplay(["explain", "recordings/chromium/dead-upstream-frame.jsonl"]).status == 1)
        #expect(try turboReplay(["explain", "--fail-on", "info", "recordings/chromium/dead-upstream-frame.jsonl"]).status == 1)
        let never = try turboReplay(["explain", "--fail-on", "never", "recordings/chromium/dead-upstream-frame.jsonl"])
        #expect(never.status == 0)
        #expect(never.out.contains("  findings: warning 2 (online-lied 1, stale-pill 1)\n"))
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
        #expect(explained.out.contains("finding      offline-miss (info) not-captured: "))
        #expect(explained.out.contains("1 archive finding (info 1)\n"))
        #expect(try turboReplay(["native", "--explain", "--fail-on", "info", misses]).status == 1)
        let jsonl = try turboReplay(["native", "--explain", "--format", "jsonl", path])
        #expect(jsonl.out.split(separator: "\n").dropLast().allSatisfy { $0.contains(#","level":"warning","#) })
    }

    @Test("an unknown level, or --fail-on without --explain, is a usage error")
    func usage() throws {
        let unknown = try turboReplay(["explain", "--fail-on", "error", "recordings/chromium/flap-short.jsonl"])
        #expect(unknown.status == 64)
        #expect(unknown.err.contains("unknown level 'error' for '--fail-on'; use --fail-on warning or --fail-on info or --fail-on never"))
        let alone = try turboReplay(["native", "--fail-on", "info", "recordings/native/contract-example.jsonl"])
        #expect(alone.status == 64)
        #expect(alone.err.contains("'--fail-on' applies to findings: give --explain too"))
    }
}
