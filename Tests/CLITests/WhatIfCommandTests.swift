import Foundation
import Testing

@testable import TestSupport

/// `turbo-replay whatif`: the report, its JSON lines, streaming, and its exit statuses.
@Suite("whatif")
struct WhatIfCommandTests {
    let variant = ["whatif", "--variant", "recover-on-response"]

    @Test("over the corpus: the dead upstreams shortened, nothing lengthened or added, exit 0")
    func corpus() throws {
        let run = try turboReplay(variant + ["recordings"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("whatif recordings/chromium/dead-upstream-frame.jsonl: v1 → recover-on-response\n"))
        #expect(run.stdout.contains("    episode at 1239.6 (fetch-request-error): 3928.5 ms → 2308 ms: shortened by 1620.5 ms\n"))
        #expect(run.stdout.contains("; 0 lengthened, 0 added\n"))
        #expect(!run.stdout.contains("WARNING") && !run.stderr.contains("WARNING"))
        #expect(!run.stdout.contains("whatif recordings/chromium/success-submit.jsonl"), "unchanged recordings are only counted")
    }

    @Test("--format jsonl: a JSON object per line, a recording line per recording, the totals last")
    func jsonl() throws {
        let run = try turboReplay(variant + ["--format", "jsonl", "recordings/chromium"])
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        // In path order: each recording's differences, then its own line.
        #expect(objects.map { $0["type"] as? String } == ["recording", "difference"] + Array(repeating: "recording", count: 7) + ["totals"])
        #expect(objects.last?["changed"] as? Int == 1)
        #expect(lines[1].hasPrefix(#"{"type":"difference","recording":"recordings/chromium/dead-upstream-frame.jsonl","line":6,"t":3547.6,"v1":[],"#))
    }

    @Test("'-' streams one recording and prints what a file prints")
    func streaming() throws {
        let path = "recordings/findings/stale-pill.jsonl"
        let file = try turboReplay(variant + [path])
        let piped = try turboReplay(variant + ["-"], input: try String(contentsOfFile: Fixtures.root.path + "/" + path, encoding: .utf8))
        #expect(piped.status == 0)
        #expect(piped.stdout == file.stdout.replacingOccurrences(of: path, with: "<stdin>"))
    }

    @Test("the same report with --jobs 1 and --jobs 2")
    func jobs() throws {
        let one = try turboReplay(variant + ["--jobs", "1", "recordings"])
        let two = try turboReplay(variant + ["--jobs", "2", "recordings"])
        #expect(one.stdout == two.stdout)
    }

    @Test(
        "usage errors exit 64 and say what to type",
        arguments: [
            (["whatif", "recordings"], "add --variant recover-on-response"),
            (["whatif", "--variant", "recover-on-response"], "turbo-replay whatif --variant recover-on-response recordings"),
            (["whatif", "--variant", "v1", "recordings"], "v1 is the default"),
            (["whatif", "--variant", "recover-on-response", "-", "recordings"], "give it alone"),
        ])
    func usage(arguments: [String], hint: String) throws {
        let run = try turboReplay(arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains(hint))
    }

    @Test("a malformed recording is reported with its line, the others compared, exit 65")
    func malformed() throws {
        let directory = try Fixtures.scratchDirectory()
        try FileManager.default.copyItem(atPath: Fixtures.recordings + "/chromium/dead-upstream-frame.jsonl", toPath: directory + "/a.jsonl")
        try "{\"t\":1,\"type\":\"offline\"}\nnope\n".write(toFile: directory + "/b.jsonl", atomically: false, encoding: .utf8)
        let run = try turboReplay(variant + [directory])
        #expect(run.status == 65)
        #expect(run.stderr.contains("\(directory)/b.jsonl:2: not valid JSON"))
        #expect(run.stdout.contains("totals: 1 recording, 1 changed by recover-on-response (1 not read)"))
    }

    @Test("standard input with more episodes than a report lists: the first 10,000, then how many more")
    func standardInputListsABoundedNumberOfEpisodes() throws {
        // What is set aside until the end is bounded: an endless standard input wrote every
        // episode's line to a temporary file, without end (issue #47, item 16).
        let cycles = 10_003
        let input =
            (0..<cycles).map { #"{"t":\#($0 * 5000),"type":"offline"}"# + "\n" + #"{"t":\#($0 * 5000 + 2000),"type":"online"}"# }
            .joined(separator: "\n") + "\n"
        let run = try turboReplay(variant + ["-"], input: input)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("pill up: v1 12003600 ms in 10003 episodes"), "\(run.stdout.prefix(400))")
        #expect(run.stdout.components(separatedBy: "\n    episode at ").count == 10_001)
        #expect(
            run.stdout.contains(
                "    episode at 49995800 (offline): 1200 ms, unchanged\n    … and 3 more v1 episodes, not listed (a recording lists its first 10000)\n"))
    }
}
