import AppSession
import Goldens
import Pictures
import PolicyCore
import PolicyRegistry
import Replay
import Reports
import TurboRecording

enum SessionCommand {
    static let spec = CommandSpec(
        name: "session",
        summary: "Read a page's web recording and the app's native log of one run on one clock.",
        usage: "session [options] WEB NATIVE | session [options] --collector ROOT --session ID",
        options: [Options.format, Options.offset, Options.late, Options.skew, Options.config, Options.render, Options.from, Options.to, Options.html, .lenient]
            + [CollectorInput.collector, CollectorInput.session]
            + BannerOptions.withoutConfig + [BannerOptions.variant] + NativeOptions.options(Options.native),
        findings: [.session],
        discussion: """
            WEB is the page's recording, NATIVE the app's log of the same run (its first record
            {"type":"meta","recording":"native",…}); given the other way round, the error says which is
            which (65). Each is replayed by itself, as 'replay' and 'native' do, and the two are read on the
            web recording's clock: a native time t is at t + Δ, where Δ = native startedAt − web startedAt
            (both meta records' "startedAt", YYYY-MM-DDTHH:MM:SS.sssZ), or --offset-ms (then no startedAt
            is read). It measures, for each drop (the app's connectivity going offline), dropToPill: how long
            until the amber pill; for each edge (back online) with the pill up, edgeToClear: until the pill
            left; with an offline error view up, edgeToPage: until a page connected. Findings, against
            --late-ms: late-pill, pill-outlived-network, slow-recovery (docs/app-session.md); and clock-skew
            when the page's own pill came before the app's drop by more than --skew-tolerance-ms, with the
            Δ that would make them agree (that drop is not measured). Before anything is printed the pair is
            checked: an empty log, two logs whose identity differs (the recording's meta "session" named by
            no "web-session" of the app's log; or two "app" releases), or two logs whose spans do not meet
            on one clock (the message says by how much) are refused (65). Nothing is measured past the end
            of a log cut by a crash.
            The timeline also lists the records that explain a latency (the page's connect, pagehide,
            turbo:visit, fetch errors and responses, turbo:reload, seen; the app's bridge and launch) and
            each log's own findings as 'explain' gives them; the summary has the time on native error views.
            --format jsonl prints the merged timeline, then the findings (the session's, then each log's own,
            with "layer"), then one {"summary":{…}} line.
            --config FILE is a JSON object with optional "web" (a banner config, as NAME.config.json),
            "native" (a native config), "lateMs", "offsetMs" and "skewToleranceMs"; the single options win over it.
            --render OUT.svg also draws the session: connectivity, the error views per surface and the
            banner in lanes on one axis, the findings flagged ('-': standard output, instead of the report).
            --from/--to MS narrow the rows, the findings and the picture to a window of session time (the
            page's clock), as render's do; the summary's figures stay the whole session's.
            --html OUT.html also writes the session as one self-contained page to work in (docs/app-session.md):
            a timeline to zoom and pan, the table of the merged rows (each with its log and line, the raw
            line in place), filters and search, the header and the findings; no request, no server.
            Exit status: 0 no findings, 1 findings (all four are warnings), 64 usage, 65 a malformed log or
            config, logs the wrong way round, an empty log, a session that cannot be aligned, or two logs
            that are not one session, 66 unreadable input,
            73 the picture or the page cannot be created, 74 output could not be written whole.
            """
    )

    struct Options {
        static let format = OutputFormat.option(
            [.text, .jsonl], help: "text: both layers in one table, latencies, findings (default); jsonl: timeline, findings, summary.")
        static let offset = Option(
            name: "offset-ms", value: "N", help: "Δ: a native t is at t + N on the page's clock (any finite number); startedAt is then not read.")
        static let late = Option(name: "late-ms", value: "N", help: "A latency above N ms is a finding (default: 2000).")
        static let skew = Option(
            name: "skew-tolerance-ms", value: "N",
            help: "How far a causal pair may run backwards before the clocks are said to disagree, clock-skew (default: 1000).")
        static let config = Option.config(.session)
        /// The platform and the error view's timings; the native config comes from `--config`'s
        /// "native", and the banner's `--variant` is not the retry policy's.
        static let native: NativeOptions.Parts = [.retryTimings, .openViews]
        static let render = Option(name: "render", value: "OUT.svg", help: "Also draw the session as an SVG picture ('-': standard output only).")
        static let from = WindowOptions.from("Only from this time on (the session's ms, the page's clock): the rows, findings and picture of a window.")
        static let to = WindowOptions.to("Only up to this time (the session's ms).")
        static let html = Option.html

        var web: String
        var native: String
        var format: OutputFormat
        var render: String?
        /// The window of session time the rows, findings and picture are narrowed to.
        var window: RenderLimits
        var html: String?
        var session: SessionOptions
        /// How Δ is found, for the header.
        var alignment: String
        /// The config's `findings` (web, native and its own), checked against the registry.
        var rules: FindingRules

        /// The two logs named on the command line, the page's first.
        private static func logs(_ arguments: ParsedArguments) throws -> (String, String) {
            guard arguments.positionals.count == 2 else {
                throw UsageError(
                    message: arguments.positionals.count < 2
                        ? "missing the \(arguments.positionals.isEmpty ? "two logs" : "native log"): turbo-replay session WEB NATIVE (the page's recording first, then the app's log), or --collector ROOT --session ID"
                        : "session takes two logs, the page's recording and the app's, got \(arguments.positionals.count)",
                    command: spec.name)
            }
            return (arguments.positionals[0], arguments.positionals[1])
        }

        init(_ arguments: ParsedArguments) throws {
            if let logs = try CollectorInput.logs(arguments, command: spec.name) {
                (web, native) = logs
            } else {
                (web, native) = try Self.logs(arguments)
            }
            format = try OutputFormat(arguments, Self.format, command: spec.name)
            render = arguments.value(Self.render)
            window = try WindowOptions.limits(arguments, from: Self.from, to: Self.to, command: spec.name)
            if web == "-" && native == "-" {
                throw UsageError(
                    message: "the web recording and the native log cannot both be standard input: give at least one as a file",
                    command: spec.name)
            }
            if let render { try refuseOutput(render, overwriting: [web, native], option: Self.render, command: spec.name) }
            html = try Option.htmlPage(arguments, reading: [web, native], command: spec.name)
            if render == "-", arguments.value(Self.format) != nil {
                // The picture is all that goes to standard output then: a format asked for
                // would be dropped without a word.
                throw UsageError(
                    message:
                        "'--render -' writes only the picture to standard output, so '--format' has nothing to format: give the picture a file (--render OUT.svg) to have both",
                    command: spec.name)
            }
            let config = try arguments.value(Self.config).map(SessionConfig.load(path:)) ?? SessionConfig()
            let banner = try BannerOptions(arguments, command: spec.name, config: config.web)
            let native = try NativeOptions(arguments, command: spec.name, config: config.native, reading: Self.native)
            var offset = config.offsetMs
            alignment = offset == nil ? "from the two startedAt" : "the config's offsetMs"
            if let text = arguments.value(Self.offset) {
                guard isDecimal(text), let value = Double(text), value.isFinite else {
                    throw UsageError(
                        message: "'--offset-ms' takes a finite number of milliseconds, which may be negative (got '\(text)')",
                        command: spec.name)
                }
                try refuseInexact(value, text: text, option: Self.offset, command: spec.name)
                offset = value
                alignment = "--offset-ms"
            }
            var late = config.lateMs ?? SessionSettings.defaultLateMs
            if let text = arguments.value(Self.late) {
                late = try milliseconds(text, option: Self.late, command: spec.name)
            }
            var skew = config.skewToleranceMs ?? SessionSettings.defaultSkewToleranceMs
            if let text = arguments.value(Self.skew) {
                skew = try milliseconds(text, option: Self.skew, command: spec.name)
            }
            rules = try FindingRules(
                config.web.findings.overridden(by: config.native.findings).overridden(by: config.findings),
                path: arguments.value(Self.config) ?? "--config")
            session = SessionOptions(
                banner: banner.settings, native: native.config, offsetMs: offset,
                session: SessionSettings(lateMs: late, skewToleranceMs: skew), lenient: arguments.flag(.lenient))
        }
    }

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        if let render = options.render, render != "-" { console.sweepTemporaries(of: render) }
        if let html = options.html { console.sweepTemporaries(of: html) }
        var skipped: [String: Int] = [:]
        defer {
            for path in skipped.keys.sorted() { console.reportSkipped(skipped[path]!, in: path) }
        }
        let keep = { (kind: SessionFindingKind) in options.rules.reports(kind.rawValue) }
        var explainer = SessionPictureReading(
            inner: SessionLayerFindings(banner: options.session.banner, native: options.session.native, rules: options.rules, nativePath: options.native),
            records: options.render == nil ? nil : SessionPictureRecords())
        // With a picture to write, the report waits for it: a picture that cannot be written
        // stops the command before the report, as it always did.
        // The timeline waits on disk until both logs are read: a pair that turns out not to be
        // one session (its identity, its overlap) prints nothing but the error.
        let jsonl = options.format == .jsonl ? try SessionJSONLOutput(console: console, keep: keep, hold: true) : nil
        let text = try SessionTextOutput(console: console, lateMs: options.session.session.lateMs, keep: keep, window: options.window) {
            offset, policy in
            SessionText.header(
                web: options.web, native: options.native, offset: offset, lateMs: options.session.session.lateMs,
                alignment: options.alignment, banner: options.session.banner, policy: policy)
        }
        let report: any SessionOutput =
            jsonl.map { options.window.isWindowed ? SessionWindowOutput($0, window: options.window) as any SessionOutput : $0 } ?? text
        let picture = options.render.map {
            SessionPictureOutput(report: $0 == "-" ? nil : report, lateMs: options.session.session.lateMs, keep: keep, window: options.window)
        }
        let html = options.html.map { _ in
            SessionHTMLOutput(
                next: picture ?? report, title: "session \(options.web) + \(options.native)", lateMs: options.session.session.lateMs, keep: keep,
                level: { options.rules.level(of: $0, .warning)?.rawValue ?? "warning" }, window: options.window)
        }
        let output: any SessionOutput = html ?? picture ?? report
        let streamed = try streamSession(
            web: options.web, native: options.native, options: options.session,
            onSkip: { error in
                skipped[error.path, default: 0] += 1
                console.skipped(error)
            },
            // Each log's cut, as a note (the `log-cut` info finding): the session reads it to its cut.
            onCut: { path, cut in console.reportCuts([cut], in: path) },
            explaining: &explainer, into: output)
        // A collector's folder with holes: each `log-gap`, as a note, as the timeline commands give it.
        for path in [options.web, options.native] where path != "-" && CollectorFolder.isFolder(path) {
            console.reportGaps(try CollectorFolder(path: path).gaps(), in: path)
        }
        let (summary, status) = judged(streamed.summary, options: options, keep: keep)
        if let html, let path = options.html {
            var layers = try explainer.inner.ordered(offset: streamed.offset)
            layers.window = (options.window.from, options.window.to)
            try html.write(to: path, summary: summary, layers: &layers, web: options.web, native: options.native, alignment: options.alignment)
        }
        if let picture, let render = options.render {
            var layers = try explainer.inner.ordered(offset: streamed.offset)
            layers.window = (options.window.from, options.window.to)
            let svg = try picture.svg(summary: summary, layers: &layers, logs: explainer.records, web: options.web, native: options.native)
            if render == "-" {
                try console.print(svg.hasSuffix("\n") ? String(svg.dropLast()) : svg)
                return status
            }
            try writeOutputFile(path: render, contents: Array(svg.utf8))
        }
        var layers = try explainer.inner.ordered(offset: streamed.offset)
        layers.window = (options.window.from, options.window.to)
        if let jsonl {
            try jsonl.finish(summary: summary, layers: &layers)
        } else {
            try text.finish(
                summary: summary, findings: summary.findings.values.reduce(0, +) + (summary.clockSkew == nil ? 0 : 1), layers: &layers,
                layerCounts: explainer.inner.counts)
        }
        return status
    }

    /// The summary as the config reports it, and the exit status it gives.
    private static func judged(
        _ streamed: AppSessionSummary, options: Options, keep: (SessionFindingKind) -> Bool
    ) -> (AppSessionSummary, ExitCode) {
        // A config that switches a finding off reaches every report of it.
        var summary = streamed
        for kind in SessionFindingKind.allCases where !keep(kind) { summary.findings[kind] = 0 }
        if !options.rules.reports(ClockSkew.finding) { summary.clockSkew = nil }
        // Every session finding is a warning unless the config's rules say otherwise.
        var levels = SessionFindingKind.allCases.filter { summary.findings[$0, default: 0] > 0 }.compactMap {
            options.rules.level(of: $0.rawValue, .warning)
        }
        if summary.clockSkew != nil, let level = options.rules.level(of: ClockSkew.finding, ClockSkew.level) { levels.append(level) }
        return (summary, FailOn.default.fails(levels) ? .problemsFound : .ok)
    }
}
