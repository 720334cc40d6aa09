import Reports
import OfflineBanner
import Replay
import TurboRecording

enum ReplayCommand {
    static let spec = CommandSpec(
        name: "replay",
        summary: "Replay a recording through the offline banner and print its timeline.",
        usage: "replay [options] FILE|-",
        options: [
            .init(name: "format", value: "text|jsonl", help: "text: a table for people (default); jsonl: the canonical timeline."),
            .lenient,
        ] + BannerOptions.specs + [BannerOptions.variantSpec],
        discussion: """
        FILE is a recording in format v1 (JSON Lines); '-' reads standard input as lines arrive.
        --variant (or the config's "variant") replays a variant of the controller instead of v1; its
        own changes carry their cause (recover-on-response: "response"). See docs/variants.md.
        Exit status: 0 ok, 64 usage, 65 malformed recording or config, 66 unreadable input.
        """
    )

    @MainActor static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let path = try arguments.recording(for: spec.name, verb: "replay")
        let format = try arguments.format(for: spec.name)
        let settings = try BannerOptions.settings(arguments, command: spec.name)
        let reader = try RecordingReader(path: path, lenient: arguments.flag("lenient"), keepObserved: false) { console.skipped($0) }
        let streaming = path == "-"
        if format == "text" { try console.print(TextTimeline.header) }
        var line: [UInt8] = []
        try replay(reader, settings: settings) { record in
            if format == "jsonl" {
                line.removeAll(keepingCapacity: true)
                record.appendJSON(to: &line)
                line.append(0x0A)
                try console.write(line)
            } else {
                try console.print(TextTimeline.row(record))
            }
            if streaming { try console.flush() }
        }
        if reader.skipped > 0 {
            console.reportSkipped(reader.skipped, in: reader.path)
        }
        return .ok
    }
}
