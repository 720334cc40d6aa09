import BannerFindings
import Fleet
import Foundation
import Goldens
import NativeErrorPolicy
import NativeFindings
import OfflineBanner
import Pictures
import Replay
import Reports
import TurboRecording
import VariantAnalysis

enum WhatIfCommand {
    static let spec = CommandSpec(
        name: "whatif",
        summary: "Replay recordings as v1 and under a variant of the banner, and compare what users saw.",
        usage: "whatif --variant NAME [options] PATH...|-",
        options: [Options.variant, Options.format] + FleetOptions.options + [FleetOptions.quiet] + BannerOptions.options + [NativeOptions.maxOpenViews],
        discussion: """
            Each web recording (NAME.jsonl under PATH, searched recursively; goldens and native recordings
            skipped) is replayed twice at once, as v1 and under the variant, with the same copy and timings
            (the options above, for every file; NAME.config.json is not read). For each recording the variant
            changes: the two timelines side by side where they differ (the record that decided it, or 'end'),
            the pill time before and after, in total and per v1 episode (unchanged, shortened, perhaps in
            pieces when the pill came back, or removed). Over many recordings: the totals and the recordings
            where the variant changed most. '-' reads one recording from standard input and prints each
            difference as soon as it is decided. Over many files, how far it has read goes to standard error, as
            for stats (--quiet: none).
            A variant must never make a pill episode longer nor add one (docs/variants.md): if it does,
            WARNING lines say where, and the exit status is 1.
            With a variant of the native retry policy (--variant probe-once), each native log is replayed as v1
            and under it instead (with each log's platform and the default settings; web recordings skipped):
            per log and in total, the automatic retries, the settling probe's retries, and the time error views
            stay up by the policy (policyMs) under each: the variants are compared by it. Beside them, the time
            the app's own log kept the views up (shownMs), the same under both.
            Exit status: 0 compared, no episode lengthened or added; 1 some episode lengthened or added;
            64 usage; 65 a malformed recording or config; 66 an unreadable input; 74 the output could not be
            written. When several apply, the highest wins.
            """
    )

    struct Options {
        static let variant = Option.variant(.compared)
        static let format = OutputFormat.option(
            [.text, .jsonl], help: "text: a report for people (default); jsonl: a JSON line per difference, per recording, and the totals.")

        var paths: [String]
        var variant: BannerVariant
        /// A retry variant: the native logs are compared instead of the web recordings.
        var retry: RetryVariant?
        var format: OutputFormat
        var fleet: FleetOptions
        /// `--quiet`: no progress on standard error.
        var quiet: Bool
        /// The copy and timings of both replays (WhatIf sets the variants of each).
        var settings: BannerSettings
        /// The native logs' replays, with a retry variant: only `--max-open-views` is read.
        var native = NativeConfig()

        init(_ arguments: ParsedArguments) throws {
            guard let name = arguments.value(Self.variant) else {
                throw UsageError(
                    message: "whatif compares v1 with a variant: add " + GoldenVariant.allNames.map { "--variant \($0)" }.joined(separator: " or "),
                    command: spec.name)
            }
            if let retry = RetryVariant(name: name) {
                self.retry = retry
                if let option = arguments.given(among: BannerOptions.options).first {
                    throw UsageError(
                        message: "'\(option.spelling)' sets the banner, and \(name) is a variant of the native retry policy",
                        command: spec.name)
                }
                variant = BannerVariant.allCases[0]
                native.maxOpenViews = try NativeOptions.maxOpenViews(arguments, command: spec.name)
            } else {
                variant = try BannerOptions.variant(named: name, command: spec.name)
                if arguments.value(NativeOptions.maxOpenViews) != nil {
                    throw UsageError(
                        message: "'\(NativeOptions.maxOpenViews.spelling)' bounds the native logs' replays, and \(name) is a variant of the banner",
                        command: spec.name)
                }
            }
            paths = arguments.positionals
            guard !paths.isEmpty else {
                throw UsageError(
                    message: "missing the recordings to compare, e.g. turbo-replay whatif --variant \(variant.name) recordings",
                    command: spec.name)
            }
            if paths.contains("-"), paths != ["-"] {
                throw UsageError(message: "'-' (standard input) is one recording: give it alone, or give files", command: spec.name)
            }
            format = try OutputFormat(arguments, Self.format, command: spec.name)
            fleet = try FleetOptions(arguments, command: spec.name)
            quiet = arguments.flag(FleetOptions.quiet)
            settings = try BannerOptions(arguments, command: spec.name, readsVariant: false).settings
        }
    }

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        let variant = options.variant, settings = options.settings, lenient = options.fleet.lenient, format = options.format
        if let retry = options.retry { return try native(options, variant: retry, console: console) }
        if options.paths == ["-"] {
            return try stream(settings: settings, variant: variant, format: format, lenient: lenient, console: console)
        }

        let paths = try FleetRun.logs(options.paths, fromStandardInput: false, console: console)
        var printer = FleetPrinter(jsonl: format == .jsonl, console: console)
        var totals = WhatIfTotals(variant: variant)
        var failures = KeptFailures()
        // Each file's report is written as it is read, in a worker thread, and printed here in
        // path order as soon as every file before it is, with its skipped lines and failure on
        // standard error: the run holds a few reports at a time and each recording's counts,
        // never a recording's differences or episodes.
        let stream = WhatIfStream(jsonl: format == .jsonl, unchanged: true)
        let reading = WhatIfReportReading(WhatIfReading(settings: settings, variant: variant), stream: stream)
        let progress = FleetProgress(total: paths.count, quiet: options.quiet, console: console)
        try LogFleet.stream(paths, reading: reading, lenient: lenient, jobs: options.fleet.jobs) { file in
            // A progress line redrawn in place on the terminal goes before the log's own lines.
            progress?.clear()
            FleetRun.report(file, console: console)
            switch file.outcome {
            case .native: totals.addNative()
            case .failed(let error):
                failures.add(error)
                totals.addNotRead()
            case .compared(let summary, let report):
                totals.add(summary)
                try printer.print(report, changed: summary.changed, recordings: totals.recordings)
            }
            progress?.read(file.path)
        }
        progress?.clear()
        try printer.finish(recordings: totals.recordings)
        if format == .jsonl {
            try console.print(WhatIfJSON.totals(totals))
        } else if paths.count > 1 {
            if printer.printed { try console.print("") }
            for line in WhatIfText.totals(totals) { try console.print(line) }
        }

        return max(FleetRun.status(failures), warnAboutWorse(totals.worse.count, variant: variant, console: console))
    }

    /// Prints each compared recording's report in path order: every one in JSON; in text, the
    /// changed ones, a blank line between two, and an unchanged one only when it is the only
    /// recording compared (held until that is known: at most one is).
    struct FleetPrinter {
        let jsonl: Bool
        let console: Console
        private(set) var printed = false
        private var held: TextSpool?

        init(jsonl: Bool, console: Console) {
            self.jsonl = jsonl
            self.console = console
        }

        mutating func print(_ report: TextSpool, changed: Bool, recordings: Int) throws {
            if recordings > 1 { held = nil }
            if jsonl {
                try report.drain(into: console.write)
            } else if changed {
                try show(report)
            } else if recordings == 1 {
                held = report
            }
        }

        mutating func finish(recordings: Int) throws {
            if recordings == 1, let held { try show(held) }
            held = nil
        }

        private mutating func show(_ report: TextSpool) throws {
            if printed { try console.print("") }
            printed = true
            try report.drain(into: console.write)
        }
    }

    /// One recording from standard input, each difference printed as soon as it is decided.
    private static func stream(
        settings: BannerSettings, variant: BannerVariant, format: OutputFormat, lenient: Bool,
        console: Console
    ) throws -> ExitCode {
        let reader = try RecordingReader(path: "-", lenient: lenient, keepObserved: false) { console.skipped($0) }
        let stream = WhatIfStream(jsonl: format == .jsonl, unchanged: true, headerFirst: true)
        let summary: WhatIfSummary
        do {
            summary = try stream.write(
                reader, settings: settings, variant: variant, to: WhatIfOutput(write: console.write, decided: console.flush))
        } catch let error as RecordingError {
            // What was decided before the malformed line stays printed; the error follows it.
            try console.flush()
            throw error
        }
        if format == .jsonl {
            var totals = WhatIfTotals(variant: variant)
            totals.add(summary)
            try console.print(WhatIfJSON.totals(totals))
        }
        console.reportSkipped(reader.skipped, in: reader.path)
        console.reportGaps(reader.gaps, in: reader.path)
        console.reportCut(reader.cut, in: reader.path)
        return warnAboutWorse(summary.pill.worse > 0 ? 1 : 0, variant: variant, console: console)
    }

    /// A retry variant: the native logs' automatic retries and probe retries, v1 against it.
    private static func native(_ options: Options, variant: RetryVariant, console: Console) throws -> ExitCode {
        let lenient = options.fleet.lenient, jsonl = options.format == .jsonl
        var totals = NativeWhatIfTotals(variant: variant)
        var failures = KeptFailures()
        var printed = false
        var progress: FleetProgress?
        // Each log's report as it is read, in path order, its skipped lines and failure on
        // standard error with it: the run holds a few logs' reports at a time, not the fleet's.
        func report(_ file: NativeWhatIfFile) throws {
            totals.add(file)
            // A progress line redrawn in place on the terminal goes before the log's own lines.
            progress?.clear()
            defer { progress?.read(file.path) }
            FleetRun.report(file, console: console)
            switch file.outcome {
            case .failed(let error):
                failures.add(error)
            case .web:
                break
            case .compared(let recording):
                if jsonl {
                    try console.print(NativeWhatIfJSON.recording(recording))
                } else {
                    if printed { try console.print("") }
                    for line in NativeWhatIfText.lines(recording) { try console.print(line) }
                }
                printed = true
            }
        }
        let files: Int
        if options.paths == ["-"] {
            let reader = try NativeRecordingReader(path: "-", lenient: lenient) { console.skipped($0) }
            let recording = try NativeWhatIfRecording.analyze(reader, config: options.native, variant: variant)
            console.reportSkipped(reader.skipped, in: reader.path)
            console.reportGaps(reader.gaps, in: reader.path)
            console.reportCuts(reader.cuts, in: reader.path)
            try report(NativeWhatIfFile(path: reader.path, outcome: .compared(recording)))
            files = 1
        } else {
            let paths = try RecordingFiles.stream(in: options.paths, goldenParts: GoldenCase.reservedParts).listing
            if paths.count == 0 {
                console.error("turbo-replay: warning: no recordings (*.jsonl) under \(options.paths.joined(separator: " "))")
            }
            let reading = NativeWhatIfReading(config: options.native, variant: variant)
            progress = FleetProgress(total: paths.count, quiet: options.quiet, console: console)
            try NativeWhatIfFleet.stream(paths, reading: reading, lenient: lenient, jobs: options.fleet.jobs, each: report)
            progress?.clear()
            files = paths.count
        }
        if jsonl {
            try console.print(NativeWhatIfJSON.totals(totals))
        } else if files > 1 {
            // One log's totals are its own lines again.
            if printed { try console.print("") }
            for line in NativeWhatIfText.totals(totals) { try console.print(line) }
        }
        return FleetRun.status(failures)
    }

    /// The contract says a variant never lengthens nor adds a pill episode: when one did, say it
    /// on standard error too, and fail.
    private static func warnAboutWorse(_ recordings: Int, variant: BannerVariant, console: Console) -> ExitCode {
        guard recordings > 0 else { return .ok }
        console.error(
            "turbo-replay: WARNING: \(variant.name) lengthened or added pill episodes in \(recordings) recording\(recordings == 1 ? "" : "s") (see the WARNING lines above)"
        )
        return .problemsFound
    }
}
