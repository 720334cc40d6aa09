import BannerFindings
import Fleet
import LaunchPolicy
import NativeErrorPolicy
import NativeFindings
import Pictures
import PolicyCore
import PolicyRegistry
import Replay
import Reports
import TurboRecording
import VariantAnalysis

enum NativeCommand {
    static let spec = CommandSpec(
        name: "native",
        summary: "Replay a native recording through the error-view policy and print its decisions.",
        usage: "native [options] FILE|-",
        options: [Options.format, Options.explain, .failOn, .lenient] + NativeOptions.options(Options.native),
        findings: PolicyDescription.explainedNative,
        discussion: """
            FILE is a native recording (docs/recording-format.md): JSON Lines whose first record is
            {"type":"meta","version":1,"recording":"native"}; '-' reads standard input as lines arrive.
            With --explain, each automatic retry of the policy is paired with an app-retry "auto" line on
            the same surface at most 1 s away; the rest are findings: missed-retry (the policy retried, the
            app did not) and unexpected-retry (the app retried, the policy would not have). A recording
            without app-retry lines has nothing to compare. probe-loop: the policy itself retried by its
            probe two or more times on one surface with no edge between (a polling loop; --variant probe-once
            stops it). Findings are printed as they are decided. What the policies decide after the log's
            last record (a cut log) is listed "after the log ended" (in jsonl with "afterEnd":true), never a finding. A recording with launch or app-screen records
            also gets the launch's rows and findings, as 'turbo-replay explain' shows them. An iOS recording
            with navigation records (finish, url-change, cache-clear, cache-remove, presented with a url)
            adds what the web-archive cache would have done, and its findings: offline-miss,
            not-intercepted, stale-archive (see 'turbo-replay archive --help'; --config's "archive" object
            sets the cache).
            Each finding has a level: warning (something to look at or fix) or info (the design doing its job).
            Exit status: 0 ok (with --explain: no finding at the --fail-on level), 1 --explain reported a warning
            (of any policy; with --fail-on info, any finding; never with --fail-on never), 64 usage,
            65 malformed recording or config, 66 unreadable input.
            """
    )

    struct Options {
        static let format = OutputFormat.option([.text, .jsonl], help: "text: a table for people (default); jsonl: the canonical decision timeline.")
        static let explain = Option(name: "explain", value: nil, help: "Compare the app's app-retry lines with the policy and list the findings.")
        /// Every setting of the native policies, and the retry policy's variant.
        static let native = NativeOptions.Parts.settings.union(.variant)

        var path: String
        var format: OutputFormat
        var explain: Bool
        var failOn: FailOn
        var lenient: Bool
        var native: NativeOptions

        init(_ arguments: ParsedArguments) throws {
            path = try arguments.recording(for: spec.name, verb: "replay")
            format = try OutputFormat(arguments, Self.format, command: spec.name)
            explain = arguments.flag(Self.explain)
            if !explain, arguments.flag(.failOn) {
                throw UsageError(message: "'--fail-on' applies to findings: give --explain too", command: spec.name)
            }
            failOn = try FailOn(arguments, command: spec.name)
            lenient = arguments.flag(.lenient)
            native = try NativeOptions(arguments, command: spec.name, reading: Self.native)
        }
    }

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        let path = options.path, config = options.native.config
        let reader = try NativeRecordingReader(path: path, lenient: options.lenient) { console.skipped($0) }
        defer {
            if reader.skipped > 0 {
                console.reportSkipped(reader.skipped, in: reader.path)
            }
        }
        if options.explain {
            return try explain(reader, config: config, jsonl: options.format == .jsonl, failOn: options.failOn, console: console)
        }

        let printer = NativeTimelinePrinter<Decision>(
            console: console, jsonl: options.format == .jsonl, streaming: path == "-",
            header: { [NativeExplainText.settings(config.settings(recorded: reader.meta?.platform)), NativeTextTimeline.header] },
            row: NativeTextTimeline.row, line: \.jsonLine)
        try replayNative(reader, config: config, observe: printer.observe, emit: printer.emit)
        console.reportGaps(reader.gaps, in: reader.path)
        console.reportCuts(reader.cuts, in: reader.path)
        return .ok
    }

    /// A native log explained: each section the registry gives a native log (the error view's
    /// retries and probe loops, the launch, the web-archive cache, `ExplainSections`), fed in one
    /// pass. `explain` on a native log comes here too. The error view's findings are printed as
    /// they are decided (a probe loop when its run ends); the other sections follow at the end.
    static func explain(
        _ reader: NativeRecordingReader, config: NativeConfig, jsonl: Bool,
        failOn: FailOn = .default, console: Console
    ) throws -> ExitCode {
        let sections = try ExplainSections.make(config: config, jsonl: jsonl)
        let streaming = reader.path == "-" || reader.path == "<stdin>"
        var records = 0
        var end: Double?
        do {
            while let record = try reader.next() {
                records += 1
                if case .timed(let t, _) = record.event { end = t }
                for section in sections { try section.observe(record, path: reader.path, console: console) }
                if streaming, case .timed = record.event { try console.flush() }
            }
        } catch let error as RecordingError {
            // What was decided before the malformed line stays printed; the error follows it.
            try console.flush()
            throw error
        }
        // A cut is a finding of the log, not of a policy: listed, counted, never in the exit status.
        let cuts = reader.cuts
        var levels: [FindingLevel] = []
        for section in sections { levels += try section.report(path: reader.path, cuts: cuts.count, console: console) }
        for cut in cuts { try console.print(jsonl ? cut.jsonLine : cut.row) }
        // A hole in a collector's folder is a warning of the log's: listed, and counted as one.
        let gaps = reader.gaps
        for gap in gaps { try console.print(jsonl ? gap.jsonLine : gap.row) }
        levels += gaps.map { _ in LogGap.level }
        if jsonl {
            let counts =
                sections.flatMap(\.findingCounts) + (cuts.isEmpty ? [] : [(LogCut.finding, LogCut.level, cuts.count)])
                + (gaps.isEmpty ? [] : [(LogGap.finding, LogGap.level, gaps.count)])
            try console.print(
                NativeExplainText.summaryJSON(records: records, end: end, findings: counts, skippedLines: reader.skipped, cut: reader.cut))
        }
        return failOn.fails(levels) ? .problemsFound : .ok
    }
}
