import BannerFindings
import Fleet
import Goldens
import NativeFindings
import OfflineBanner
import Pictures
import Reports
import TurboRecording
import VariantAnalysis

enum RenderCommand {
    static let spec = CommandSpec(
        name: "render",
        summary: "Draw a recording's timeline as a self-contained SVG picture.",
        usage: "render [options] FILE|- -o OUT.svg",
        options: Options.own + LayerOptions.options,
        findings: [.banner, .errorView, .launch],
        discussion: """
            Lanes: findings, navigator.onLine as the page believed it, network failures (by kind:
            visit, frame, form, prefetch; responses as small grey ticks), submissions (by decision),
            and the banner (amber pill spans with their text, green back-online spans); a time axis
            (seconds; past 1000 s, h:mm:ss), broken where nothing happens for a long stretch (a drawn
            break, one scale elsewhere); a legend of the kinds of mark drawn; each finding's sentence
            under the chart. A native recording is drawn by its policies: the root screen as the launch
            policy decides it (launches, ready, stalled) when the log has a launch, the app's own
            app-screen log (hatched where it disagrees), a lane per surface with the error view's
            decisions there, and connectivity, with the launch and retry findings. No scripts, fonts or
            images are referenced; every text from the recording is XML-escaped, and a mark keeps at
            most 512 bytes of it (the hover text says how long it was). A lane draws at most --max-marks
            marks (default 2000) and says in the picture how many more there were and from when: draw a
            window with --from/--to MS (the recording's own ms) to see them. Memory does not grow with
            the recording. A regular file is written whole
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
        static let from = Option(name: "from", value: "MS", help: "Draw from this time on (the recording's ms): a window to zoom into.")
        static let to = Option(name: "to", value: "MS", help: "Draw up to this time (the recording's ms).")
        static let maxMarks = Option(
            name: "max-marks", value: "N",
            help: "The most marks a lane draws; the rest are counted in the picture (default: 2000).")
        /// The command's own options: the picture's, which apply to either layer.
        static let own = [output, from, to, maxMarks, .lenient]

        var path: String
        var output: String
        var lenient: Bool
        var input: RecordingInput
        var layer: LayerOptions
        var limits: RenderLimits

        init(_ arguments: ParsedArguments) throws {
            path = try arguments.recording(for: spec.name, verb: "render")
            guard let output = arguments.value(Self.output) else {
                throw UsageError(message: "missing the output: -o timeline.svg (or -o - for standard output)", command: spec.name)
            }
            self.output = output
            try refuseOutput(output, overwriting: [path], option: Self.output, command: spec.name)
            lenient = arguments.flag(.lenient)
            limits = RenderLimits()
            if let value = arguments.value(Self.from) { limits.from = try Self.time(value, Self.from) }
            if let value = arguments.value(Self.to) { limits.to = try Self.time(value, Self.to) }
            if let from = limits.from, let to = limits.to, to <= from {
                throw UsageError(
                    message: "'--to' must be after '--from' (got \(Self.value(Self.from, arguments)) and \(Self.value(Self.to, arguments)))", command: spec.name
                )
            }
            if let value = arguments.value(Self.maxMarks) {
                guard let count = Int(value), count >= 1 else {
                    throw UsageError(message: "'--max-marks' takes a number of marks, 1 or more (got '\(value)')", command: spec.name)
                }
                limits.maxMarks = count
            }
            // Last: it reads the recording's first record (on standard input, waits for it).
            (input, layer) = try LayerOptions.opening(path, arguments, command: spec.name)
        }

        private static func value(_ option: Option, _ arguments: ParsedArguments) -> String { arguments.value(option) ?? "" }

        /// A time in the recording's ms: any finite number, negative included (a clock may start below 0).
        private static func time(_ text: String, _ option: Option) throws -> Double {
            guard isDecimal(text), let ms = Double(text), ms.isFinite else {
                throw UsageError(message: "'\(option.spelling)' takes a time in ms (got '\(text)')", command: spec.name)
            }
            try refuseInexact(ms, text: text, option: option, command: spec.name)
            return ms
        }
    }

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        let path = options.path, output = options.output
        if output != "-" { console.sweepTemporaries(of: output) }
        let settings: BannerSettings
        switch options.layer {
        case .native(let native):
            return try renderNative(
                options.input, to: output, config: native.config, lenient: options.lenient, limits: options.limits,
                console: console)
        case .web(let banner):
            settings = banner.settings
        }
        let (svg, skipped) = try TimelineSVG.render(
            .lines(options.input.lines, settings, lenient: options.lenient), limits: options.limits
        ) { console.skipped($0) }
        console.reportGaps(options.input.lines.gaps, in: options.input.lines.path)
        if output == "-" {
            try console.print(svg.hasSuffix("\n") ? String(svg.dropLast()) : svg)
            return .ok
        }
        try writeOutputFile(path: output, text: svg)
        if skipped > 0 {
            console.reportSkipped(skipped, in: path == "-" ? "<stdin>" : path)
        }
        return .ok
    }

    private static func renderNative(
        _ input: RecordingInput, to output: String, config: NativeConfig, lenient: Bool,
        limits: RenderLimits, console: Console
    ) throws -> ExitCode {
        var skipped = 0
        let (svg, readPath) = try NativeTimelineSVG.render(.lines(input.lines, config, lenient: lenient), limits: limits) {
            skipped += 1
            console.skipped($0)
        }
        console.reportGaps(input.lines.gaps, in: input.lines.path)
        if output == "-" {
            try console.print(svg.hasSuffix("\n") ? String(svg.dropLast()) : svg)
        } else {
            try writeOutputFile(path: output, text: svg)
        }
        console.reportSkipped(skipped, in: readPath)
        return .ok
    }
}
