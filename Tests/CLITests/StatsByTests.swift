import Foundation
import Testing

@testable import TestSupport

/// `stats --by`: a fleet of two releases, one whose controller drifted (docs/examples/fleet:
/// recordings/seen's pages, their `meta` saying their release and session), read per release
/// in one run and through partials, which carry each log's group and merge to the same report.
@Suite("stats --by: a fleet by release, platform or day")
struct StatsByTests {
    static let fleet = "docs/examples/fleet"
    static let logs = [
        "across-pagehide", "conforms", "conforms-again", "debounce-1500", "flash-1000", "forgets-toast", "one-task",
    ].map { "\(fleet)/\($0).jsonl" }

    @Test("by app-version: each release with its logs and the share of its pages that drifted, named; the unknown group named so")
    func byRelease() throws {
        let run = try turboReplay(["stats", "--by", "app-version", Self.fleet])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let head = try #require(lines.firstIndex { $0.hasPrefix("by app-version: ") })
        #expect(lines[head] == "by app-version: 3 groups (unknown: no meta.app.version, or not read)")
        #expect(lines[head + 1] == "  2.3.0    3 logs (3 web, 0 native): banner-drift in 0 of 3 pages that showed their banner (0.0%)")
        #expect(
            lines[head + 2]
                == "  2.3.1    3 logs (3 web, 0 native): banner-drift in 2 of 3 pages that showed their banner (66.7%); they behave like debounceMs 1500 (1); flashMs 1000 (1)"
        )
        #expect(lines[head + 3] == "  unknown  1 log (1 web, 0 native): banner-drift in 1 of 1 pages that showed their banner (100.0%)")
        // The fleet's own report comes first, as `stats` prints it without --by.
        let plain = try turboReplay(["stats", Self.fleet])
        #expect(run.stdout.hasPrefix(plain.stdout))
        // Each group's report is the report of its logs alone, indented.
        let release = try turboReplay(["stats"] + [Self.logs[2], Self.logs[3], Self.logs[4]])
        let section = try #require(lines.firstIndex(of: "app-version 2.3.1:"))
        let own = release.stdout.split(separator: "\n").map { "  " + $0 }
        #expect(Array(lines[(section + 1)...].prefix(own.count)) == own)
    }

    @Test("the JSON report: the fleet's object, then by and each group's key, drift and report")
    func json() throws {
        let run = try turboReplay(["stats", "--by", "app-version", "--format", "json", Self.fleet])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["by"] as? String == "app-version")
        let groups = try #require(object["groups"] as? [[String: Any]])
        #expect(groups.map { $0["key"] as? String } == ["2.3.0", "2.3.1", nil])
        let drift = groups.map { $0["drift"] as? [String: Any] }
        #expect(drift[1]?["drifted"] as? Int == 2 && drift[1]?["recordings"] as? Int == 3)
        #expect(abs((drift[1]?["share"] as? Double ?? 0) - 2.0 / 3.0) < 1e-12)
        #expect(drift[0]?["drifted"] as? Int == 0)
        let sessions = groups.compactMap { ($0["report"] as? [String: Any])?["sessions"] as? Int }
        #expect(sessions == [3, 3, 1])
        #expect(object["sessions"] as? Int == 7)
    }

    @Test(
        "partials made with --by carry each log's group; split anywhere, the merge (and a merge of merges) prints one run's report",
        arguments: [[String](), ["--format", "json"], ["--all"]])
    func partials(_ options: [String]) throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var parts: [String] = []
        for (index, group) in [Array(Self.logs[..<3]), Array(Self.logs[3...])].enumerated() {
            let run = try turboReplay(["stats", "--partial", "--by", "app-version"] + group)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains(#","by":"app-version","#))
            let path = directory + "/part-\(index).partial"
            try run.stdout.write(toFile: path, atomically: false, encoding: .utf8)
            parts.append(path)
        }
        let one = try turboReplay(["stats", "--by", "app-version"] + options + Self.logs)
        let merged = try turboReplay(["stats", "--merge"] + options + parts)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == one.stdout)
        let chained = try turboReplay(["stats", "--merge", "--partial", parts[1]])
        let chainedPath = directory + "/chained.partial"
        try chained.stdout.write(toFile: chainedPath, atomically: false, encoding: .utf8)
        #expect(try turboReplay(["stats", "--merge"] + options + [parts[0], chainedPath]).stdout == one.stdout)
        // --by on the merge says what the partials must be grouped by.
        #expect(try turboReplay(["stats", "--merge", "--by", "app-version"] + options + parts).stdout == one.stdout)
    }

    @Test("a partial's line names its group, null for unknown; a merge of partials grouped otherwise, or not, is refused naming both")
    func refusals() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func partial(_ name: String, _ options: [String], _ log: String) throws -> String {
            let run = try turboReplay(["stats", "--partial"] + options + [log])
            let path = directory + "/" + name
            try run.stdout.write(toFile: path, atomically: false, encoding: .utf8)
            return path
        }
        let release = try partial("release.partial", ["--by", "app-version"], Self.logs[0])
        let unknown = try partial("unknown.partial", ["--by", "app-version"], Self.logs[5])
        let day = try partial("day.partial", ["--by", "day"], Self.logs[1])
        let plain = try partial("plain.partial", [], Self.logs[1])
        #expect(try String(contentsOfFile: release, encoding: .utf8).contains(#""group":"2.3.0","#))
        #expect(try String(contentsOfFile: unknown, encoding: .utf8).contains(#""group":null,"#))
        #expect(try String(contentsOfFile: day, encoding: .utf8).contains(#""group":"2026-12-01","#))
        #expect(!(try String(contentsOfFile: plain, encoding: .utf8).contains(#""group""#)))
        let mixed = try turboReplay(["stats", "--merge", release, day])
        #expect(mixed.status == 65)
        #expect(mixed.stderr.contains("day.partial:1: grouped by day, \(release):1 grouped by app-version"), "\(mixed.stderr)")
        let ungrouped = try turboReplay(["stats", "--merge", release, plain])
        #expect(ungrouped.status == 65)
        #expect(ungrouped.stderr.contains("plain.partial:1: not grouped (no --by), \(release):1 grouped by app-version"), "\(ungrouped.stderr)")
        let asked = try turboReplay(["stats", "--merge", "--by", "platform", release])
        #expect(asked.status == 65)
        #expect(asked.stderr.contains("--by platform, and these partials are grouped by app-version"), "\(asked.stderr)")
        // Hand-edited partials: a line without its group, a group in a partial made without --by,
        // a grouping this turbo-replay does not know.
        let grouped = try String(contentsOfFile: release, encoding: .utf8)
        let edits = [
            ("nogroup.partial", grouped.replacingOccurrences(of: #""group":"2.3.0","#, with: ""), "names its \"group\""),
            (
                "stray.partial", try String(contentsOfFile: plain, encoding: .utf8).replacingOccurrences(of: #""path":"#, with: #""group":"x","path":"#),
                "a log's \"group\" in a partial made without --by"
            ),
            ("unknownby.partial", grouped.replacingOccurrences(of: #""by":"app-version""#, with: #""by":"release""#), "not release"),
        ]
        for (name, text, says) in edits {
            let path = directory + "/" + name
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            let merged = try turboReplay(["stats", "--merge", path])
            #expect(merged.status == 65, "\(name): \(merged.stderr)")
            #expect(merged.stderr.contains(says), "\(name): \(merged.stderr)")
        }
        let bad = try turboReplay(["stats", "--by", "release", Self.fleet])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("'--by' takes app-version, platform, day (got 'release')"))
    }

    @Test("by day: the UTC date of startedAt; by platform: an app log's platform, a recording's source; a log not read is unknown")
    func dayAndPlatform() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let late = directory + "/late.jsonl"
        try (#"{"type":"meta","version":1,"source":"webkit","startedAt":"2026-12-31T23:59:59.999Z"}"# + "\n" + #"{"t":1,"type":"online"}"# + "\n")
            .write(toFile: late, atomically: false, encoding: .utf8)
        try "not json\n".write(toFile: directory + "/broken.jsonl", atomically: false, encoding: .utf8)
        let native = Fixtures.root.path + "/recordings/session/airplane.native.jsonl"
        let day = try turboReplay(["stats", "--by", "day", late, Self.logs[0], directory + "/broken.jsonl"])
        #expect(day.status == 65)
        #expect(day.stdout.contains("\n  2026-12-01  1 log (1 web, 0 native): "), "\(day.stdout)")
        #expect(day.stdout.contains("\n  2026-12-31  1 log (1 web, 0 native): no page showed its banner (seen)\n"), "\(day.stdout)")
        #expect(day.stdout.contains("\n  unknown     0 logs (0 web, 0 native, 1 not read): "), "\(day.stdout)")
        let platform = try turboReplay(["stats", "--by", "platform", late, native, Self.logs[0]])
        #expect(platform.status == 0, "\(platform.stderr)")
        #expect(platform.stdout.contains("\nby platform: 3 groups "), "\(platform.stdout)")
        #expect(platform.stdout.contains("\n  android       1 log (0 web, 1 native): "), "\(platform.stdout)")
        #expect(platform.stdout.contains("\n  hand-written  1 log (1 web, 0 native): "), "\(platform.stdout)")
        #expect(platform.stdout.contains("\n  webkit        1 log (1 web, 0 native): "), "\(platform.stdout)")
    }
}
