import OfflineBanner
import Replay
import Reports
import TurboRecording

enum ReplayCommand {
    static let spec = CommandSpec(
        name: "replay",
        summary: "Replay a recording through the offline banner and print its timeline.",
        usage: "replay [options] FILE|-",
        options: [Options.format, .lenient] + BannerOptions.options + [BannerOptions.variant],
        discussion: """
            FILE is a recording in format v1 (JSON Lines); '-' reads standard input as lines arrive.
            --variant (or the config's "variant") replays a variant of the controller instead of v1; its
            own changes carry their cause (recover-on-response: "response"). See docs/variants.md.
            Exit status: 0 ok, 64 usage, 65 malformed recording or config, 66 unreadable input.
            """
    )

    struct Options {
        static let format = OutputFormat.option([.text, .jsonl], help: "text: a table for people (default); jsonl: the canonical timeline.")

        var path: String
        var format: OutputFormat
        var lenient: Bool
        var banner: BannerOptions

        init(_ arguments: ParsedArguments) throws {
            path = try arguments.recording(for: spec.name, verb: "replay")
            format = try OutputFormat(arguments, Self.format, command: spec.name)
            lenient = arguments.flag(.lenient)
            banner = try BannerOptions(arguments, command: spec.name)
        }
    }

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        let path = options.path, format = options.format
        let reader = try RecordingReader(path: path, lenient: options.lenient, keepObserved: false) { console.skipped($0) }
        // Standard input, a FIFO or `<(tail -f …)` is followed as it grows: each row as soon as
        // it is decided. A regular file is read in batches, which is faster.
        let streaming = reader.arrives
        // The table's header comes with its first row (or at the end): a file refused at its
        // first line (a native log) prints nothing but the error.
        var headerPrinted = format != .text
        func printHeader() throws {
            if !headerPrinted { try console.print(TextTimeline.header) }
            headerPrinted = true
        }
        try replay(reader, settings: options.banner.settings) { record in
            if format == .jsonl {
                try console.writeLine { record.appendJSON(to: &$0) }
            } else {
                try printHeader()
                try console.print(TextTimeline.row(record))
            }
            if streaming { try console.flush() }
        }
        try printHeader()
        console.reportSkipped(reader.skipped, in: reader.path)
        console.reportGaps(reader.gaps, in: reader.path)
        console.reportCut(reader.cut, in: reader.path)
        return .ok
    }
}
