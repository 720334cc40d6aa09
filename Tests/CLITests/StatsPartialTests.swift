import Foundation
@testable import TestSupport
import Testing

/// `stats --partial` and `stats --merge`: the bundled recordings split into parts, each part
/// summarised on its own, the partials merged — and the report is, byte for byte, the one a
/// single `stats` over all of them prints.
@Suite("stats --partial and --merge")
struct StatsPartialTests {
    static func recordings() throws -> [String] {
        try Fixtures.run(["stats", "--partial", "recordings"]).stdout
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

    @Test("merging the partials of three parts prints what one stats over all prints", arguments: [
        [String](), ["--all"], ["--format", "json"],
    ])
    func mergeIsExact(_ options: [String]) throws {
        let whole = try Fixtures.run(["stats"] + options + ["recordings"])
        #expect(whole.status == 0)
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var partials: [String] = []
        for (index, part) in try Self.parts(3).enumerated() {
            // Fed as a mapper is fed: one path per line on standard input.
            let run = try Fixtures.run(["stats", "--partial", "-"], input: part.joined(separator: "\n") + "\n")
            #expect(run.status == 0)
            let path = directory + "/part-\(index).jsonl"
            try run.stdout.write(toFile: path, atomically: false, encoding: .utf8)
            partials.append(path)
        }
        #expect(whole.stdout.contains(options.contains("json") ? #""appSessions":{"read":3,"# : "app sessions (NAME.jsonl with NAME.native.jsonl): 3 read"))
        let merged = try Fixtures.run(["stats", "--merge"] + options + partials.reversed())
        #expect(merged.status == 0)
        #expect(merged.stdout == whole.stdout)
        // And as a reducer is fed: every partial, one after another, on standard input.
        let piped = try Fixtures.run(["stats", "--merge", "-"] + options,
                                     input: try partials.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined())
        #expect(piped.stdout == whole.stdout)
    }

    @Test("failures and lenient warnings travel in the partial and are reported by the merge")
    func failuresTravel() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try #"{"t":1,"type":"offline"}"#.appending("\nnope\n").write(toFile: directory + "/a.jsonl", atomically: false, encoding: .utf8)
        // A native log whose meta is wrong fails even leniently: without it there is no native log.
        try #"{"type":"meta","version":2,"recording":"native"}"#.appending("\n").write(toFile: directory + "/b.jsonl", atomically: false, encoding: .utf8)
        let whole = try Fixtures.run(["stats", "--lenient", directory])
        let partial = try Fixtures.run(["stats", "--lenient", "--partial", directory])
        #expect(partial.status == 0)
        let merged = try Fixtures.run(["stats", "--merge", "-"], input: partial.stdout)
        #expect(merged.status == whole.status)
        #expect(merged.status == 65)
        #expect(merged.stdout == whole.stdout)
        #expect(merged.stderr == whole.stderr)
    }

    @Test("partials that cannot be merged are errors naming file and line", arguments: [
        ("same log twice", ["a", "a"], "is in two partials"),
        ("other settings", ["a", "slow"], "made with other settings"),
        ("another variant", ["a", "variant"], "made with other settings"),
        ("not a partial", ["junk"], "not a stats partial"),
    ])
    func refused(_ name: String, _ parts: [String], _ message: String) throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let one = "recordings/chromium/flap-short.jsonl"
        let files: [String: [String]] = [
            "a": ["stats", "--partial", one],
            "slow": ["stats", "--partial", "--debounce-ms", "1200", "recordings/chromium/success-submit.jsonl"],
            "variant": ["stats", "--partial", "--variant", "recover-on-response", "recordings/chromium/success-submit.jsonl"],
        ]
        var paths: [String] = []
        for (index, part) in parts.enumerated() {
            let path = directory + "/\(index)-\(part).jsonl"
            let text = part == "junk" ? #"{"path":"x.jsonl","web":{}}"# + "\n" : try Fixtures.run(files[part]!).stdout
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            paths.append(path)
        }
        let run = try Fixtures.run(["stats", "--merge"] + paths)
        #expect(run.status == 65, "\(name)")
        #expect(run.stderr.contains(message), "\(name): \(run.stderr)")
        #expect(run.stderr.contains(paths.last! + ":"), "\(name): names the partial and its line")
    }
}

/// `tune --partial` and `tune --merge`: the same split, and the same rows to the byte.
@Suite("tune --partial and --merge")
struct TunePartialTests {
    static let combinations = ["--debounce-ms", "300,800,1500", "--flash-ms", "1000,2000", "--variant", "recover-on-response"]

    @Test("merging the partials of three parts prints the rows one tune over all prints", arguments: [["--format", "jsonl"], []])
    func mergeIsExact(_ format: [String]) throws {
        let whole = try Fixtures.run(["tune"] + Self.combinations + format + ["recordings"])
        #expect(whole.status == 0)
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var partials: [String] = []
        for (index, part) in try StatsPartialTests.parts(3).enumerated() {
            let run = try Fixtures.run(["tune", "--partial"] + Self.combinations + ["-"], input: part.joined(separator: "\n") + "\n")
            #expect(run.status == 0)
            let path = directory + "/part-\(index).jsonl"
            try run.stdout.write(toFile: path, atomically: false, encoding: .utf8)
            partials.append(path)
        }
        let merged = try Fixtures.run(["tune", "--merge"] + format + partials.reversed())
        #expect(merged.status == 0)
        #expect(merged.stdout == whole.stdout)
    }

    @Test("partials of other combinations are refused, naming the partial and its line")
    func otherCombinations() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let a = directory + "/a.jsonl", b = directory + "/b.jsonl"
        try Fixtures.run(["tune", "--partial", "--debounce-ms", "800", "recordings/chromium/flap-short.jsonl"]).stdout
            .write(toFile: a, atomically: false, encoding: .utf8)
        try Fixtures.run(["tune", "--partial", "--debounce-ms", "500", "recordings/chromium/success-submit.jsonl"]).stdout
            .write(toFile: b, atomically: false, encoding: .utf8)
        let run = try Fixtures.run(["tune", "--merge", a, b])
        #expect(run.status == 65)
        #expect(run.stderr.contains("\(b):1: made with other combinations"))
    }

    @Test("partials counted with another --blink-ms are refused: their blinks do not add up")
    func otherBlinkThreshold() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let a = directory + "/a.jsonl", b = directory + "/b.jsonl", c = directory + "/c.jsonl"
        try Fixtures.run(["tune", "--partial", "recordings/chromium/flap-short.jsonl"]).stdout
            .write(toFile: a, atomically: false, encoding: .utf8)
        try Fixtures.run(["tune", "--partial", "--blink-ms", "400", "recordings/chromium/restore-from-cache-offline.jsonl"]).stdout
            .write(toFile: b, atomically: false, encoding: .utf8)
        try Fixtures.run(["tune", "--partial", "--blink-ms", "400", "recordings/chromium/offline-visit-full-reload.jsonl"]).stdout
            .write(toFile: c, atomically: false, encoding: .utf8)
        let refused = try Fixtures.run(["tune", "--merge", a, b])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("\(b):1: made with another --blink-ms than \(a):1"))
        // The same threshold merges, and the rows count blinks by it.
        let merged = try Fixtures.run(["tune", "--merge", "--format", "jsonl", b, c])
        let whole = try Fixtures.run(["tune", "--format", "jsonl", "--blink-ms", "400",
                                      "recordings/chromium/restore-from-cache-offline.jsonl", "recordings/chromium/offline-visit-full-reload.jsonl"])
        #expect(merged.status == 0 && merged.stdout == whole.stdout)
        #expect(whole.stdout.contains(#""blinks":0,"#), "both pills lasted 400 ms or more")
    }
}
