import Foundation
import TurboRecording

/// The options of the commands that read many logs at once (`stats`, `tune`, `whatif`,
/// `archive --summary`): how many at a time, and how strictly. Only here is the processor
/// count read: the library takes `jobs` from its caller.
struct FleetOptions {
    /// `--jobs N`, with the command's own default in its help: every core, or, on `check`, 1.
    static func jobs(default count: String = "all cores") -> Option {
        Option(name: "jobs", value: "N", help: "Files read in parallel (default: \(count)). Output is the same.")
    }
    static let partial = Option(name: "partial", value: nil, help: "Write a mergeable summary of the files read (JSON Lines) instead of the report.")
    static let merge = Option(
        name: "merge", value: nil,
        help: "Read partials (files, or - for standard input) and print the report for all their logs;"
            + " with --partial, write one partial of them all (merges chain).")
    static let quiet = Option(
        name: "quiet", value: nil,
        help: "No progress on standard error (to a terminal a line redrawn in place; else a line every 10 s).")
    static let all = Option(name: "all", value: nil, help: "List every log the report keeps under each finding (the first 1,000), not only the first 10.")

    /// The group: what `init` reads.
    static let options = [jobs(), Option.lenient]

    var jobs: Int
    var lenient: Bool

    init(_ arguments: ParsedArguments, command: String) throws {
        jobs = try Self.jobCount(arguments.value(Self.jobs()), command: command) ?? Self.cores
        lenient = arguments.flag(.lenient)
    }

    static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }

    static func jobCount(_ text: String?, command: String) throws -> Int? {
        guard let text else { return nil }
        guard let jobs = Int(text), jobs >= 1 else {
            throw UsageError(message: "'--jobs' takes a number of jobs, 1 or more (got '\(text)')", command: command)
        }
        return jobs
    }
}
