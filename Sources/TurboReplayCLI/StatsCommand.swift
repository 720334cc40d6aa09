import BannerFindings
import Fleet
import Foundation
import Goldens
import NativeErrorPolicy
import NativeFindings
import OfflineBanner
import Pictures
import PolicyRegistry
import Replay
import Reports
import TurboRecording
import VariantAnalysis

enum StatsCommand {
    static let spec = CommandSpec(
        name: "stats",
        summary: "Summarise many recordings: pill episodes and durations, toasts, native decisions, findings.",
        usage: "stats [options] PATH... | stats --partial [options] PATH...|- | stats --merge [--partial] PARTIAL...|-",
        options: [
            FleetOptions.jobs(), Options.format, FleetOptions.all, .lenient, FleetOptions.partial, FleetOptions.merge, FleetOptions.quiet,
            Options.by, Options.perLog,
        ]
            + BannerOptions.options + [Options.variant, NativeOptions.maxOpenViews],
        findings: PolicyDescription.all.filter { $0.statsSection != nil }.map(\.id),
        discussion: """
            Every NAME.jsonl under PATH (searched recursively, goldens *.expected.jsonl excluded) is
            analysed as `explain` does. Web logs: pill episodes by cause, pill duration (median, p90,
            max), toasts, silent submissions by status, findings by id and the recordings that show
            each. Native logs (replayed with each log's platform and the default settings): error views
            by variant, retries by trigger, launches (time to web: median, p90, max, the slowest logs;
            stalled, through the error screen, offseason: with the logs that show each), and native
            findings with the logs that show each. --variant takes either kind: a banner variant
            (recover-on-response) replays the web logs under it, a retry variant (probe-once) the native ones.
            The output does not depend on --jobs or on the order
            in which files finish. A malformed or unreadable
            file is reported (name:line) and counted; the rest are still read.

            A web recording read with the app's log whose web-session names its meta.session (both among
            the logs of one run, or of one partial), or beside NAME.native.jsonl when that log names no
            page, is also an app session ("not paired" lists app logs naming no page among the logs, and
            pairs by name whose app log names other pages), as 'turbo-replay session' reads it (startedAt
            alignment, the app's own platform, late after 2000 ms): both logs still count above, and an
            "app sessions" section adds dropToPill, edgeToClear and edgeToPage over the fleet (count, median,
            p90, max; stuck edges) and the session findings with the sessions that show each.

            Past one machine, as the map and reduce steps of an existing engine: `stats --partial`
            summarises the logs it is given (PATHs, or '-': one path per line on standard input) as
            JSON Lines; `stats --merge` reads any number of partials (files, or '-': partials one after
            another on standard input) and prints exactly the report one `stats` over all the logs
            prints. Partials carry counts and quantile-sketch buckets, not episodes: medians and p90
            (here as in a single run) are within 0.5% of exact, the max exact. Partials made with other
            settings (debounce, flash, --variant, --lenient, a config's findings rules), partials that
            counted other finding ids or figures than each other or this turbo-replay (each header
            names them), one log twice (by real path), a partial without its header or trailer, or an
            impossible value or total, are an error (65).
            Merges chain: `stats --merge --partial PARTIAL...` checks what a merge checks and writes
            one partial of every log read, sorted, instead of the report; merging merged partials
            prints the same report, so a reduce can be a tree (a merge opens at most 4096 runs).
            Exit status: 0 ok, 64 usage, 65 some file (or partial) malformed, 66 some file unreadable
            (or no PATH), 74 the output could not be written.
            """
    )

    struct Options {
        static let format = OutputFormat.option([.text, .json], help: "text: a report for people (default); json: one JSON object.")
        static let by = Option(
            name: "by", value: StatsGrouping.allCases.map(\.rawValue).joined(separator: "|"),
            help: "Also a report per group of logs: by meta.app.version, platform or the UTC day of startedAt (a log without it: unknown).")
        static let perLog = Option(
            name: "per-log", value: "FILE",
            help: "Also write one row per log to FILE (.csv: CSV; .jsonl: JSON Lines): its identity, figures and findings by id.")
        /// A variant of either kind: the banner's applies to the web logs, the retry policy's to
        /// the native ones.
        static let variant = Option.variant(.fleet)
        /// What a merge takes from its partials instead of the command line.
        static let madeByThePartials = FleetOptions.options + BannerOptions.options + [variant, NativeOptions.maxOpenViews]

        var paths: [String]
        var format: OutputFormat
        var all: Bool
        var merge: Bool
        var partial: Bool
        /// `--quiet`: no progress on standard error.
        var quiet: Bool
        var fleet: FleetOptions
        var banner: BannerOptions
        /// `--by`: the report per group too; on a merge, what the partials must be grouped by.
        var by: StatsGrouping?
        /// `--per-log FILE`, and how its rows are written (by its extension).
        var perLog: (path: String, format: PerLogTable.Format)?
        /// The native logs' settings: the defaults, under `--variant` when it names a retry variant.
        var native = NativeConfig()

        init(_ arguments: ParsedArguments) throws {
            paths = arguments.positionals
            format = try OutputFormat(arguments, Self.format, allowed: [.text, .json], command: spec.name)
            all = arguments.flag(FleetOptions.all)
            merge = arguments.flag(FleetOptions.merge)
            partial = arguments.flag(FleetOptions.partial)
            quiet = arguments.flag(FleetOptions.quiet)
            if let name = arguments.value(Self.by) {
                guard let by = StatsGrouping(rawValue: name) else {
                    throw UsageError(
                        message: "'--by' takes " + StatsGrouping.allCases.map(\.rawValue).joined(separator: ", ") + " (got '\(name)')",
                        command: spec.name)
                }
                self.by = by
            }
            if let path = arguments.value(Self.perLog) {
                guard !merge else {
                    throw UsageError(
                        message: "--per-log reads the logs, and a partial keeps no log's identity: give it to each stats --partial instead",
                        command: spec.name)
                }
                guard let format = PerLogTable.Format(path: path) else {
                    throw UsageError(message: "--per-log \(path): name it .csv (CSV) or .jsonl (JSON Lines)", command: spec.name)
                }
                perLog = (path, format)
            }
            if merge {
                guard !paths.isEmpty else {
                    throw UsageError(
                        message: "missing the partials to merge, e.g. turbo-replay stats --merge part-*.jsonl (or - for standard input)",
                        command: spec.name)
                }
                if let option = arguments.given(among: Self.madeByThePartials).first {
                    throw UsageError(message: "--merge takes its settings from the partials; drop \(option.spelling)", command: spec.name)
                }
            } else if paths.isEmpty {
                throw UsageError(message: "missing the recordings to summarise, e.g. turbo-replay stats recordings", command: spec.name)
            }
            fleet = try FleetOptions(arguments, command: spec.name)
            native.maxOpenViews = try NativeOptions.maxOpenViews(arguments, command: spec.name)
            banner = try BannerOptions(arguments, command: spec.name, readsVariant: false)
            if let name = arguments.value(Self.variant) {
                switch GoldenVariant(name: name) {
                case .banner(let variant)?:
                    banner.variant = variant
                    banner.settings.variants.insert(variant)
                case .retry(let variant)?:
                    native.variant = variant
                case nil:
                    throw UsageError(
                        message: "unknown variant '\(name)'; use " + GoldenVariant.allNames.map { "--variant \($0)" }.joined(separator: " or ")
                            + (name == "v1" ? " (v1 is the default: leave --variant out)" : ""), command: spec.name)
                }
            }
        }
    }

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        if options.merge { return try merge(options, console: console) }
        guard let perLog = options.perLog else { return try read(options, console: console, row: { _, _ in })() }
        try refusePerLog(perLog.path, overwritingLogsUnder: options)
        // The rows are written as the logs are read, into a temporary renamed over the file at
        // the end; the report waits for it, and a file that could not be written whole ends the
        // command with 73 or 74 (never 0), its old contents untouched.
        var finish: (() throws -> ExitCode)?
        try replaceAtomically(path: perLog.path) { write in
            if let header = PerLogTable.header(perLog.format) { try write(Array((header + "\n").utf8)) }
            finish = try read(options, console: console) { file, session in
                try write(Array((PerLogTable.line(PerLogTable.row(file, session: session), perLog.format) + "\n").utf8))
            }
        }
        return try finish!()
    }

    /// `--per-log` onto a log it reads is refused before anything is read, as `tune --plot` is.
    private static func refusePerLog(_ path: String, overwritingLogsUnder options: Options) throws {
        try refuseOutput(path, overwriting: options.paths, option: Options.perLog, command: spec.name)
        guard options.paths != ["-"], FileManager.default.fileExists(atPath: path) else { return }
        let (logs, _) = try RecordingFiles.stream(in: options.paths, goldenParts: GoldenCase.reservedParts)
        while let log = try logs.next() { try refuseOutput(path, overwriting: [log], option: Options.perLog, command: spec.name) }
    }

    /// The logs read, each handed to `row` (with its app session) in key order as it is added
    /// up; then what prints the report (or, with `--partial`, nothing more) and gives the status.
    private static func read(
        _ options: Options, console: Console, row: (StatsFile, StatsSession?) throws -> Void
    ) throws -> () throws -> ExitCode {
        let settings = options.banner.settings
        let lenient = options.fleet.lenient
        // In key order, held on disk: the run holds a few logs at a time, not the fleet, nor a
        // list of it.
        let reading = StatsReading(settings: settings, native: options.native, rules: options.banner.rules)
        let paths = try FleetRun.logs(options.paths, fromStandardInput: options.paths == ["-"], key: FleetLogs.byKey, console: console)
        let progress = FleetProgress(total: paths.count, quiet: options.quiet, console: console)
        defer { progress?.clear() }
        if options.partial {
            // Each log's line is written as it is read; from the first app session on they wait in
            // a spool, since which latencies are sketched depends on all of them.
            let partialSettings = StatsPartial.Settings(
                settings, retry: Set(options.native.variant.map { [$0] } ?? []), rules: options.banner.rules, lenient: lenient, by: options.by)
            var writer = try StatsPartial.Writer(settings: partialSettings, print: console.print)
            try FleetStats.analyzeInKeyOrder(paths, reading: reading, lenient: lenient, jobs: options.fleet.jobs) { file, session in
                try writer.add(file, session: session)
                try row(file, session)
                progress?.read(file.path)
            }
            try writer.finish()
            // The partial holds the failures and warnings; the merge reports them.
            return { .ok }
        }
        // The report folds each log as it is read, in key order: the run holds a few logs at a
        // time, not the fleet.
        var totals = Totals(options.by, rules: options.banner.rules)
        try FleetStats.analyzeInKeyOrder(paths, reading: reading, lenient: lenient, jobs: options.fleet.jobs) { file, session in
            if file.speaks(with: session) { progress?.clear() }
            fold(file, session, group: options.by.map { ($0, $0.key(of: file)) }, into: &totals, console: console)
            try row(file, session)
            progress?.read(file.path)
        }
        progress?.clear()
        return { [totals] in try report(totals, format: options.format, all: options.all, console: console) }
    }

    /// The fleet's totals, or with `--by` each group's too: one of the two, mutated in place
    /// (an enum's payload taken out and put back would copy its kept logs for every log).
    struct Totals {
        private(set) var fleet: StatsTotals?
        private(set) var grouped: GroupedTotals?

        init(_ by: StatsGrouping?, rules: FindingRules = FindingRules()) {
            if let by { grouped = GroupedTotals(by: by, rules: rules) } else { fleet = StatsTotals(rules: rules) }
        }

        var all: StatsTotals { fleet ?? grouped!.all }

        mutating func add(_ file: StatsFile, session: StatsSession?, group: (by: StatsGrouping, key: String?)?) {
            fleet?.add(file, session: session)
            grouped?.add(file, session: session, group: group?.key)
        }

        mutating func set(rules: FindingRules) {
            fleet?.rules = rules
            grouped?.rules = rules
        }
    }

    /// `--merge`: the partials' logs streamed in key order and folded into the totals, or with
    /// `--partial`, written out as one partial (a merge of merges reads the same lines).
    private static func merge(_ options: Options, console: Console) throws -> ExitCode {
        if options.partial {
            var logs = 0
            _ = try StatsPartial.read(options.paths, headers: { try console.print($0) }) { _, _, line in
                try console.print(String(decoding: line, as: UTF8.self))
                logs += 1
            }
            try console.print(StatsPartial.trailer(logs: logs))
            return .ok
        }
        var totals: Totals?
        let settings = try StatsPartial.readGrouped(options.paths) { file, session, group, _ in
            if totals == nil { totals = Totals(group?.by) }
            fold(file, session, group: group, into: &totals!, console: console)
        }
        if let by = options.by, settings?.by != by {
            throw RecordingError(
                .malformed, path: options.paths.joined(separator: " "), line: nil,
                "--by \(by.rawValue), and these partials are \(settings?.by.map { "grouped by \($0.rawValue)" } ?? "not grouped"): make them with stats --partial --by \(by.rawValue)"
            )
        }
        var merged = totals ?? Totals(settings?.by)
        // The report lists and levels the findings as one run with the partials' config would.
        merged.set(rules: FindingRules(checked: settings?.rules ?? FindingsConfig()))
        try merged.all.sessions.refuseSketchesOfTooFew(from: options.paths)
        return try report(merged, format: options.format, all: options.all, console: console)
    }

    /// One log into the totals, its skipped lines and failures on standard error as it comes:
    /// in key order, in a single run as in a merge, so that stderr is as stable as stdout.
    private static func fold(
        _ file: StatsFile, _ session: StatsSession?, group: (by: StatsGrouping, key: String?)?, into totals: inout Totals, console: Console
    ) {
        FleetRun.report(file, console: console)
        if case .failed(let error)? = session?.outcome { console.failure(error) }
        totals.add(file, session: session, group: group)
    }

    /// The report; the status says whether every file could be read (`FleetRun.status`).
    private static func report(_ totals: Totals, format: OutputFormat, all: Bool, console: Console) throws -> ExitCode {
        let listing = all ? nil : 10
        if let grouped = totals.grouped {
            if format == .json {
                try console.print(grouped.json())
            } else {
                for line in grouped.text(listing: listing) { try console.print(line) }
            }
        } else if format == .json {
            try console.print(totals.all.json())
        } else {
            for line in totals.all.text(listing: listing) { try console.print(line) }
        }
        let fleet = totals.all
        return FleetRun.status(
            malformed: fleet.malformed + fleet.sessions.failures.malformed,
            unreadable: fleet.unreadable + fleet.sessions.failures.unreadable)
    }
}

extension StatsFile {
    /// The log has a line of its own for standard error (a skipped line, its failure, its
    /// session's), which a progress line drawn in place must make room for.
    fileprivate func speaks(with session: StatsSession?) -> Bool {
        if !warnings.isEmpty || outcome.failure != nil { return true }
        if case .failed? = session?.outcome { return true }
        return false
    }
}
