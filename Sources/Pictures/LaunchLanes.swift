import LaunchPolicy
import NativeFindings
import PolicyCore
import Reports
import TurboRecording

/// The launch's part of a native picture (`NativeLaneSection`): the root screen as the policy
/// decides it, with each launch (a new root) and its `ready` or `stalled` decision, when it
/// decided one; and the app's own `app-screen` log when it has one, hatched where it disagreed
/// with the policy for longer than the tolerance. Its findings go to the findings lane, its
/// settings to the title line, its launches to the summary.
final class LaunchLanes: NativeLaneSection {
    let band = NativeLaneBand.app
    /// Keeping the picture's state only (`keeping: .picture`): its timeline, app screens and
    /// findings are taken as they are decided.
    private(set) var launch: LaunchAnalyzer
    private let limits: RenderLimits
    /// The root screen's spans, from the policy's screen changes.
    private(set) var screens: Lane<(from: Double, to: Double, change: ScreenChange)>
    /// Launches (a new root) and their ready or stalled decisions.
    private(set) var launchMarks: Lane<LaunchRecord>
    /// The app's logged screens.
    private(set) var appSpans: Lane<(from: Double, to: Double, screen: String, line: Int)>
    private(set) var mismatches: Lane<LaunchFinding>
    private var screen: ScreenChange?
    private var appScreen: AppScreen?

    init(config: NativeConfig, limits: RenderLimits) {
        launch = LaunchAnalyzer(config: config, keeping: .picture)
        self.limits = limits
        let n = limits.maxMarks
        (screens, launchMarks, appSpans, mismatches) = (Lane(capacity: n), Lane(capacity: n), Lane(capacity: n), Lane(capacity: n))
    }

    func feed(_ record: NativeRecord, path: String, lanes: inout NativeLanes) throws {
        launch.feed(record)
        takeDecided(&lanes)
    }

    func finish(lanes: inout NativeLanes) throws {
        launch.finish()
        takeDecided(&lanes)
    }

    private func takeDecided(_ lanes: inout NativeLanes) {
        for record in launch.takeTimeline() { add(record, lanes: &lanes) }
        for shown in launch.takeAppScreens() { add(shown) }
        for finding in launch.takeFindings() { add(finding, lanes: &lanes) }
    }

    /// A record of the launch policy's timeline.
    private func add(_ record: LaunchRecord, lanes: inout NativeLanes) {
        lanes.time(record.t)
        switch record {
        case .screen(var change):
            if case .presented(let surface, let view) = change.cause { change.cause = .presented(surface: MarkText.bounded(surface), view: view) }
            if let previous = screen, let clipped = limits.clip(previous.t, change.t) {
                screens.add((clipped.from, clipped.to, previous), at: previous.t)
            }
            screen = change
            if change.cause == .launch, limits.contains(change.t) { launchMarks.add(.screen(change), at: change.t) }
        case .launch(let decision):
            if limits.contains(decision.t) { launchMarks.add(record, at: decision.t) }
        }
    }

    /// An `app-screen` line.
    private func add(_ shown: AppScreen) {
        var shown = shown
        shown.screen = MarkText.bounded(shown.screen)
        if let previous = appScreen, let clipped = limits.clip(previous.t, shown.t) {
            appSpans.add((clipped.from, clipped.to, previous.screen, previous.line), at: previous.t)
        }
        appScreen = shown
    }

    /// A finding of the launch. Its mismatches come in time order (one ends before the next
    /// begins), as the lane draws them; one still open at the end is measured to the last record.
    private func add(_ finding: LaunchFinding, lanes: inout NativeLanes) {
        if case .mismatch(_, _, let until, _) = finding.detail, limits.clip(finding.t, until ?? lanes.last ?? finding.t) != nil {
            mismatches.add(finding, at: finding.t)
        }
        lanes.flag(Flag(t: finding.t, id: finding.kind.rawValue, lines: finding.lines, sentence: finding.sentence, level: finding.level))
    }

    func close(at end: Double) {
        if let previous = screen, let clipped = limits.clip(previous.t, end) {
            screens.add((clipped.from, clipped.to, previous), at: previous.t)
        }
        if let previous = appScreen, let clipped = limits.clip(previous.t, end) {
            appSpans.add((clipped.from, clipped.to, previous.screen, previous.line), at: previous.t)
        }
    }

    var settings: [String] {
        ["stall \(formatMilliseconds(launch.settings.stall)) ms", "app-screen tolerance \(formatMilliseconds(launch.tolerance)) ms"]
    }

    /// The launches: ready (the first ten times; a long log's are counted, not each listed),
    /// stalled, through an error, offseason.
    var summary: [String] {
        let summary = launch.summary
        let ready = summary.readyMs.prefix(10).map { formatMilliseconds($0) + " ms" } + (summary.readyMs.count > 10 ? ["…"] : [])
        return [
            "launches \(summary.launches)", "ready \(summary.readyMs.count)" + (summary.readyMs.isEmpty ? "" : " (" + ready.joined(separator: ", ") + ")"),
            "stalled \(summary.stalls)", "through error \(summary.throughError)", "offseason \(summary.offseason)",
        ]
    }

    var busy: [Double] {
        launchMarks.marks.map(\.t) + screens.marks.flatMap { [$0.from, $0.to] } + appSpans.marks.flatMap { [$0.from, $0.to] } + mismatches.marks.map(\.t)
    }

    var leftOut: [String] {
        [screens.leftOut("root screens"), launchMarks.leftOut("launch marks"), appSpans.leftOut("app-screen spans"), mismatches.leftOut("mismatches")]
            .compactMap { $0 }
    }

    /// The root screen (with room above it for the launch marks, below for ready and stalled),
    /// when the policy decided one (a log with no launch has none); the app's log when it has one.
    func rows(_ lanes: NativeLanes) -> [NativeLaneRow] {
        var rows: [NativeLaneRow] = []
        let (screens, launchMarks, appSpans, mismatches, last) = (screens.marks, launchMarks.marks, appSpans.marks, mismatches.marks, lanes.last)
        if !screens.isEmpty || !launchMarks.isEmpty {
            rows.append(
                NativeLaneRow(name: "root screen", height: 40, gap: 30) { chart, y in
                    chart.drawRootLane(screens, y: y, height: 40)
                    chart.drawLaunchMarks(launchMarks, y: y, height: 40)
                })
        }
        if !appSpans.isEmpty {
            rows.append(
                NativeLaneRow(name: "app-screen", height: 26, gap: 10) { chart, y in
                    chart.drawAppLane(appSpans, mismatches: mismatches, last: last, y: y, height: 26)
                })
        }
        return rows
    }

    /// The colour of a root screen, the same in the policy's lane and the app's.
    static func color(_ screen: String) -> String {
        switch screen {
        case RootScreen.loading.rawValue: return "#78909c"
        case RootScreen.web.rawValue: return "#43a047"
        case RootScreen.offseason.rawValue: return "#8e24aa"
        case RootScreen.error.rawValue: return "#c62828"
        default: return "#bdbdbd"
        }
    }
}

/// The launch's lanes, each drawn from its marks alone at the `y` and `height` the picture
/// gives it, on the chart's time axis.
extension TimeChart {
    /// The root screen as the launch policy decides it: a span per screen in its colour, named
    /// (with the error view and surface that put it there) where it fits.
    mutating func drawRootLane(_ screens: [(from: Double, to: Double, change: ScreenChange)], y: Double, height: Double) {
        for span in screens {
            let x0 = x(span.from), x1 = max(x(span.to), x0 + 3)
            let screen = span.change.screen.rawValue
            var label = screen
            if case .presented(let surface, let view) = span.change.cause { label += " (\(view.rawValue), \(surface))" }
            out +=
                "<g>\n<title>\(xmlEscaped("\(label) from \(formatMilliseconds(span.from)) ms (\(span.change.cause.name)) to \(formatMilliseconds(span.to)) ms"))</title>\n"
            out += "<rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(x1 - x0))\" height=\"\(n(height))\" fill=\"\(LaunchLanes.color(screen))\"/>\n"
            out += "</g>\n"
            legend.note(.screen(screen))
            clippedLabel(label, x0: x0, x1: x1, y: y, height: height)
        }
    }

    /// Over the root lane, each launch (a new root) as a dark mark where it began; under it,
    /// each launch's decision: ready (a green diamond) or stalled (an orange triangle).
    mutating func drawLaunchMarks(_ launchMarks: [LaunchRecord], y: Double, height: Double) {
        var lastEnd = -Double.infinity
        for record in launchMarks {
            switch record {
            case .screen(let change) where change.cause == .launch:
                legend.note(.launch)
                let lx = x(change.t)
                out +=
                    "<path d=\"M\(n(lx - 5)) \(n(y - 9)) L\(n(lx + 5)) \(n(y - 9)) L\(n(lx)) \(n(y - 1)) Z\" fill=\"#263238\"><title>\(xmlEscaped("launch at \(formatMilliseconds(change.t)) ms: a new root"))</title></path>\n"
            case .launch(let decision):
                let dx = x(decision.t), dy = y + height + 10
                let ready = decision.outcome == .ready
                legend.note(ready ? .ready : .stalled)
                let color = ready ? "#1b5e20" : "#e65100"
                let what = ready ? "ready in \(formatMilliseconds(decision.launchMs)) ms" : "stalled: \(formatMilliseconds(decision.launchMs)) ms loading"
                out += "<g>\n<title>\(xmlEscaped("\(what) (at \(formatMilliseconds(decision.t)) ms)"))</title>\n"
                if ready {
                    out += "<path d=\"M\(n(dx)) \(n(dy - 6)) L\(n(dx + 6)) \(n(dy)) L\(n(dx)) \(n(dy + 6)) L\(n(dx - 6)) \(n(dy)) Z\" fill=\"\(color)\"/>\n"
                } else {
                    out += "<path d=\"M\(n(dx)) \(n(dy - 7)) L\(n(dx + 7)) \(n(dy + 6)) L\(n(dx - 7)) \(n(dy + 6)) Z\" fill=\"\(color)\"/>\n"
                }
                // Named right of its mark, or left of it at the page's edge, where it runs into
                // no name or mark before it (its hover says it either way).
                let w = textWidth(what, size: 10.5)
                if dx + 10 + w > width - 4 {
                    if dx - 10 - w > lastEnd + 4 { text(dx - 10, dy + 4, what, size: 10.5, anchor: "end", fill: color) }
                } else if dx + 10 > lastEnd + 4 {
                    text(dx + 10, dy + 4, what, size: 10.5, fill: color)
                    lastEnd = dx + 10 + w
                }
                lastEnd = max(lastEnd, dx + 8)
                out += "</g>\n"
            default:
                break
            }
        }
    }

    /// The app's own `app-screen` log, paler, hatched red where it disagreed with the policy
    /// (a mismatch still open runs to `last`, the log's last record).
    mutating func drawAppLane(
        _ appSpans: [(from: Double, to: Double, screen: String, line: Int)], mismatches: [LaunchFinding], last: Double?, y: Double, height: Double
    ) {
        for span in appSpans {
            let x0 = x(span.from), x1 = max(x(span.to), x0 + 3)
            out += "<g>\n<title>\(xmlEscaped("the app logged \(span.screen) at \(formatMilliseconds(span.from)) ms (line \(span.line))"))</title>\n"
            out +=
                "<rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(x1 - x0))\" height=\"\(n(height))\" fill=\"\(LaunchLanes.color(span.screen))\" fill-opacity=\"0.6\"/>\n"
            out += "</g>\n"
            legend.note(.screen(span.screen))
            clippedLabel(span.screen, x0: x0, x1: x1, y: y, height: height)
        }
        for finding in mismatches {
            guard case .mismatch(let app, let policy, let until, let duration) = finding.detail else { continue }
            let x0 = x(finding.t), x1 = x(until ?? last ?? finding.t)
            legend.note(.mismatch)
            out +=
                "<rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(max(x1 - x0, 1)))\" height=\"\(n(height))\" fill=\"url(#tr-mismatch)\" stroke=\"#b00020\" stroke-width=\"1.5\" stroke-dasharray=\"4 2\"><title>\(xmlEscaped("\(finding.kind.rawValue): the app showed \(app), the policy says \(policy.rawValue), for \(formatMilliseconds(duration)) ms"))</title></rect>\n"
        }
    }

    /// `label` in white over a span from `x0` to `x1`, clipped to it, when it fits at all.
    private mutating func clippedLabel(_ label: String, x0: Double, x1: Double, y: Double, height: Double) {
        guard let (fitted, size) = fit(label, width: x1 - x0 - 10) else { return }
        clipCount += 1
        let clip = "tr-clip-\(clipCount)"
        out += "<clipPath id=\"\(clip)\"><rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(x1 - x0))\" height=\"\(n(height))\"/></clipPath>\n"
        out +=
            "<text x=\"\(n(x0 + 6))\" y=\"\(n(y + height / 2 + size / 2 - 1.5))\" font-size=\"\(n(size))\" fill=\"#ffffff\" clip-path=\"url(#\(clip))\">\(xmlEscaped(fitted))</text>\n"
    }
}

extension MarkKind {
    /// A root screen's colour, in the policy's lane and (paler) in the app's.
    static func screen(_ screen: String) -> MarkKind {
        let known = [RootScreen.loading, .web, .offseason, .error].map(\.rawValue).contains(screen)
        return box(known ? screen : "another screen", fill: LaunchLanes.color(screen))
    }
    static let launch = shape("launch (a new root)", path: "M0.5 -5 L10.5 -5 L5.5 3 Z", fill: "#263238")
    static let ready = shape("ready", path: "M5.5 -6 L11.5 0 L5.5 6 L-0.5 0 Z", fill: "#1b5e20")
    static let stalled = shape("stalled", path: "M5.5 -6 L11.5 5 L-0.5 5 Z", fill: "#e65100")
    static let mismatch = box("app off the policy", fill: "url(#tr-mismatch)", stroke: "#b00020")
}
