import Foundation
import Testing

@testable import TestSupport

/// `--max-open-views N` (default 10,000): a native log that leaves more error views open at once
/// stops every command that replays it through the retry policy with exit 65, naming the file,
/// the line, the bound and what to type instead. Never a silent drop: lenient reading does not
/// skip it. One row per case.
@Suite("the bound on open error views")
struct OpenViewBoundTests {
    static let meta = #"{"type":"meta","version":1,"recording":"native","platform":"ios","startedAt":"2026-12-01T09:59:59.000Z"}"#

    static func presented(_ i: Int, at t: Int) -> String {
        #"{"t":\#(t),"type":"presented","surface":"s\#(i)","error":{"kind":"web","code":-1009}}"#
    }

    /// `views` offline views on new surfaces, one a record from line 2 on, none dismissed.
    static func opening(_ views: Int) -> [String] {
        [meta] + (1...views).map { presented($0, at: $0 * 100) }
    }

    static func log(_ name: String, _ lines: [String]) throws -> String {
        try Fixtures.file(lines.joined(separator: "\n") + "\n", name: name)
    }

    /// Every command that replays a native log through the retry policy, `LOG` standing for it.
    static let commands: [[String]] = [
        ["native", "LOG"],
        ["native", "--explain", "LOG"],
        ["explain", "LOG"],
        ["render", "LOG", "-o", "/dev/null"],
        ["stats", "LOG"],
        ["whatif", "--variant", "probe-once", "LOG"],
        // The log's records (native 100 to 400) on the page's clock within its span (100 to 9200).
        ["session", "--offset-ms", "500", "recordings/session/example.jsonl", "LOG"],
    ]

    static func run(_ command: [String], log: String, bound: Int? = nil, lenient: Bool = false) throws -> Fixtures.Run {
        let options = (bound.map { ["--max-open-views", "\($0)"] } ?? []) + (lenient ? ["--lenient"] : [])
        let arguments = command.map { $0 == "LOG" ? log : $0 }
        return try turboReplay([arguments[0]] + options + arguments.dropFirst())
    }

    @Test("one view over the bound: exit 65 at the line that opened it, with the bound and the option", arguments: commands)
    func overTheBound(command: [String]) throws {
        let log = try Self.log("over.jsonl", Self.opening(4))
        let run = try Self.run(command, log: log, bound: 3)
        #expect(run.status == 65, "\(command): \(run.stderr)")
        // stats reports a log it could not read among the others, on standard output.
        let said = run.stderr + run.stdout
        #expect(said.contains("over.jsonl:5: this record leaves 4 error views open at once, over the bound of 3"), "\(command): \(said)")
        #expect(said.contains("--max-open-views 6"), "\(command): what to type instead")
    }

    @Test("the bound raised to the views the log opens: it replays", arguments: commands)
    func raised(command: [String]) throws {
        let log = try Self.log("raised.jsonl", Self.opening(4))
        let run = try Self.run(command, log: log, bound: 4)
        #expect(run.status == 0, "\(command): \(run.stderr)")
    }

    @Test("a dismissed view frees its place: bound views open, one dismissed, one more presented", arguments: commands)
    func dismissedFreesItsPlace(command: [String]) throws {
        let lines = Self.opening(3) + [#"{"t":350,"type":"dismissed","surface":"s2"}"#, Self.presented(4, at: 400)]
        let log = try Self.log("freed.jsonl", lines)
        let run = try Self.run(command, log: log, bound: 3)
        #expect(run.status == 0, "\(command): \(run.stderr)")
    }

    @Test("--lenient does not skip it: the line is well-formed, the log over the bound")
    func lenient() throws {
        let log = try Self.log("lenient.jsonl", Self.opening(4))
        let run = try Self.run(["native", "LOG"], log: log, bound: 3, lenient: true)
        #expect(run.status == 65)
        #expect(run.stderr.contains("lenient.jsonl:5: this record leaves 4 error views open at once"))
    }

    @Test("the default bound is 10,000: the 10,001st view stops the replay at its line")
    func defaultBound() throws {
        let log = try Self.log("default.jsonl", Self.opening(10_001))
        let run = try Self.run(["native", "--format", "jsonl", "LOG"], log: log)
        #expect(run.status == 65)
        #expect(run.stderr.contains("default.jsonl:10002: this record leaves 10001 error views open at once, over the bound of 10000"))
        #expect(run.stderr.contains("--max-open-views 20000"))
        // Everything decided before the line is printed: the 10,000 views.
        #expect(run.stdout.split(separator: "\n").count == 10_000)
    }

    @Test("a bound that is not a whole number of views, 1 or more, is a usage error", arguments: ["0", "-1", "2.5", "many"])
    func badValue(value: String) throws {
        let log = try Self.log("bad.jsonl", Self.opening(1))
        let run = try turboReplay(["native", "--max-open-views", value, log])
        #expect(run.status == 64)
        #expect(run.stderr.contains("'--max-open-views' takes a number of views, 1 or more (got '\(value)')"))
    }

    @Test("whatif with a banner variant has no native replay to bound: the option is refused")
    func whatIfBannerVariant() throws {
        let run = try turboReplay(["whatif", "--variant", "recover-on-response", "--max-open-views", "5", "recordings/chromium"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("'--max-open-views' bounds the native logs' replays"))
    }
}
