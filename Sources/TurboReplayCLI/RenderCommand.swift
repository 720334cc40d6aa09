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
        usage: "render [options] FILE|- -o OUT.svg | FILE --html OUT.html",
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
            --html OUT.html writes one self-contained page to work in instead of (or besides) the SVG: the
            log's timeline to zoom and pan, its rows (as replay or native prints them, then its findings)
            each with its line and the raw line in place, filters and search; no request, no server
            (docs/field-reports.md). --from/--to take a window of it too. The log must be a file: the page
            reads it twice.
            Exit status: 0 ok, 64 usage, 65 malformed recording or config, 66 unreadable input,
            73 the output cannot be created, 74 the output could not be written whole.
            """
    )

    struct Options {
        static let output = Option(name: "o", value: "OUT.svg", help: "Where to write the SVG ('-': standard output). Required, unless --html.")
        static let from = WindowOptions.from("Draw from this time on (the recording's ms): a window to zoom into.")
        static let to = WindowOptions.to("Draw up to this time (the recording's ms).")
        static let maxMarks = Option(
            name: "max-marks", value: "N",
            help: "The most marks a lane draws; the rest are counted in the picture (default: 2000).")
        /// The command's own options: the picture's, which apply to either layer.
        static let own = [output, from, to, maxMarks, .html, .lenient]

        var path: String
        var output: String?
        var html: String?
        var lenient: Bool
        var input: RecordingInput
        var layer: LayerOptions
        var limits: RenderLimits

        init(_ arguments: ParsedArguments) throws {
            path = try arguments.recording(for: spec.name, verb: "render")
            html = try Option.htmlPage(arguments, reading: [path], command: spec.name)
            output = arguments.value(Self.output)
            if let output {
                try refuseOutput(output, overwriting: [path], option: Self.output, command: spec.name)
            } else if html == nil {
                throw UsageError(message: "missing the output: -o timeline.svg (or -o - for standard output), or --html page.html", command: spec.name)
            }
            lenient = arguments.flag(.lenient)
            limits = try WindowOptions.limits(arguments, from: Self.from, to: Self.to, command: spec.name)
            if let value = arguments.value(Self.maxMarks) {
                guard let count = Int(value), count >= 1 else {
                    throw UsageError(message: "'--max-marks' takes a number of marks, 1 or more (got '\(value)')", command: spec.name)
                }
                limits.maxMarks = count
            }
            // Last: it reads the recording's first record (on standard input, waits for it).
            (input, layer) = try LayerOptions.opening(path, arguments, command: spec.name)
        }

    }

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        if let html = options.html {
            console.sweepTemporaries(of: html)
            let layer: LogHTML.Layer
            switch options.layer {
            case .native(let native): layer = .native(native.config)
            case .web(let banner): layer = .web(banner.settings)
            }
            // The SVG, if asked for too, reads the log again: the page's skipped lines are said once.
            let (page, skipped) = try LogHTML.render(path: options.path, layer: layer, lenient: options.lenient, window: options.limits) { error in
                if options.output == nil { console.skipped(error) }
            }
            try writeOutputFile(path: html, contents: page)
            guard options.output != nil else {
                console.reportSkipped(skipped, in: options.path)
                return .ok
            }
        }
        guard let output = options.output else { return .ok }
        let path = options.path
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
        let (svg, readPath) = try NativeTimelineSVG.render(lines: input.lines, config: config, lenient: lenient, limits: limits) {
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
