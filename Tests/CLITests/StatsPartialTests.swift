import Foundation
import Testing

@testable import TestSupport

/// `stats --partial` and `stats --merge`: the bundled recordings split into parts, each part
/// summarised on its own, the partials merged — and the report is, byte for byte, the one a
/// single `stats` over all of them prints.
@Suite("stats --partial and --merge")
struct StatsPartialTests {
    static func recordings() throws -> [String] {
        try turboReplay(["stats", "--partial", "recordings"]).stdout
            .split(separator: "\n").dropFirst()
            .compactMap { line in
                guard let range = line.range(of: #""path":""#) else { return nil }
                return String(line[range.upperBound...].prefix { $0 != "\"" })
            }
    }

    /// The recordings dealt into `count` parts, round robin, so no part is a contiguous run and
    /// an app session's two logs (NAME.jsonl, NAME.native.jsonl) land in different parts when
    /// the deal splits them: a session belongs to its web recording, read by whichever mapper
    /// reads that, so the merge must still count each session once.
    static func parts(_ count: Int) throws -> [[String]] {
        let paths = try recordings()
        return (0..<count).map { part in paths.enumerated().filter { $0.offset % count == part }.map(\.element) }
    }

    @Test("the deal splits at least one app session across two parts")
    func dealSplitsASession() throws {
        let parts = try Self.parts(3)
        let split = parts.enumerated().contains { index, part in
            part.contains { web in
                let native = String(web.dropLast(".jsonl".count)) + ".native.jsonl"
                return !web.hasSuffix(".native.jsonl") && !part.contains(native) && parts.contains { $0.contains(native) }
            }
        }
        #expect(split)
    }

    @Test(
        "merging the partials of three parts prints what one stats over all prints",
        arguments: [
            [String](), ["--all"], ["--format", "json"],
        ])
    func mergeIsExact(_ options: [String]) throws {
        let whole = try turboReplay(["stats"] + options + ["recordings"])
        #expect(whole.status == 0)
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var partials: [String] = []
        for (index, part) in try Self.parts(3).enumerated() {
            // Fed as a mapper is fed: one path per line on standard input.
            let run = try turboReplay(["stats", "--partial", "-"], input: part.joined(separator: "\n") + "\n")
            #expect(run.status == 0)
            let path = directory + "/part-\(index).jsonl"
            try run.stdout.write(toFile: path, atomically: false, encoding: .utf8)
            partials.append(path)
        }
        #expect(whole.stdout.contains(options.contains("json") ? #""appSessions":{"read":4,"# : "app sessions (NAME.jsonl with NAME.native.jsonl): 4 read"))
        let merged = try turboReplay(["stats", "--merge"] + options + partials.reversed())
        #expect(merged.status == 0)
        #expect(merged.stdout == whole.stdout)
        // And as a reducer is fed: every partial, one after another, on standard input.
        let piped = try turboReplay(
            ["stats", "--merge", "-"] + options,
            input: try partials.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined())
        #expect(piped.stdout == whole.stdout)
        // And as Hadoop's shuffle feeds it: every line of every partial sorted (headers, then logs, then trailers).
        let lines = try partials.flatMap { try String(contentsOfFile: $0, encoding: .utf8).split(separator: "\n").map(String.init) }
        let shuffled = try turboReplay(["stats", "--merge", "-"] + options, input: lines.sorted().joined(separator: "\n") + "\n")
        #expect(shuffled.status == 0, "\(shuffled.stderr)")
        #expect(shuffled.stdout == whole.stdout)
    }

    @Test("a partial is a header, a line per log, and a trailer counting its lines and logs; no log is written twice")
    func framed() throws {
        let run = try turboReplay(["stats", "--partial", "recordings/chromium", "./recordings/chromium/"])
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix(#"{"format":"turbo-replay stats partial","version":7,"#) == true)
        #expect(lines.last == #"{"trailer":"turbo-replay stats partial","lines":10,"logs":8}"#)
        #expect(lines.count == 10)
        let empty = try turboReplay(["stats", "--partial", "-"], input: "")
        #expect(empty.stdout.split(separator: "\n").last == #"{"trailer":"turbo-replay stats partial","lines":2,"logs":0}"#)
        #expect(try turboReplay(["stats", "--merge", "-"], input: empty.stdout).status == 0)
    }

    @Test(
        "a log named twice (./, //, a linked directory) is read once, as one spelling of it",
        arguments: [
            ["./recordings/chromium"], ["recordings//chromium"], ["link"],
        ])
    func sameLogTwice(_ other: [String]) throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let link = directory + "/chromium"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: FileManager.default.currentDirectoryPath + "/recordings/chromium")
        let spelling = other == ["link"] ? [link] : other
        let both = try turboReplay(["stats", "recordings/chromium"] + spelling)
        #expect(both.status == 0)
        #expect(both.stdout.hasPrefix("logs: 8 read, 0 malformed, 0 unreadable\n"))
        let alone = try [["recordings/chromium"], spelling].map { try turboReplay(["stats"] + $0).stdout }
        #expect(alone.contains(both.stdout))
        let tune = try turboReplay(["tune", "--format", "jsonl", "recordings/chromium"] + spelling)
        #expect(tune.stdout == (try turboReplay(["tune", "--format", "jsonl", "recordings/chromium"]).stdout))
    }

    @Test("partials of one log under two spellings are refused: a log is its real path")
    func sameLogInTwoPartials() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (command, name) in [("stats", "s"), ("tune", "t")] {
            let a = directory + "/\(name)a.jsonl", b = directory + "/\(name)b.jsonl"
            try turboReplay([command, "--partial", "recordings/chromium/flap-short.jsonl"]).stdout.write(toFile: a, atomically: false, encoding: .utf8)
            try turboReplay([command, "--partial", "recordings//chromium/./flap-short.jsonl"]).stdout.write(toFile: b, atomically: false, encoding: .utf8)
            let run = try turboReplay([command, "--merge", a, b])
            #expect(run.status == 65, "\(command)")
            #expect(
                run.stderr.contains(
                    "\(b):2: recordings//chromium/./flap-short.jsonl is in two partials (first at \(a):2 as recordings/chromium/flap-short.jsonl; both are /"),
                "\(command): \(run.stderr)")
        }
    }

    @Test("--partial - skips the goldens and configs of a listing, as a directory search does")
    func listingSkipsGoldens() throws {
        let listing = try FileManager.default.subpathsOfDirectory(atPath: "recordings").sorted().map { "recordings/" + $0 }
        #expect(listing.contains { $0.hasSuffix(".expected.jsonl") } && listing.contains { $0.hasSuffix(".config.json") })
        let files = listing.filter { $0.hasSuffix(".json") || $0.hasSuffix(".jsonl") }
        let partial = try turboReplay(["stats", "--partial", "-"], input: files.joined(separator: "\n") + "\n")
        #expect(partial.status == 0)
        let merged = try turboReplay(["stats", "--merge", "-"], input: partial.stdout)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == (try turboReplay(["stats", "recordings"]).stdout))
        let tune = try turboReplay(["tune", "--partial", "-"], input: files.joined(separator: "\n") + "\n")
        let rows = try turboReplay(["tune", "--merge", "-"], input: tune.stdout)
        #expect(rows.stdout == (try turboReplay(["tune", "recordings"]).stdout))
    }

    @Test("failures and lenient warnings travel in the partial and are reported by the merge")
    func failuresTravel() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try #"{"t":1,"type":"offline"}"#.appending("\nnope\n").write(toFile: directory + "/a.jsonl", atomically: false, encoding: .utf8)
        // A native log whose meta is wrong fails even leniently: without it there is no native log.
        try #"{"type":"meta","version":2,"recording":"native"}"#.appending("\n").write(toFile: directory + "/b.jsonl", atomically: false, encoding: .utf8)
        let whole = try turboReplay(["stats", "--lenient", directory])
        let partial = try turboReplay(["stats", "--lenient", "--partial", directory])
        #expect(partial.status == 0)
        let merged = try turboReplay(["stats", "--merge", "-"], input: partial.stdout)
        #expect(merged.status == whole.status)
        #expect(merged.status == 65)
        #expect(merged.stdout == whole.stdout)
        #expect(merged.stderr == whole.stderr)
    }

    @Test("an empty file is counted and listed as empty, not as a log, in one run and through partials alike")
    func emptyFiles() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Empty under either name: an empty NAME.native.jsonl is no more an app's log than an
        // empty NAME.jsonl is a page's.
        for name in ["a.jsonl", "b.native.jsonl"] {
            try "".write(toFile: directory + "/" + name, atomically: false, encoding: .utf8)
        }
        let log = directory + "/c.jsonl"
        try FileManager.default.copyItem(atPath: "recordings/chromium/flap-short.jsonl", toPath: log)
        let whole = try turboReplay(["stats", directory])
        #expect(whole.status == 0)
        let lines = whole.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "logs: 1 read, 0 malformed, 0 unreadable, 2 empty")
        let listed = lines.firstIndex(of: "empty (no record: not logs, in no count above):")
        #expect(listed.map { Array(lines[($0 + 1)...].prefix(2)) } == ["  \(directory)/a.jsonl", "  \(directory)/b.native.jsonl"])
        let json = try turboReplay(["stats", "--format", "json", directory]).stdout
        #expect(json.contains(#""sessions":1,"#))
        #expect(json.contains(#""empty":{"files":2,"paths":["\#(directory)/a.jsonl","\#(directory)/b.native.jsonl"]}"#))
        // Through two partials, one holding an empty file: the merge prints the one run's report.
        let first = try turboReplay(["stats", "--partial", directory + "/a.jsonl", log]).stdout
        #expect(first.contains(#""path":"\#(directory)/a.jsonl","empty":true}"#))
        let second = try turboReplay(["stats", "--partial", directory + "/b.native.jsonl"]).stdout
        let merged = try turboReplay(["stats", "--merge", "-"], input: first + second)
        #expect(merged.stdout == whole.stdout)
        #expect(merged.status == 0)
        // An empty app log beside a web log is no session: the web log counts, the app log is
        // listed as empty, and nothing is "not read".
        try FileManager.default.copyItem(atPath: "recordings/session/airplane.jsonl", toPath: directory + "/b.jsonl")
        let paired = try turboReplay(["stats", directory])
        #expect(paired.status == 0, "\(paired.stderr)")
        #expect(paired.stdout.hasPrefix("logs: 2 read, 0 malformed, 0 unreadable, 2 empty\n"))
        #expect(!paired.stdout.contains("app sessions"))
        try FileManager.default.removeItem(atPath: directory + "/b.jsonl")
        // Not empty: a log with one record, and a file of malformed lines read leniently.
        try "nope\n".write(toFile: directory + "/a.jsonl", atomically: false, encoding: .utf8)
        #expect(try turboReplay(["stats", "--lenient", directory]).stdout.hasPrefix("logs: 2 read, 0 malformed, 0 unreadable, 1 empty\n"))
    }

    @Test(
        "partials that cannot be merged are errors naming file and line",
        arguments: [
            ("same log twice", ["a", "a"], "is in two partials"),
            ("other settings", ["a", "slow"], "made with other settings"),
            ("another variant", ["a", "variant"], "made with other settings"),
            ("not a partial", ["junk"], "not a stats partial"),
            ("an old partial", ["v1"], "a stats partial of version 1; this turbo-replay reads version 7"),
            ("a partial from before banner-drift", ["v2"], "a stats partial of version 2; this turbo-replay reads version 7"),
            ("a partial from before time on error views", ["v3"], "a stats partial of version 3; this turbo-replay reads version 7"),
            ("a partial from before sketched session latencies", ["v4"], "a stats partial of version 4; this turbo-replay reads version 7"),
            ("a partial from before sessions sketched by the fleet", ["v5"], "a stats partial of version 5; this turbo-replay reads version 7"),
            ("a partial from before its header named what it counted", ["v6"], "a stats partial of version 6; this turbo-replay reads version 7"),
            ("other findings rules", ["a", "rules"], "made with other settings"),
            ("another seen tolerance", ["a", "seen"], "made with other settings"),
        ])
    func refused(_ name: String, _ parts: [String], _ message: String) throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let one = "recordings/chromium/flap-short.jsonl"
        try #"{"seenTimerMs": 300}"#.write(toFile: directory + "/seen.config.json", atomically: false, encoding: .utf8)
        try #"{"findings": {"online-lied": "off"}}"#.write(toFile: directory + "/rules.config.json", atomically: false, encoding: .utf8)
        let files: [String: [String]] = [
            "rules": ["stats", "--partial", "--config", directory + "/rules.config.json", "recordings/chromium/success-submit.jsonl"],
            "seen": ["stats", "--partial", "--config", directory + "/seen.config.json", "recordings/chromium/success-submit.jsonl"],
            "a": ["stats", "--partial", one],
            "slow": ["stats", "--partial", "--debounce-ms", "1200", "recordings/chromium/success-submit.jsonl"],
            "variant": ["stats", "--partial", "--variant", "recover-on-response", "recordings/chromium/success-submit.jsonl"],
        ]
        var paths: [String] = []
        for (index, part) in parts.enumerated() {
            let path = directory + "/\(index)-\(part).jsonl"
            let text =
                part == "junk"
                ? #"{"path":"x.jsonl","web":{}}"# + "\n"
                : ["v1", "v2", "v3", "v4", "v5", "v6"].contains(part)
                    ? #"{"format":"turbo-replay stats partial","version":\#(part.dropFirst()),"debounceMs":800.0,"flashMs":2000.0,"lenient":false}"# + "\n"
                    : try turboReplay(files[part]!).stdout
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            paths.append(path)
        }
        let run = try turboReplay(["stats", "--merge"] + paths)
        #expect(run.status == 65, "\(name)")
        #expect(run.stderr.contains(message), "\(name): \(run.stderr)")
        #expect(run.stderr.contains(paths.last! + ":"), "\(name): names the partial and its line")
    }
}

/// A partial made before a finding existed (its header without the id, as an older build wrote
/// it) is refused beside one made now, naming both partials and the id, with exit 65: it would
/// add the finding up as none. The id is the header's own, so no list of them is restated here.
@Suite("stats --merge: partials made before a finding")
struct PartialBeforeFindingTests {
    @Test("an old partial and a new one: 65, both named, and the finding the old one never looked for")
    func refused() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let new = directory + "/new.jsonl", old = directory + "/old.jsonl"
        try turboReplay(["stats", "--partial", "recordings/chromium/flap-short.jsonl"]).stdout.write(toFile: new, atomically: false, encoding: .utf8)
        var lines = try turboReplay(["stats", "--partial", "recordings/chromium/success-submit.jsonl"]).stdout.split(separator: "\n").map(String.init)
        let findings = try #require(lines[0].firstMatch(of: /"findings":\[([^\]]*)\]/)?.1)
        let last = try #require(findings.split(separator: ",").last)
        let id = String(last.dropFirst().dropLast())
        lines[0] = lines[0].replacingOccurrences(of: "," + last + "]", with: "]")
        try lines.map { $0 + "\n" }.joined().write(toFile: old, atomically: false, encoding: .utf8)
        let merged = try turboReplay(["stats", "--merge", new, old])
        #expect(merged.status == 65)
        #expect(merged.stdout.isEmpty)
        #expect(merged.stderr.contains("\(old):1: counted other findings or figures than \(new):1: \(new):1 counted \(id), this partial did not"))
        let alone = try turboReplay(["stats", "--merge", old])
        #expect(alone.status == 65)
        #expect(alone.stderr.contains("\(old):1: counted other findings or figures than this turbo-replay does: this turbo-replay counts \(id)"))
    }
}

/// `tune --partial` and `tune --merge`: the same split, and the same rows to the byte.
@Suite("tune --partial and --merge")
struct TunePartialTests {
    static let combinations = ["--debounce-ms", "300,800,1500", "--flash-ms", "1000,2000", "--variant", "recover-on-response"]

    @Test("merging the partials of three parts prints the rows one tune over all prints", arguments: [["--format", "jsonl"], []])
    func mergeIsExact(_ format: [String]) throws {
        let whole = try turboReplay(["tune"] + Self.combinations + format + ["recordings"])
        #expect(whole.status == 0)
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var partials: [String] = []
        for (index, part) in try StatsPartialTests.parts(3).enumerated() {
            let run = try turboReplay(["tune", "--partial"] + Self.combinations + ["-"], input: part.joined(separator: "\n") + "\n")
            #expect(run.status == 0)
            let path = directory + "/part-\(index).jsonl"
            try run.stdout.write(toFile: path, atomically: false, encoding: .utf8)
            partials.append(path)
        }
        let merged = try turboReplay(["tune", "--merge"] + format + partials.reversed())
        #expect(merged.status == 0)
        #expect(merged.stdout == whole.stdout)
    }

    @Test("partials of other combinations are refused, naming the partial and its line")
    func otherCombinations() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let a = directory + "/a.jsonl", b = directory + "/b.jsonl"
        try turboReplay(["tune", "--partial", "--debounce-ms", "800", "recordings/chromium/flap-short.jsonl"]).stdout
            .write(toFile: a, atomically: false, encoding: .utf8)
        try turboReplay(["tune", "--partial", "--debounce-ms", "500", "recordings/chromium/success-submit.jsonl"]).stdout
            .write(toFile: b, atomically: false, encoding: .utf8)
        let run = try turboReplay(["tune", "--merge", a, b])
        #expect(run.status == 65)
        #expect(run.stderr.contains("\(b):1: made with other combinations"))
    }

    @Test("partials counted with another --blink-ms are refused: their blinks do not add up")
    func otherBlinkThreshold() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let a = directory + "/a.jsonl", b = directory + "/b.jsonl", c = directory + "/c.jsonl"
        try turboReplay(["tune", "--partial", "recordings/chromium/flap-short.jsonl"]).stdout
            .write(toFile: a, atomically: false, encoding: .utf8)
        try turboReplay(["tune", "--partial", "--blink-ms", "400", "recordings/chromium/restore-from-cache-offline.jsonl"]).stdout
            .write(toFile: b, atomically: false, encoding: .utf8)
        try turboReplay(["tune", "--partial", "--blink-ms", "400", "recordings/chromium/offline-visit-full-reload.jsonl"]).stdout
            .write(toFile: c, atomically: false, encoding: .utf8)
        let refused = try turboReplay(["tune", "--merge", a, b])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("\(b):1: made with another --blink-ms than \(a):1"))
        // The same threshold merges, and the rows count blinks by it.
        let merged = try turboReplay(["tune", "--merge", "--format", "jsonl", b, c])
        let whole = try turboReplay([
            "tune", "--format", "jsonl", "--blink-ms", "400",
            "recordings/chromium/restore-from-cache-offline.jsonl", "recordings/chromium/offline-visit-full-reload.jsonl",
        ])
        #expect(merged.status == 0 && merged.stdout == whole.stdout)
        #expect(whole.stdout.contains(#""blinks":0,"#), "both pills lasted 400 ms or more")
    }
}

/// Partials that are not what `--partial` writes: every one refused (65) with the file, the
/// line where there is one, and what is wrong, for `stats` and `tune` alike (#20).
@Suite("partials: what the merge refuses")
struct PartialRefusalTests {
    /// The headers this turbo-replay writes with the default settings: what they count is the
    /// registry's and the figures', read from the binary rather than restated here.
    static let statsHeader = header("stats")
    static let tuneHeader = header("tune")

    private static func header(_ command: String) -> String {
        let run = try? turboReplay([command, "--partial", "-"], input: "")
        return run.flatMap { $0.stdout.split(separator: "\n").first.map(String.init) } ?? "(no \(command) header)"
    }

    static func trailer(_ command: String, logs: Int) -> String {
        #"{"trailer":"turbo-replay \#(command) partial","lines":\#(logs + 2),"logs":\#(logs)}"#
    }

    /// `l0042.jsonl`: numbered logs whose names sort as their numbers, as partials sort lines.
    static func name(_ index: Int) -> String { "l" + String(repeating: "0", count: max(0, 4 - String(index).count)) + String(index) }

    /// A web log's line with one pill episode of `ms` (its bucket computed as the sketch does).
    static func webLine(_ index: Int, ms: String = "300.0", toasts: String = "0", min: String? = nil, max: String? = nil) -> String {
        let bucket = Int((log(300.0) / log(1.005 / 0.995)).rounded(.up))
        return #"{"real":"/fleet/\#(name(index)).jsonl","path":"\#(name(index)).jsonl","web":{"records":9,"skippedLines":0,"pills":{"offline":[1,\#(ms)]},"#
            + #""durations":{"zeros":0,"bins":[[\#(bucket),1]],"min":\#(min ?? "300.0"),"max":\#(max ?? "300.0")},"toasts":\#(toasts),"silent":[],"findings":{}}}"#
    }

    static func tuneLine(_ index: Int, _ row: String) -> String {
        #"{"real":"/fleet/\#(name(index)).jsonl","path":"\#(name(index)).jsonl","rows":[\#(row)]}"#
    }

    static func merge(_ command: String, _ lines: [String]) throws -> (Fixtures.Run, String) {
        let directory = try Fixtures.scratchDirectory()
        let path = directory + "/part.jsonl"
        try lines.map { $0 + "\n" }.joined().write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return (try turboReplay([command, "--merge", path]), path)
    }

    @Test("the hand-made partials below are otherwise whole: they merge")
    func wellFormed() throws {
        let (stats, _) = try Self.merge("stats", [Self.statsHeader, Self.webLine(1), Self.trailer("stats", logs: 1)])
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.contains("pill up, ms: median 300, p90 300, max 300, total 300"))
        let (tune, _) = try Self.merge("tune", [Self.tuneHeader, Self.tuneLine(1, "[1,300.0,0,0,0.0,0,0]"), Self.trailer("tune", logs: 1)])
        #expect(tune.status == 0, "\(tune.stderr)")
    }

    @Test("1,100 logs of 8.9e15 each: the sum that passes a count is refused at its line, not a crash", arguments: ["stats", "tune"])
    func overflow(_ command: String) throws {
        let logs = (1...1100).map {
            command == "stats" ? Self.webLine($0, toasts: "8900000000000000") : Self.tuneLine($0, "[8900000000000000,300.0,0,0,0.0,0,0]")
        }
        let (run, path) = try Self.merge(command, [command == "stats" ? Self.statsHeader : Self.tuneHeader] + logs + [Self.trailer(command, logs: 1100)])
        #expect(run.status == 65, "\(run.stderr)")
        // 1,036 logs of 8.9e15 fit under Int.max (9.22e18); the 1,037th, on line 1,038, does not.
        let what = command == "stats" ? "toasts" : "pill episodes (combination 1)"
        #expect(run.stderr.contains("\(path):1038: the fleet's \(what) overflow here"), "\(run.stderr)")
    }

    @Test(
        "an empty partial, one cut short or with a line lost, is refused naming what is missing",
        arguments: [
            ("stats", "0 bytes", "empty: no stats partial in it"),
            ("stats", "no trailer", "cut short: 1 partial began but 0 ended"),
            ("stats", "a log lost", "the trailers count 2 logs but 1 were read"),
            ("stats", "no header", "not a stats partial: it must start with"),
            ("stats", "a wrong count", "must count 4 lines"),
            ("stats", "a log after the trailer", "a log after the last trailer"),
            ("tune", "0 bytes", "empty: no tune partial in it"),
            ("tune", "no trailer", "cut short: 1 partial began but 0 ended"),
            ("tune", "a log lost", "the trailers count 2 logs but 1 were read"),
        ])
    func incomplete(_ command: String, _ shape: String, _ message: String) throws {
        let header = command == "stats" ? Self.statsHeader : Self.tuneHeader
        let logs =
            command == "stats" ? [Self.webLine(1), Self.webLine(2)] : [Self.tuneLine(1, "[1,300.0,0,0,0.0,0,0]"), Self.tuneLine(2, "[0,0.0,1,0,0.0,0,0]")]
        let trailer = Self.trailer(command, logs: 2)
        let lines: [String]
        switch shape {
        case "0 bytes": lines = []
        case "no trailer": lines = [header] + logs
        case "a log lost": lines = [header, logs[0], trailer]
        case "no header": lines = logs + [trailer]
        case "a wrong count": lines = [header] + logs + [trailer.replacingOccurrences(of: #""lines":4"#, with: #""lines":5"#)]
        default: lines = [header, logs[0], Self.trailer(command, logs: 1), logs[1]]
        }
        let (run, path) = try Self.merge(command, lines)
        #expect(run.status == 65, "\(shape): \(run.stderr)")
        #expect(run.stderr.contains(path + ":"), "\(shape) names the partial: \(run.stderr)")
        #expect(run.stderr.contains(message), "\(shape): \(run.stderr)")
        #expect(run.stdout.isEmpty, "\(shape): no report of part of a fleet")
        if shape == "0 bytes" {
            let stdin = try turboReplay([command, "--merge", "-"], input: "")
            #expect(stdin.status == 65)
            #expect(stdin.stderr.contains("<stdin>: empty: no \(command) partial in it"))
        }
    }

    @Test(
        "values no log can have are refused (65) at their line",
        arguments: [
            ("a negative pill time", webLine(1, ms: "-4990.0"), "must be a duration, 0 or more"),
            ("an episode shorter than nothing", webLine(1, min: "-4990.0"), "must be a duration, 0 or more"),
            ("-inf", webLine(1, max: "-Infinity"), "must be a finite number"),
            ("an episode ending before it starts (max under min)", webLine(1, min: "301.0", max: "299.0"), "is not a sketch any log makes"),
            ("a longest episode longer than all", webLine(1, ms: "200.0"), "is longer than all of them together"),
            ("a negative count", webLine(1, toasts: "-3"), "must be a count"),
            ("a fractional count", webLine(1, toasts: "2.5"), "must be a count"),
        ])
    func impossibleStats(_ name: String, _ line: String, _ message: String) throws {
        let (run, path) = try Self.merge("stats", [Self.statsHeader, line, Self.trailer("stats", logs: 1)])
        #expect(run.status == 65, "\(name): \(run.stderr)")
        #expect(run.stderr.contains("\(path):2: "), "\(name): \(run.stderr)")
        #expect(run.stderr.contains(message), "\(name): \(run.stderr)")
    }

    @Test(
        "tune: values no log can have are refused (65) at their line",
        arguments: [
            ("negative pillMs", "[1,-4990.0,0,0,0.0,0,0]", "must be a duration, 0 or more"),
            ("-inf pillMs", "[1,-1e999,0,0,0.0,0,0]", "must be a finite number"),
            ("pill time without a pill", "[0,300.0,0,0,0.0,0,0]", "pill time with no pill episode"),
            ("a negative count", "[1,300.0,-1,0,0.0,0,0]", "must be a count"),
            ("negative unannouncedMs", "[1,300.0,0,0,-1.0,0,0]", "must be a duration, 0 or more"),
            ("more blinks than episodes", "[1,300.0,0,0,0.0,2,0]", "more blinks than pill episodes"),
        ])
    func impossibleTune(_ name: String, _ row: String, _ message: String) throws {
        let (run, path) = try Self.merge("tune", [Self.tuneHeader, Self.tuneLine(1, row), Self.trailer("tune", logs: 1)])
        #expect(run.status == 65, "\(name): \(run.stderr)")
        #expect(run.stderr.contains("\(path):2: "), "\(name): \(run.stderr)")
        #expect(run.stderr.contains(message), "\(name): \(run.stderr)")
    }
}
