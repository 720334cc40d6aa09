import BannerFindings
import Fleet
import NativeFindings
import Pictures
import Reports
import VariantAnalysis
import Foundation
import TurboRecording

enum StatsCommand {
    static let spec = CommandSpec(
        name: "stats",
        summary: "Summarise many recordings: pill episodes and durations, toasts, native decisions, findings.",
        usage: "stats [options] PATH... | stats --partial [options] PATH...|- | stats --merge PARTIAL...|-",
        options: [
            .init(name: "jobs", value: "N", help: "Files analysed in parallel (default: all cores)."),
            .init(name: "format", value: "text|json", help: "text: a report for people (default); json: one JSON object."),
            .init(name: "all", value: nil, help: "List every recording that shows a finding, not only the first 10."),
            .init(name: "lenient", value: nil, help: "Skip malformed lines with a warning instead of giving up on the file."),
            .init(name: "partial", value: nil, help: "Write a mergeable summary of the files read (JSON Lines) instead of the report."),
            .init(name: "merge", value: nil, help: "Read partials (files, or - for standard input) and print the report for all their logs."),
        ] + BannerOptions.specs + [BannerOptions.variantSpec],
        discussion: """
        Every NAME.jsonl under PATH (searched recursively, goldens *.expected.jsonl excluded) is
        analysed as `explain` does. Web logs: pill episodes by cause, pill duration (median, p90,
        max), toasts, silent submissions by status, findings by id and the recordings that show
        each. Native logs (replayed with each log's platform and the default settings): error views
        by variant, retries by trigger, launches (time to web: median, p90, max, the slowest logs;
        stalled, through the error screen, offseason: with the logs that show each), and native
        findings with the logs that show each. The output does not depend on --jobs or on the order
        in which files finish. A malformed or unreadable
        file is reported (name:line) and counted; the rest are still read.

        Past one machine, as the map and reduce steps of an existing engine: `stats --partial`
        summarises the logs it is given (PATHs, or '-': one path per line on standard input) as
        JSON Lines; `stats --merge` reads any number of partials (files, or '-': partials one after
        another on standard input) and prints exactly the report one `stats` over all the logs
        prints. Partials carry counts and quantile-sketch buckets, not episodes: medians and p90
        (here as in a single run) are within 0.5% of exact, the max exact. Partials made with other
        settings (debounce, flash, --variant, --lenient), one log twice (by real path), a partial
        without its header or trailer, or an impossible value or total, are an error (65).
        Exit status: 0 ok, 64 usage, 65 some file (or partial) malformed, 66 some file unreadable
        (or no PATH), 74 the output could not be written.
        """
    )

    @MainActor static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let format = try arguments.format(for: spec.name, allowed: ["text", "json"])
        if arguments.flag("merge") {
            return try merge(arguments, format: format, console: console)
        }
        guard !arguments.positionals.isEmpty else {
            throw UsageError(message: "missing the recordings to summarise, e.g. turbo-replay stats recordings", command: spec.name)
        }
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        if let value = arguments.values["jobs"] {
            guard let n = Int(value), n >= 1 else {
                throw UsageError(message: "'--jobs' takes a number of parallel jobs, 1 or more (got '\(value)')", command: spec.name)
            }
            jobs = n
        }
        let settings = try BannerOptions.settings(arguments, command: spec.name)
        let lenient = arguments.flag("lenient")
        let paths = arguments.positionals == ["-"] ? FleetLogs.pathsFromStandardInput() : try RecordingFiles.find(in: arguments.positionals)
        if paths.isEmpty {
            console.error("turbo-replay: warning: no recordings (*.jsonl) under \(arguments.positionals.joined(separator: " "))")
        }
        let stats = FleetStats.analyze(paths, settings: settings, lenient: lenient, jobs: jobs)
        if arguments.flag("partial") {
            try StatsPartial.write(stats, settings: StatsPartial.Settings(settings, lenient: lenient), console.print)
            // The partial holds the failures and warnings; the merge reports them.
            return .ok
        }
        return try report(stats, format: format, all: arguments.flag("all"), console: console)
    }

    @MainActor private static func merge(_ arguments: ParsedArguments, format: String, console: Console) throws -> ExitCode {
        guard !arguments.positionals.isEmpty else {
            throw UsageError(message: "missing the partials to merge, e.g. turbo-replay stats --merge part-*.jsonl (or - for standard input)",
                             command: spec.name)
        }
        for option in ["partial", "jobs", "lenient", "locale", "config", "debounce-ms", "flash-ms", "variant"] where arguments.values[option] != nil {
            throw UsageError(message: "--merge takes its settings from the partials; drop --\(option)", command: spec.name)
        }
        let merged = try StatsPartial.merge(arguments.positionals)
        return try report(FleetStats(files: merged.files), format: format, all: arguments.flag("all"), console: console)
    }

    /// The report, after the warnings and errors on standard error in path order (so that
    /// stderr is as stable as stdout); the status says whether every file could be read.
    @MainActor private static func report(_ stats: FleetStats, format: String, all: Bool, console: Console) throws -> ExitCode {
        for file in stats.files {
            for warning in file.warnings { console.skipped(warning) }
        }
        for failure in stats.failures { console.error("turbo-replay: error: \(failure)") }
        if format == "json" {
            try console.print(stats.json())
        } else {
            for line in stats.text(listing: all ? nil : 10) { try console.print(line) }
        }
        if stats.malformed > 0 { return .dataError }
        if stats.unreadable > 0 { return .noInput }
        return .ok
    }
}
