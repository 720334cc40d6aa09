import BannerFindings
import Fleet
import Foundation
import Goldens
import NativeFindings
import OfflineBanner
import Pictures
import Reports
import TurboRecording
import VariantAnalysis

enum TuneCommand {
    static let spec = CommandSpec(
        name: "tune",
        summary: "Replay recordings under every combination of timings (and a variant), one row per combination.",
        usage:
            "tune [--debounce-ms LIST] [--flash-ms LIST] [--variant NAME] [options] PATH...|- | tune --partial [options] PATH...|- | tune --merge [--partial] PARTIAL...|-",
        options: [
            Options.debounces, Options.flashes, Options.variants, Options.format, Options.blink, Options.plot, FleetOptions.jobs(), .lenient,
            FleetOptions.partial, FleetOptions.merge, FleetOptions.quiet, BannerOptions.locale, BannerOptions.config,
        ],
        discussion: """
            Every web recording NAME.jsonl under PATH (searched recursively; goldens and native recordings
            skipped) is read once and replayed under every combination of debounce, flash and variant (v1,
            then each --variant), with the copy of --config/--locale for every file (NAME.config.json is not
            read, nor a config's "variant": name variants with --variant). One row per combination, summed
            over the recordings:
              sessions         the web recordings read (the text's column "recordings"; the key
                               keeps its first name)
              pillEpisodes     the times the banner became offline from anything else (as stats counts them)
              pillMs           their total duration; one still up ends with its log (its last record, or a
                               timer that fired after it)
              toasts           submissions told to the user
              flapsSuppressed  offline debounces cancelled by online before they fired
              unannouncedMs    time connected, navigator.onLine false and no pill up (ends as pillMs does)
              blinks           pill episodes shorter than --blink-ms
              flashes          the times the banner became back-online
            --format jsonl prints exactly one object per combination, keys in this order: debounceMs,
            flashMs, variant (null for v1), sessions, pillEpisodes, pillMs, toasts, flapsSuppressed,
            unannouncedMs, blinks, flashes.
            The rows do not depend on --jobs. A malformed or unreadable file is reported (name:line) and
            left out; the rest are still read.
            Past one machine, as for stats: `tune --partial` (PATHs, or '-': one path per line on
            standard input) writes each log's counts under every combination as JSON Lines, and
            `tune --merge PARTIAL...|-` prints exactly the rows one tune over all the logs prints (and
            draws them with --plot); partials made with other combinations, --lenient or --blink-ms are
            refused (65). `tune --merge --partial PARTIAL...` writes one partial of them all instead,
            which merges again to the same rows (merges chain, as for stats).
            Exit status: 0 ok, 64 usage, 65 some file (or the config) malformed, 66 some file unreadable,
            73 the plot cannot be created, 74 the output could not be written whole.
            """
    )

    struct Options {
        static let debounces = Option.debounce(.tried)
        static let flashes = Option.flash(.tried)
        static let variants = Option.variant(.tried)
        static let format = OutputFormat.option([.text, .jsonl], help: "text: a table (default); jsonl: one JSON object per combination.")
        static let blink = Option(name: "blink-ms", value: "MS", help: "A pill shorter than this is a blink (default: 1000).")
        static let plot = Option(
            name: "plot", value: "OUT.svg",
            help: "Also draw the trade-off (time offline unannounced against blinks and flashes, by debounce) as an SVG ('-': standard output).")
        /// What a merge takes from its partials instead of the command line.
        static let madeByThePartials = FleetOptions.options + BannerOptions.copyOptions + [debounces, flashes, variants, blink]

        var paths: [String]
        var format: OutputFormat
        var plot: String?
        var merge: Bool
        var partial: Bool
        var fromStandardInput: Bool
        var fleet: FleetOptions
        /// `--quiet`: no progress on standard error.
        var quiet: Bool
        var settings: BannerSettings
        var combinations: [TuneCombination]
        var blinkMs: Double

        init(_ arguments: ParsedArguments) throws {
            paths = arguments.positionals
            merge = arguments.flag(FleetOptions.merge)
            guard !paths.isEmpty else {
                throw UsageError(
                    message: merge
                        ? "missing the partials to merge, e.g. turbo-replay tune --merge part-*.jsonl (or - for standard input)"
                        : "missing the recordings to tune over, e.g. turbo-replay tune --debounce-ms 300,800,1500 recordings",
                    command: spec.name)
            }
            format = try OutputFormat(arguments, Self.format, command: spec.name)
            plot = arguments.value(Self.plot)
            if format == .jsonl, plot == "-" {
                throw UsageError(
                    message: "--plot - would mix the SVG into the JSON lines: write it to a file, e.g. --plot tune.svg",
                    command: spec.name)
            }
            partial = arguments.flag(FleetOptions.partial)
            if merge, let option = arguments.given(among: Self.madeByThePartials).first {
                throw UsageError(message: "--merge takes its combinations from the partials; drop \(option.spelling)", command: spec.name)
            }
            // '-' lists the logs on standard input, as for stats: each is read once, under every
            // combination at once.
            fromStandardInput = paths == ["-"]
            if !merge, paths.contains("-"), !fromStandardInput {
                throw UsageError(
                    message: "'-' reads the paths of the logs from standard input, one per line: give it alone, or give files or directories",
                    command: spec.name)
            }
            fleet = try FleetOptions(arguments, command: spec.name)
            quiet = arguments.flag(FleetOptions.quiet)
            settings = try BannerOptions.copySettings(arguments, command: spec.name)
            let debounces = try TuneCommand.list(arguments.value(Self.debounces), option: Self.debounces) ?? [settings.debounce]
            let flashes = try TuneCommand.list(arguments.value(Self.flashes), option: Self.flashes) ?? [settings.flash]
            var variants: [BannerVariant] = []
            for name in arguments.value(Self.variants).map(TuneCommand.items) ?? [] {
                let variant = try BannerOptions.variant(named: name, command: spec.name)
                if !variants.contains(variant) { variants.append(variant) }
            }
            combinations = TuneCombination.all(debounces: debounces, flashes: flashes, variants: variants)
            blinkMs = try arguments.value(Self.blink).map { try milliseconds($0, option: Self.blink, command: spec.name) } ?? Tune.defaultBlinkMs
        }
    }

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        if let plot = options.plot, plot != "-" { console.sweepTemporaries(of: plot) }
        if options.merge {
            if let plot = options.plot { try refuseOutput(plot, overwriting: options.paths, option: Options.plot, command: spec.name) }
            if options.partial {
                var logs = 0
                _ = try TunePartial.merge(options.paths, headers: { try console.print($0) }) { _, line in
                    try console.print(String(decoding: line, as: UTF8.self))
                    logs += 1
                }
                try console.print(TunePartial.frame.trailer(logs: logs))
                return .ok
            }
            // Skipped lines and failures on standard error as the logs come, in key order.
            let merged = try TunePartial.merge(options.paths, each: { file, _ in FleetRun.report(file, console: console) })
            return try report(merged.tune, options: options, console: console)
        }
        let reading = TuneReading(settings: options.settings, combinations: options.combinations, blinkMs: options.blinkMs)
        let lenient = options.fleet.lenient
        if let plot = options.plot { try refusePlot(plot, overwritingLogsUnder: options) }
        let paths = try FleetRun.logs(options.paths, fromStandardInput: options.fromStandardInput, key: FleetLogs.byKey, console: console)
        if options.partial {
            // Each log's line as it is read, in key order; the partial holds the failures and
            // warnings, and the merge reports them.
            try TunePartial.write(paths, reading: reading, lenient: lenient, jobs: options.fleet.jobs, console.print)
            return .ok
        }
        // Added up as the logs are read, in key order, their skipped lines and failures on
        // standard error as they come: the run holds a few logs at a time, as a merge does.
        let progress = FleetProgress(total: paths.count, quiet: options.quiet, console: console)
        let tune = try Tune.sum(paths, reading: reading, lenient: lenient, jobs: options.fleet.jobs) {
            FleetRun.report($0, console: console, progress: progress)
        }
        progress?.clear()
        return try report(tune, options: options, console: console)
    }

    /// `--plot` onto a log it reads is refused before anything is read. The logs are listed once
    /// more for it (on disk, as the run lists them), and only when the plot's file exists: a
    /// file that does not exist is no log.
    private static func refusePlot(_ plot: String, overwritingLogsUnder options: Options) throws {
        try refuseOutput(plot, overwriting: options.paths, option: Options.plot, command: spec.name)
        guard plot != "-", !options.fromStandardInput, FileManager.default.fileExists(atPath: plot) else { return }
        let (logs, _) = try RecordingFiles.stream(in: options.paths, goldenParts: GoldenCase.reservedParts)
        while let log = try logs.next() { try refuseOutput(plot, overwriting: [log], option: Options.plot, command: spec.name) }
    }

    /// The rows (and the plot), after the warnings and errors on standard error in key order
    /// (printed as the logs were added up); the status says whether every file could be read.
    private static func report(_ tune: Tune, options: Options, console: Console) throws -> ExitCode {
        if options.format == .jsonl {
            for row in tune.rows { try console.print(TuneReport.json(row)) }
        } else {
            for line in TuneReport.text(tune) { try console.print(line) }
        }
        if let plot = options.plot {
            let svg = TunePlot.render(tune, about: "tune " + options.paths.joined(separator: " "))
            if plot == "-" {
                try console.print(String(svg.dropLast()))
            } else {
                try writeOutputFile(path: plot, contents: Array(svg.utf8))
            }
        }
        let failures = tune.merged?.failures ?? KeptFailures(tune.failures)
        return FleetRun.status(failures)
    }

    fileprivate static func items(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) }
    }

    /// A LIST of milliseconds, sorted, without repeats.
    fileprivate static func list(_ text: String?, option: Option) throws -> [Double]? {
        guard let text else { return nil }
        var values: Set<Double> = []
        for item in items(text) {
            guard isDecimal(item), let value = Double(item), value.isFinite, value >= 0 else {
                throw UsageError(
                    message: "'\(option.spelling)' takes milliseconds, 0 or more, separated by commas, e.g. \(option.spelling) 300,800,1500 (got '\(item)')",
                    command: spec.name)
            }
            try refuseInexact(value, text: item, option: option, command: spec.name)
            values.insert(value)
        }
        return values.sorted()
    }
}
