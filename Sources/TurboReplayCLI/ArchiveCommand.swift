import ArchiveCachePolicy
import BannerFindings
import Fleet
import Foundation
import NativeFindings
import Pictures
import Replay
import Reports
import TurboRecording
import VariantAnalysis

enum ArchiveCommand {
    static let spec = CommandSpec(
        name: "archive",
        summary: "What an iOS web-archive cache would have done: one native log's decisions, or --summary over many.",
        usage: "archive [options] FILE|-   or   archive --summary [options] PATH...",
        options: [Options.format, Options.summary, Options.jobs, Options.all, Options.quiet, .lenient] + ArchiveOptions.options,
        findings: [.archive],
        discussion: """
            FILE is an iOS native recording (its first record {"type":"meta","version":1,"recording":"native"}):
            its finish and url-change records capture pages, launch cancels a pending capture, cache-clear
            and cache-remove empty the cache, and each presented error with a url is served from the
            archive (-1009 and the page cached), missed (-1009, not cached: a toast), or passed (another
            offline failure: the error view shows). '-' reads standard input as lines arrive.
            The cache is iOS-only: a recording whose meta (or config) says android is refused (65).
            --summary reads every NAME.jsonl under each PATH (searched recursively, goldens excluded) with
            the same settings: offline error views, served, missed by reason, passed (and how many the
            cache held), archive age at serve, archives at the end, and the logs to open for each finding
            (offline-miss, not-intercepted, stale-archive). Web and Android logs are counted and skipped.
            Exit status: 0 ok, 64 usage, 65 malformed recording or config (or an Android one),
            66 unreadable input, 74 the output could not be written.
            """
    )

    struct Options {
        static let format = OutputFormat.option(
            [.text, .jsonl, .json], help: "One log: text, a table (default), or jsonl, the canonical decisions. --summary: text (default) or json.")
        static let summary = Option(name: "summary", value: nil, help: "Add up every native log under PATH...: the what-if for a fleet.")
        static let jobs = FleetOptions.jobs().onlyWith(summary)
        static let all = FleetOptions.all.onlyWith(summary)
        static let quiet = FleetOptions.quiet.onlyWith(summary)

        var paths: [String]
        var summary: Bool
        var format: OutputFormat
        var all: Bool
        /// `--quiet`: no progress on standard error.
        var quiet: Bool
        var fleet: FleetOptions
        var config: NativeConfig

        init(_ arguments: ParsedArguments) throws {
            config = try ArchiveOptions(arguments, command: spec.name).config
            summary = arguments.flag(Self.summary)
            all = arguments.flag(Self.all)
            quiet = arguments.flag(Self.quiet)
            fleet = try FleetOptions(arguments, command: spec.name)
            if summary {
                paths = arguments.positionals
                guard !paths.isEmpty else {
                    throw UsageError(message: "missing the logs to summarise, e.g. turbo-replay archive --summary logs/", command: spec.name)
                }
                format = try OutputFormat(arguments, Self.format, allowed: [.text, .json], command: spec.name)
            } else {
                if let option = arguments.given(among: [Self.jobs, Self.all]).first {
                    throw UsageError(message: "'\(option.spelling)' only applies with --summary", command: spec.name)
                }
                paths = [try arguments.recording(for: spec.name, verb: "replay")]
                format = try OutputFormat(arguments, Self.format, command: spec.name)
            }
        }
    }

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        let config = options.config
        if options.summary { return try summary(options, console: console) }
        let path = options.paths[0], format = options.format
        let reader = try NativeRecordingReader(path: path, lenient: options.fleet.lenient) { console.skipped($0) }
        defer {
            console.reportSkipped(reader.skipped, in: reader.path)
            console.reportGaps(reader.gaps, in: reader.path)
            console.reportCuts(reader.cuts, in: reader.path)
        }
        let printer = NativeTimelinePrinter<ArchiveDecision>(
            console: console, jsonl: format == .jsonl, streaming: path == "-",
            header: { [ArchiveTextTimeline.settings(config.archive.settings), ArchiveTextTimeline.header] },
            row: ArchiveTextTimeline.row, line: \.jsonLine)
        try replayArchive(reader, config: config, observe: printer.observe, emit: printer.emit)
        return .ok
    }

    private static func summary(_ options: Options, console: Console) throws -> ExitCode {
        let paths = try FleetRun.logs(options.paths, fromStandardInput: false, console: console)
        // Added up as the logs are read, in path order, each log's skipped lines and failure on
        // standard error as it comes: the run holds a few logs at a time, not the fleet.
        let reading = ArchiveReading(config: options.config)
        var totals = reading.totals
        let progress = FleetProgress(total: paths.count, quiet: options.quiet, console: console)
        try ArchiveFleet.stream(paths, reading: reading, lenient: options.fleet.lenient, jobs: options.fleet.jobs) { file in
            FleetRun.report(file, console: console, progress: progress)
            totals.add(file)
        }
        progress?.clear()
        if options.format == .json {
            try console.print(totals.json())
        } else {
            for line in totals.text(listing: options.all ? nil : 10) { try console.print(line) }
        }
        return FleetRun.status(totals.failures)
    }
}
