import FieldReport
import Foundation
import TurboRecording

enum StatsCommand {
    static let spec = CommandSpec(
        name: "stats",
        summary: "Summarise many recordings: pill episodes and durations, toasts, native decisions, findings.",
        usage: "stats [options] PATH...",
        options: [
            .init(name: "jobs", value: "N", help: "Files analysed in parallel (default: all cores)."),
            .init(name: "format", value: "text|json", help: "text: a report for people (default); json: one JSON object."),
            .init(name: "all", value: nil, help: "List every recording that shows a finding, not only the first 10."),
            .init(name: "lenient", value: nil, help: "Skip malformed lines with a warning instead of giving up on the file."),
        ] + BannerOptions.specs + [BannerOptions.variantSpec],
        discussion: """
        Every NAME.jsonl under PATH (searched recursively, goldens *.expected.jsonl excluded) is
        analysed as `explain` does. Web logs: pill episodes by cause, pill duration (median, p90,
        max), toasts, silent submissions by status, findings by id and the recordings that show
        each. Native logs (replayed with each log's platform and the default settings): error views
        by variant, retries by trigger, and native findings with the logs that show each. The output does not depend on --jobs or on the order in which files finish.
        A malformed or unreadable file is reported (name:line) and counted; the rest are still read.
        Exit status: 0 ok, 64 usage, 65 some file malformed, 66 some file unreadable (or no PATH).
        """
    )

    @MainActor static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        guard !arguments.positionals.isEmpty else {
            throw UsageError(message: "missing the recordings to summarise, e.g. turbo-replay stats recordings", command: spec.name)
        }
        let format = try arguments.format(for: spec.name, allowed: ["text", "json"])
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        if let value = arguments.values["jobs"] {
            guard let n = Int(value), n >= 1 else {
                throw UsageError(message: "'--jobs' takes a number of parallel jobs, 1 or more (got '\(value)')", command: spec.name)
            }
            jobs = n
        }
        let settings = try BannerOptions.settings(arguments, command: spec.name)
        let paths = try RecordingFiles.find(in: arguments.positionals)
        if paths.isEmpty {
            console.error("turbo-replay: warning: no recordings (*.jsonl) under \(arguments.positionals.joined(separator: " "))")
        }
        let stats = FieldStats.analyze(paths, settings: settings, lenient: arguments.flag("lenient"), jobs: jobs)

        // Reported in path order after every file is done, so stderr is as stable as stdout.
        for file in stats.files {
            for warning in file.warnings { console.skipped(warning) }
        }
        for failure in stats.failures { console.error("turbo-replay: error: \(failure)") }

        if format == "json" {
            try console.print(stats.json())
        } else {
            for line in stats.text(listing: arguments.flag("all") ? nil : 10) { try console.print(line) }
        }
        if stats.malformed > 0 { return .dataError }
        if stats.unreadable > 0 { return .noInput }
        return .ok
    }
}
