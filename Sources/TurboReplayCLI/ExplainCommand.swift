import BannerFindings
import Fleet
import NativeFindings
import OfflineBanner
import Pictures
import PolicyCore
import PolicyRegistry
import Replay
import Reports
import TurboRecording
import VariantAnalysis

enum ExplainCommand {
    static let spec = CommandSpec(
        name: "explain",
        summary: "Explain a recording: what each record did to the banner, and the findings.",
        usage: "explain [options] FILE|-",
        options: Options.own + LayerOptions.options,
        findings: [.banner] + PolicyDescription.explainedNative,
        discussion: """
            Each input record with what it did (timers started or cancelled, banner changes, submission
            decisions), each timer that fired, and the findings listed above, each with its level (warning:
            something to look at or fix; info: the design doing its job), its time and the lines it rests on.
            --variant explains the recording under a variant of the controller (see docs/variants.md).
            '-' reads standard input as lines arrive and prints each event as soon as it is decided, a
            native log as well as a web one (the first record says which, as it arrives).
            A native recording (its meta says "recording":"native") is explained as
            'turbo-replay native --explain' does: the app's app-retry lines against the retry policy, and the
            policy's own probe loops (probe-loop), printed as they are decided; and,
            when it has launch or app-screen records, a row per record the launch reads and the launch
            findings: stalled, screen-mismatch (the app's app-screen log off the policy for more than
            --tolerance-ms) and error-behind-loading (the app on loading while the policy says error). In a
            native log cut short, what the policies decide after its last record is listed after the end and
            is never a finding. --variant names a banner variant for a web recording, probe-once for a native log.
            The recording's layer decides its options: on a native log --config is a native config, read as
            'native --explain' reads it, and the banner's options are refused; on a web recording the native
            ones are.
            Exit status: 0 explained, no finding at the --fail-on level; 1 explained, with a warning (or, with
            --fail-on info, any finding; never with --fail-on never), web or native alike, so CI can gate on a
            field log; 64 usage; 65 malformed recording or config; 66 unreadable input;
            74 the output could not be written.
            """
    )

    struct Options {
        static let format = OutputFormat.option(
            [.text, .jsonl], help: "text: the explained timeline and a summary (default); jsonl: findings and the summary as JSON lines.")
        /// The command's own options, which apply to either layer.
        static let own = [format, .lenient, .failOn]
        var path: String
        var format: OutputFormat
        var lenient: Bool
        var failOn: FailOn
        var input: RecordingInput
        var layer: LayerOptions

        init(_ arguments: ParsedArguments) throws {
            path = try arguments.recording(for: spec.name, verb: "explain")
            format = try OutputFormat(arguments, Self.format, command: spec.name)
            lenient = arguments.flag(.lenient)
            failOn = try FailOn(arguments, command: spec.name)
            // Last: it reads the recording's first record (on standard input, waits for it).
            (input, layer) = try LayerOptions.opening(path, arguments, command: spec.name)
        }
    }

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        let path = options.path
        let settings: BannerSettings
        let rules: FindingRules
        switch options.layer {
        case .native(let native):
            let reader = NativeRecordingReader(lines: options.input.lines, lenient: options.lenient) { console.skipped($0) }
            defer { if reader.skipped > 0 { console.reportSkipped(reader.skipped, in: reader.path) } }
            return try NativeCommand.explain(
                reader, config: native.config, jsonl: options.format == .jsonl,
                failOn: options.failOn, console: console)
        case .web(let banner):
            settings = banner.settings
            rules = banner.rules
        }
        let reader = RecordingReader(lines: options.input.lines, lenient: options.lenient, keepObserved: true) { console.skipped($0) }
        let streaming = path == "-"
        let text = options.format == .text
        var analyzer = BannerAnalyzer(settings: settings, rules: rules)
        // The header says what the meta said, once the first record after it comes (or the end).
        var meta: Meta?
        var headerPrinted = false
        func printHeader() throws {
            guard text, !headerPrinted else { return }
            headerPrinted = true
            for line in ExplainText.header(path: reader.path, meta: meta, settings: settings) { try console.print(line) }
        }
        let emit: (ExplainEvent) throws -> Void = { event in
            try printHeader()
            if text {
                if let row = ExplainText.row(event) { try console.print(row) }
            } else if case .finding(let finding) = event {
                try console.print(ReportJSON.finding(finding))
            }
            if streaming { try console.flush() }
        }
        do {
            try analyze(
                reader, with: &analyzer,
                observe: { record in
                    if case .meta(let first) = record.event {
                        if meta == nil { meta = first }
                    } else {
                        try printHeader()
                    }
                }, emit: emit)
        } catch let error as RecordingError {
            // What was decided before the malformed line stays printed; the error follows it.
            try console.flush()
            throw error
        }
        try printHeader()
        if let cut = analyzer.summary.cut { try console.print(text ? cut.row : cut.jsonLine) }
        // A hole in a collector's folder is a warning of the log's: listed, and in the exit status.
        analyzer.noteGaps(reader.gaps)
        for gap in reader.gaps { try console.print(text ? gap.row : gap.jsonLine) }
        if text {
            for line in ExplainText.summary(analyzer.summary) { try console.print(line) }
        } else {
            try console.print(ReportJSON.summary(analyzer.summary))
        }
        if reader.skipped > 0 {
            console.reportSkipped(reader.skipped, in: reader.path)
        }
        return options.failOn.fails(analyzer.summary.findingLevels + reader.gaps.map { _ in LogGap.level }) ? .problemsFound : .ok
    }
}
