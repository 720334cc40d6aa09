import Foundation
import Testing

@testable import TestSupport

/// Whatever `--partial` writes, `--merge` reads: a log's line longer than a recording's line
/// limit (1 MiB) merges, and chains through `--merge --partial` byte for byte. And what a
/// hand-edited partial must not slip past the merge: a log under a second spelling of its real
/// path, skipped lines in a strict partial.
@Suite("partials: long lines and hand edits")
struct PartialEdgeTests {
    typealias Refusal = PartialRefusalTests

    static let lenientStats = Refusal.statsHeader.replacingOccurrences(of: #""lenient":false"#, with: #""lenient":true"#)
    static let lenientTune = Refusal.tuneHeader.replacingOccurrences(of: #""lenient":false"#, with: #""lenient":true"#)
    /// A skipped line's warning whose message is longer than 1 MiB (a log's own text can be).
    static let longWarning =
        #""warnings":[{"kind":"malformed","path":"l0001.jsonl","line":2,"message":""#
        + String(repeating: "m", count: (1 << 20) + 100) + #""}]"#

    /// `arguments` with the partial made of `lines` last; what the run gave, and the partial's path.
    static func run(_ arguments: [String], _ lines: [String]) throws -> (Fixtures.Run, String) {
        let directory = try Fixtures.scratchDirectory()
        let path = directory + "/part.jsonl"
        try lines.map { $0 + "\n" }.joined().write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return (try turboReplay(arguments + [path]), path)
    }

    @Test("stats: a log's line over 1 MiB merges, and a merge of merges writes it back as it was", arguments: [false, true])
    func statsLongLine(_ chained: Bool) throws {
        let line =
            String(Refusal.webLine(1).replacingOccurrences(of: #""skippedLines":0"#, with: #""skippedLines":1"#).dropLast()) + ","
            + Self.longWarning + "}"
        let lines = [Self.lenientStats, line, Refusal.webLine(2), Refusal.trailer("stats", logs: 2)]
        #expect(line.utf8.count > 1 << 20)
        if chained {
            let (run, _) = try Self.run(["stats", "--merge", "--partial"], lines)
            #expect(run.status == 0, "\(run.stderr.prefix(300))")
            #expect(run.stdout.split(separator: "\n").map(String.init) == lines)
        } else {
            let (run, _) = try Self.run(["stats", "--merge"], lines)
            #expect(run.status == 0, "\(run.stderr.prefix(300))")
            #expect(run.stdout.contains("pill up, ms: median 300, p90 300, max 300, total 600"), "\(run.stdout)")
        }
    }

    @Test("tune: a log's line over 1 MiB merges, and a merge of merges writes it back as it was", arguments: [false, true])
    func tuneLongLine(_ chained: Bool) throws {
        let line = String(Refusal.tuneLine(1, "[1,300.0,0,0,0.0,0,0]").dropLast()) + "," + Self.longWarning + "}"
        let lines = [Self.lenientTune, line, Refusal.tuneLine(2, "[1,300.0,0,0,0.0,0,0]"), Refusal.trailer("tune", logs: 2)]
        #expect(line.utf8.count > 1 << 20)
        let (run, _) = try Self.run(["tune", "--merge"] + (chained ? ["--partial"] : ["--format", "jsonl"]), lines)
        #expect(run.status == 0, "\(run.stderr.prefix(300))")
        if chained {
            #expect(run.stdout.split(separator: "\n").map(String.init) == lines)
        } else {
            #expect(run.stdout.contains(#""pillEpisodes":2"#), "\(run.stdout)")
        }
    }

    @Test("a log's real path spelled with a doubled slash is refused (65) at its line, not counted twice")
    func doubledSlash() throws {
        let twin = Refusal.webLine(1).replacingOccurrences(of: #"{"real":"/fleet/"#, with: #"{"real":"//fleet/"#)
        let (run, path) = try Self.run(["stats", "--merge"], [Refusal.statsHeader, twin, Refusal.webLine(1), Refusal.trailer("stats", logs: 2)])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains(#"\#(path):2: "real" is not a real path as turbo-replay stats --partial writes it"#), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test(
        "a real path with a . or .. part or a slash at the end is refused too, in stats and tune",
        arguments: ["/fleet/./", "/fleet/x/../", "/./fleet/"])
    func otherSpellings(_ prefix: String) throws {
        let stats = Refusal.webLine(1).replacingOccurrences(of: #"{"real":"/fleet/"#, with: #"{"real":""# + prefix)
        let (run, _) = try Self.run(["stats", "--merge"], [Refusal.statsHeader, stats, Refusal.trailer("stats", logs: 1)])
        #expect(run.status == 65 && run.stderr.contains("is not a real path"), "\(run.stderr)")
        let tune = Refusal.tuneLine(1, "[1,300.0,0,0,0.0,0,0]").replacingOccurrences(of: #"{"real":"/fleet/"#, with: #"{"real":""# + prefix)
        let (tuned, _) = try Self.run(["tune", "--merge"], [Refusal.tuneHeader, tune, Refusal.trailer("tune", logs: 1)])
        #expect(tuned.status == 65 && tuned.stderr.contains("is not a real path"), "\(tuned.stderr)")
    }

    @Test(
        "skipped lines under \"lenient\":false are refused (65) at their line: a strict read skips none",
        arguments: [
            ("stats", Refusal.statsHeader, Refusal.webLine(1).replacingOccurrences(of: #""skippedLines":0"#, with: #""skippedLines":3"#)),
            ("stats", Refusal.statsHeader, String(Refusal.webLine(1).dropLast()) + #","warnings":[{"kind":"malformed","path":"x","line":2,"message":"m"}]}"#),
            (
                "tune", Refusal.tuneHeader,
                String(Refusal.tuneLine(1, "[1,300.0,0,0,0.0,0,0]").dropLast()) + #","warnings":[{"kind":"malformed","path":"x","line":2,"message":"m"}]}"#
            ),
        ])
    func skippedLinesWhenStrict(_ command: String, _ header: String, _ line: String) throws {
        let (run, path) = try Self.run([command, "--merge"], [header, line, Refusal.trailer(command, logs: 1)])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains(#"\#(path):2: skipped lines in a partial made with "lenient":false"#), "\(run.stderr)")
        // The same line under a lenient header is what `--lenient --partial` writes: it merges.
        let lenient = header.replacingOccurrences(of: #""lenient":false"#, with: #""lenient":true"#)
        let (merged, _) = try Self.run([command, "--merge"], [lenient, line, Refusal.trailer(command, logs: 1)])
        #expect(merged.status == 0, "\(merged.stderr)")
    }
}
