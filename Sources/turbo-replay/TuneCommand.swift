import BannerFindings
import Fleet
import NativeFindings
import Pictures
import Reports
import VariantAnalysis
import Foundation
import Goldens
import OfflineBanner
import TurboRecording

enum TuneCommand {
    static let spec = CommandSpec(
        name: "tune",
        summary: "Replay recordings under every combination of timings (and a variant), one row per combination.",
        usage: "tune [--debounce-ms LIST] [--flash-ms LIST] [--variant NAME] [options] PATH... | tune --partial [options] PATH...|- | tune --merge PARTIAL...|-",
        options: [
            .init(name: "debounce-ms", value: "LIST", help: "Offline debounces to try, comma-separated (e.g. 300,800,1500; default: 800, or the config's)."),
            .init(name: "flash-ms", value: "LIST", help: "Back-online flashes to try, comma-separated (default: 2000, or the config's)."),
            .init(name: "variant", value: "NAME",
                  help: "Also replay under this variant (comma-separated for several): \(BannerVariant.allCases.map(\.name).joined(separator: ", ")). v1 is always replayed."),
            .init(name: "format", value: "text|jsonl", help: "text: a table (default); jsonl: one JSON object per combination."),
            .init(name: "plot", value: "OUT.svg", help: "Also draw the trade-off (pill time and flaps suppressed against the debounce) as an SVG ('-': standard output)."),
            .init(name: "jobs", value: "N", help: "Files replayed in parallel (default: all cores). Output is the same."),
            .lenient,
            .init(name: "partial", value: nil, help: "Write a mergeable summary of the files read (JSON Lines) instead of the rows."),
            .init(name: "merge", value: nil, help: "Read partials (files, or - for standard input) and print the rows for all their logs."),
        ] + BannerOptions.specs.filter { $0.name == "locale" || $0.name == "config" },
        discussion: """
        Every web recording NAME.jsonl under PATH (searched recursively; goldens and native recordings
        skipped) is read once and replayed under every combination of debounce, flash and variant (v1,
        then each --variant), with the copy of --config/--locale for every file (NAME.config.json is not
        read, nor a config's "variant": name variants with --variant). One row per combination, summed
        over the recordings:
          sessions         the web recordings read
          pillEpisodes     the times the banner became offline from anything else (as stats counts them)
          pillMs           their total duration; one still up ends with its log (its last record, or a
                           timer that fired after it)
          toasts           submissions told to the user
          flapsSuppressed  offline debounces cancelled by online before they fired
        --format jsonl prints exactly one object per combination, keys in this order: debounceMs,
        flashMs, variant (null for v1), sessions, pillEpisodes, pillMs, toasts, flapsSuppressed.
        The rows do not depend on --jobs. A malformed or unreadable file is reported (name:line) and
        left out; the rest are still read.
        Past one machine, as for stats: `tune --partial` (PATHs, or '-': one path per line on
        standard input) writes each log's counts under every combination as JSON Lines, and
        `tune --merge PARTIAL...|-` prints exactly the rows one tune over all the logs prints (and
        draws them with --plot); partials made with other combinations or --lenient are refused (65).
        Exit status: 0 ok, 64 usage, 65 some file (or the config) malformed, 66 some file unreadable,
        73 the plot cannot be created, 74 the output could not be written whole.
        """
    )

    @MainActor static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        guard !arguments.positionals.isEmpty else {
            throw UsageError(message: "missing the recordings to tune over, e.g. turbo-replay tune --debounce-ms 300,800,1500 recordings",
                             command: spec.name)
        }
        let format = try arguments.format(for: spec.name)
        if format == "jsonl", arguments.values["plot"] == "-" {
            throw UsageError(message: "--plot - would mix the SVG into the JSON lines: write it to a file, e.g. --plot tune.svg",
                             command: spec.name)
        }
        if arguments.flag("merge") {
            for option in ["partial", "jobs", "lenient", "locale", "config", "debounce-ms", "flash-ms", "variant"] where arguments.values[option] != nil {
                throw UsageError(message: "--merge takes its combinations from the partials; drop --\(option)", command: spec.name)
            }
            return try report(TunePartial.merge(arguments.positionals).tune, arguments: arguments, format: format, console: console)
        }
        let fromStandardInput = arguments.positionals == ["-"] && arguments.flag("partial")
        if arguments.positionals.contains("-") && !fromStandardInput {
            throw UsageError(message: "tune replays files many times over: give files or directories, not '-' "
                             + "(tune --partial - reads the paths of the logs from standard input)", command: spec.name)
        }
        let jobs = try arguments.values["jobs"].map { try CheckCommand.jobCount($0, command: spec.name) }
            ?? ProcessInfo.processInfo.activeProcessorCount
        let settings = try BannerOptions.copySettings(arguments, command: spec.name)
        let debounces = try list(arguments.values["debounce-ms"], option: "debounce-ms") ?? [settings.debounce]
        let flashes = try list(arguments.values["flash-ms"], option: "flash-ms") ?? [settings.flash]
        var variants: [BannerVariant] = []
        for name in arguments.values["variant"].map(items) ?? [] {
            let variant = try BannerOptions.variant(named: name, command: spec.name)
            if !variants.contains(variant) { variants.append(variant) }
        }
        let combinations = TuneCombination.all(debounces: debounces, flashes: flashes, variants: variants)

        let paths = fromStandardInput ? FleetLogs.pathsFromStandardInput() : try RecordingFiles.find(in: arguments.positionals)
        if paths.isEmpty {
            console.error("turbo-replay: warning: no recordings (*.jsonl) under \(arguments.positionals.joined(separator: " "))")
        }
        let lenient = arguments.flag("lenient")
        let tune = Tune.analyze(paths, settings: settings, combinations: combinations, lenient: lenient, jobs: jobs)
        if arguments.flag("partial") {
            try TunePartial.write(tune, lenient: lenient, console.print)
            // The partial holds the failures and warnings; the merge reports them.
            return .ok
        }
        return try report(tune, arguments: arguments, format: format, console: console)
    }

    /// The rows (and the plot), after the warnings and errors on standard error in path order;
    /// the status says whether every file could be read.
    @MainActor private static func report(_ tune: Tune, arguments: ParsedArguments, format: String, console: Console) throws -> ExitCode {
        for file in tune.files {
            for warning in file.warnings { console.skipped(warning) }
        }
        for failure in tune.failures { console.error("turbo-replay: error: \(failure)") }

        if format == "jsonl" {
            for row in tune.rows { try console.print(TuneReport.json(row)) }
        } else {
            for line in TuneReport.text(tune) { try console.print(line) }
        }
        if let plot = arguments.values["plot"] {
            let svg = TunePlot.render(tune, about: "tune " + arguments.positionals.joined(separator: " "))
            if plot == "-" {
                try console.print(String(svg.dropLast()))
            } else {
                try writeOutputFile(path: plot, contents: Array(svg.utf8))
            }
        }
        if tune.failures.contains(where: { $0.kind == .malformed }) { return .dataError }
        if tune.failures.contains(where: { $0.kind == .unreadable }) { return .noInput }
        return .ok
    }

    private static func items(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) }
    }

    /// A LIST of milliseconds, sorted, without repeats.
    private static func list(_ text: String?, option: String) throws -> [Double]? {
        guard let text else { return nil }
        var values: Set<Double> = []
        for item in items(text) {
            guard let value = Double(item), value.isFinite, value >= 0 else {
                throw UsageError(message: "'--\(option)' takes milliseconds, 0 or more, separated by commas, e.g. --\(option) 300,800,1500 (got '\(item)')",
                                 command: spec.name)
            }
            values.insert(value)
        }
        return values.sorted()
    }
}
