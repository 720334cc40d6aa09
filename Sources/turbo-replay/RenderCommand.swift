import OfflineBanner
import BannerFindings
import Fleet
import NativeFindings
import Pictures
import Reports
import VariantAnalysis
import Goldens
import TurboRecording

enum RenderCommand {
    static let spec = CommandSpec(
        name: "render",
        summary: "Draw a recording's timeline as a self-contained SVG picture.",
        usage: "render [options] FILE|- -o OUT.svg",
        options: [Options.output, .lenient] + LayerOptions.options,
        discussion: """
        Lanes: findings, navigator.onLine as the page believed it, network failures (by kind:
        visit, frame, form, prefetch; responses as small grey ticks), submissions (by decision),
        and the banner (amber pill spans with their text, green back-online spans); a time axis in
        seconds; each finding's sentence under the chart. A native recording is drawn by its policies:
        the root screen as the launch policy decides it (launches, ready, stalled), the app's own
        app-screen log (hatched where it disagrees), the error view's decisions and connectivity,
        with the launch and retry findings. No scripts, fonts or images are
        referenced; every text from the recording is XML-escaped. A regular file is written whole
        (temporary file, then rename); a device or FIFO is written directly. View it in a browser,
        or make a PNG:
          rsvg-convert -w 1200 out.svg -o out.png    (librsvg2-bin), or:
          chromium --headless --no-sandbox --screenshot=out.png --window-size=1200,600 out.svg
        Exit status: 0 ok, 64 usage, 65 malformed recording or config, 66 unreadable input,
        73 the output cannot be created, 74 the output could not be written whole.
        """
    )

    struct Options {
        static let output = Option(name: "o", value: "OUT.svg", help: "Where to write the SVG ('-': standard output). Required.")

        var path: String
        var output: String
        var lenient: Bool
        var layer: LayerOptions

        init(_ arguments: ParsedArguments) throws {
            path = try arguments.recording(for: spec.name, verb: "render")
            guard let output = arguments.value(Self.output) else {
                throw UsageError(message: "missing the output: -o timeline.svg (or -o - for standard output)", command: spec.name)
            }
            self.output = output
            try refuseOutput(output, overwriting: [path], option: Self.output, command: spec.name)
            lenient = arguments.flag(.lenient)
            layer = try LayerOptions(arguments, path: path, command: spec.name)
        }
    }

    @MainActor static func run(_ options: Options, console: Console) throws -> ExitCode {
        let path = options.path, output = options.output
        let settings: BannerSettings
        switch options.layer {
        case .native(let native):
            return try renderNative(path, to: output, config: native.config, lenient: options.lenient, console: console)
        case .web(let banner):
            settings = banner.settings
        }
        let session = try BannerSession.analyze(path: path, settings: settings, lenient: options.lenient) { console.skipped($0) }
        let svg = TimelineSVG.render(session)
        if output == "-" {
            try console.print(svg.hasSuffix("\n") ? String(svg.dropLast()) : svg)
            return .ok
        }
        try writeOutputFile(path: output, contents: Array(svg.utf8))
        if session.summary.skippedLines > 0 {
            console.reportSkipped(session.summary.skippedLines, in: session.path)
        }
        return .ok
    }

    @MainActor private static func renderNative(_ path: String, to output: String, config: NativeConfig, lenient: Bool,
                                                console: Console) throws -> ExitCode {
        var skipped = 0
        let session = try NativeSession.analyze(path: path, config: config, lenient: lenient) {
            skipped += 1
            console.skipped($0)
        }
        let svg = NativeTimelineSVG.render(session)
        if output == "-" {
            try console.print(svg.hasSuffix("\n") ? String(svg.dropLast()) : svg)
        } else {
            try writeOutputFile(path: output, contents: Array(svg.utf8))
        }
        console.reportSkipped(skipped, in: session.path)
        return .ok
    }
}
