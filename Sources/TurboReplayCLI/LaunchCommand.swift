import LaunchPolicy
import Replay
import Reports
import TurboRecording

enum LaunchCommand {
    static let spec = CommandSpec(
        name: "launch",
        summary: "Replay a native recording through the launch policy and print the root screen's timeline.",
        usage: "launch [options] FILE|-",
        options: [Options.format, .lenient] + NativeOptions.options(Options.native, config: .config(.launch)),
        findings: [.launch],
        discussion: """
            FILE is a native recording: JSON Lines whose first record is
            {"type":"meta","version":1,"recording":"native"}; '-' reads standard input as lines arrive.
            The policy reads launch, config, bridge (page-load connect) and presented records and prints
            one line per change of the root screen (loading, web, offseason, error) and one per decision
            (ready, with launchMs; stalled, when the loading screen stays up for the stall time).
            --config reads a native config; its "launch" object sets stallMs. The platform (from
            --platform, else the meta, else ios) decides how a presented error is classified.
            Exit status: 0 ok, 64 usage, 65 malformed recording or config, 66 unreadable input,
            74 the output could not be written.
            """
    )

    struct Options {
        static let format = OutputFormat.option([.text, .jsonl], help: "text: a table for people (default); jsonl: the canonical screen timeline.")
        /// The launch policy's: its config, platform and stall timer.
        static let native: NativeOptions.Parts = [.configFile, .stall]

        var path: String
        var format: OutputFormat
        var lenient: Bool
        var native: NativeOptions

        init(_ arguments: ParsedArguments) throws {
            path = try arguments.recording(for: spec.name, verb: "replay")
            format = try OutputFormat(arguments, Self.format, command: spec.name)
            lenient = arguments.flag(.lenient)
            native = try NativeOptions(arguments, command: spec.name, reading: Self.native)
        }
    }

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        let path = options.path, config = options.native.config
        let reader = try NativeRecordingReader(path: path, lenient: options.lenient) { console.skipped($0) }
        defer {
            console.reportSkipped(reader.skipped, in: reader.path)
            console.reportGaps(reader.gaps, in: reader.path)
            console.reportCuts(reader.cuts, in: reader.path)
        }
        let printer = NativeTimelinePrinter<LaunchRecord>(
            console: console, jsonl: options.format == .jsonl, streaming: path == "-",
            header: { [LaunchTextTimeline.settings(config.launchSettings(recorded: reader.meta?.platform)), LaunchTextTimeline.header] },
            row: LaunchTextTimeline.row, line: \.jsonLine)
        var launches = 0
        try replayLaunch(
            reader, config: config,
            observe: { record in
                if case .timed(_, .launch) = record.event { launches += 1 }
                try printer.observe(record)
            }, emit: printer.emit)
        if launches == 0 {
            // A header alone would read as a launch that decided nothing.
            let note = LaunchTextTimeline.noLaunch(reader.path)
            if options.format == .jsonl { console.error("turbo-replay: note: \(note)") } else { try console.print(note) }
        }
        return .ok
    }
}
