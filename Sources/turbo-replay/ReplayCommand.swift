import OfflineBanner
import TurboRecording

enum ReplayCommand {
    static let spec = CommandSpec(
        name: "replay",
        summary: "Replay a recording through the offline banner and print its timeline.",
        usage: "replay [options] FILE|-",
        options: [
            .init(name: "format", value: "text|jsonl", help: "text: a table for people (default); jsonl: the canonical timeline."),
            .init(name: "lenient", value: nil, help: "Skip malformed lines with a warning instead of stopping at the first."),
        ] + BannerOptions.specs,
        discussion: """
        FILE is a recording in format v1 (JSON Lines); '-' reads standard input as lines arrive.
        Exit status: 0 ok, 64 usage, 65 malformed recording or config, 66 unreadable input.
        """
    )

    @MainActor static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw UsageError(message: arguments.positionals.isEmpty ? "missing the recording to replay (a FILE, or - for standard input)"
                                                                    : "replay takes one recording, got \(arguments.positionals.count)",
                             command: spec.name)
        }
        let format = arguments.values["format"] ?? "text"
        guard format == "text" || format == "jsonl" else {
            throw UsageError(message: "unknown format '\(format)'; use --format text or --format jsonl", command: spec.name)
        }
        let settings = try BannerOptions.settings(arguments, command: spec.name)
        let reader = try RecordingReader(path: path, lenient: arguments.flag("lenient"), keepObserved: false) { skipped in
            console.error("turbo-replay: warning: \(skipped) (line skipped)")
        }
        let streaming = path == "-"
        if format == "text" { console.print(TextTimeline.header) }
        try replay(reader, settings: settings) { record in
            console.print(format == "jsonl" ? timelineJSON(record) : TextTimeline.row(record))
            if streaming { console.flush() }
        }
        if reader.skipped > 0 {
            console.error("turbo-replay: skipped \(reader.skipped) malformed line\(reader.skipped == 1 ? "" : "s") in \(reader.path)")
        }
        return .ok
    }
}
