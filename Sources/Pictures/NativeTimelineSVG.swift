import BannerFindings
import LaunchPolicy
import NativeErrorPolicy
import NativeFindings
import PolicyCore
import Reports
import TurboRecording
import VariantAnalysis

/// `render` of a native recording: a self-contained SVG (no scripts, fonts, images or links).
/// Lanes, top to bottom: findings (launch and retry), the root screen as the launch policy
/// decides it (with each launch, `ready` and `stalled`) when it decided one, the app's own
/// `app-screen` log when it has one (hatched where it disagreed with the policy for longer than
/// the tolerance), a lane per surface with the error view's decisions there, and connectivity;
/// a time axis (broken over long idle stretches); a legend of the marks drawn; the findings' sentences.
/// Every string from the recording (or its path) goes through `xmlEscaped`.
package enum NativeTimelineSVG {
    /// A native recording, replayed with a config over its `meta`, or the whole of it analysed.
    package typealias Source = PictureSource<NativeRecording, NativeConfig>

    /// The picture of `source` within `limits`, and the path as its reader names it; the lines a
    /// lenient read skips go to `onSkip`.
    package static func render(
        _ source: Source, limits: RenderLimits = RenderLimits(), onSkip: @escaping (RecordingError) -> Void = { _ in }
    ) throws -> (svg: String, path: String) {
        var chart: NativeChart
        switch source {
        case .analyzed(let analyzed):
            chart = NativeChart(path: analyzed.path, platform: analyzed.platform, launch: analyzed.launch, lanes: lanes(of: analyzed, limits: limits))
        case .lines(let lines, let config, let lenient):
            let read = try NativeLanes.read(lines: lines, config: config, lenient: lenient, limits: limits, onSkip: onSkip)
            chart = NativeChart(path: read.path, platform: read.platform, launch: read.launch, lanes: read.lanes)
        }
        return (chart.draw(), chart.path)
    }

    /// The lanes of a log analysed whole, fed in the order a read feeds them.
    private static func lanes(of analyzed: NativeRecording, limits: RenderLimits) -> NativeLanes {
        var lanes = NativeLanes(limits: limits)
        for (t, online) in analyzed.connectivity { lanes.path(at: t, online: online) }
        for record in analyzed.viewRecords { lanes.viewRecord(record.event, at: record.t, line: record.line) }
        for record in analyzed.launch.timeline { lanes.launch(record) }
        for shown in analyzed.launch.appScreens { lanes.app(shown) }
        for decision in analyzed.decisions { lanes.decision(decision) }
        for finding in analyzed.retryFindings { lanes.retry(finding) }
        if let first = analyzed.first { lanes.record(at: first) }
        if let last = analyzed.last { lanes.record(at: last) }
        for finding in analyzed.launch.findings { lanes.launch(finding) }
        for loop in analyzed.probeLoops { lanes.probeLoop(loop) }
        for finding in analyzed.archiveFindings { lanes.archive(finding) }
        for cut in analyzed.cuts { lanes.cut(cut) }
        lanes.finish()
        return lanes
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

private struct NativeChart: TimeChart {
    let path: String
    let platform: Platform
    let launch: LaunchAnalyzer
    let limits: RenderLimits
    let lanes: NativeLanes
    var out = ""
    var clipCount = 0
    var start = 0.0
    var end = 0.0
    var step = 1000.0
    var breaks: [AxisBreak] = []
    var legend = Legend()
    var flags: [Flag]
    /// Each error view, from its `presented` to what ended it by the app's log and by the policy.
    var viewSpans: [ErrorViewSpan] = []
    /// Where the views' spans stop: the log's end, or where what is drawn of it stops.
    var viewsEnd = 0.0
    var allFlags: Int { lanes.allFlags }
    var firstFlagLeftOut: Double? { lanes.flags.count > lanes.shownFlags ? lanes.flags[lanes.shownFlags].t : nil }

    /// `launch` is finished; `lanes` has been fed the whole log and its launch findings.
    init(path: String, platform: Platform, launch: LaunchAnalyzer, lanes: NativeLanes) {
        self.path = path
        self.platform = platform
        self.launch = launch
        self.lanes = lanes
        limits = lanes.limits
        flags = Array(lanes.flags.prefix(lanes.shownFlags))
        var (first, end) = lanes.span
        if let from = limits.from { first = from }
        if let to = limits.to { end = to }
        self.end = end
        fitAxis(first: first, busy: limits.isWindowed ? [] : Self.busy(lanes, flags: flags))
        let until = [lanes.decisions.elidedFrom, lanes.appViews.elidedFrom, limits.to].compactMap { $0 }.min() ?? .infinity
        viewsEnd = min(until, lanes.span.end)
        viewSpans = ErrorViewSpans.spans(decisions: lanes.decisions.marks, records: lanes.appViews.marks, until: until)
    }

    /// When something happens: where each mark starts and ends, and each finding.
    static func busy(_ lanes: NativeLanes, flags: [Flag]) -> [Double] {
        var times = flags.map(\.t) + lanes.decisions.marks.map(\.t) + lanes.launchMarks.marks.map(\.t) + lanes.appViews.marks.map(\.t)
        times += lanes.screens.marks.flatMap { [$0.from, $0.to] } + lanes.appSpans.marks.flatMap { [$0.from, $0.to] }
        times += lanes.connectivity.marks.flatMap { [$0.from, $0.to] } + lanes.mismatches.marks.map(\.t)
        return times
    }

    /// Where each part goes, top to bottom: the findings lane as tall as its flags' rows, the
    /// root screen (with room above it for the launch marks, below for ready and stalled), the
    /// app's log when it has one, the error views, connectivity; then the axis, the legend, the
    /// summary, what was left out and the findings' notes.
    struct Layout: TimelineFooter {
        let flags: FlagLayout
        var legendRows = 1
        var summaryRows = 1
        let findings: (y: Double, height: Double)
        /// The root screen, when the policy decided one (a log with no launch has none).
        let root: (y: Double, height: Double)?
        let app: (y: Double, height: Double)?
        /// A lane per surface with a decision drawn (the last, `nil`, for the other surfaces).
        let surfaces: [(surface: String?, y: Double)]
        /// The decisions' row, then the views' spans with the app's records on them.
        let surfaceHeight = 48.0
        let connectivity: (y: Double, height: Double)
        var plotBottom: Double { connectivity.y + connectivity.height }
        let bounds: [String]
        let notes: [[String]]
    }

    func layout() -> Layout {
        let flagLayout = layoutFlags(flags.enumerated().map { (t: $1.t, label: "\($0 + 1) \($1.id)") })
        let findings = (y: findingsTop, height: findingsHeight(rows: flagLayout.rows))
        var y = findings.y + findings.height + 16
        var root: (y: Double, height: Double)?
        if !lanes.screens.marks.isEmpty || !lanes.launchMarks.marks.isEmpty {
            root = (y, 40.0)
            y += 40 + 30
        }
        let app: (y: Double, height: Double)? = lanes.appSpans.marks.isEmpty ? nil : (y, 26)
        if let app { y += app.height + 10 }
        var surfaces: [(surface: String?, y: Double)] = []
        for surface in lanes.surfaces.map(Optional.some) + (lanes.otherSurfaces ? [nil] : []) {
            surfaces.append((surface, y))
            y += 48 + 8
        }
        let notes = flags.enumerated().map { index, flag in
            let lines = flag.lines.isEmpty ? "" : ", line\(flag.lines.count == 1 ? "" : "s") " + flag.lines.map(String.init).joined(separator: ", ")
            return wrap(
                "\(index + 1)  \(flag.id) (\(flag.level.rawValue)) at \(ms(flag.t)) ms\(lines): \(flag.sentence)",
                width: Int((width - 56) / (11.5 * glyphWidth)))
        }
        return Layout(
            flags: flagLayout, findings: findings, root: root, app: app, surfaces: surfaces, connectivity: (y, 22),
            bounds: boundsNote().map { wrap($0, width: Int((width - 56) / (11.5 * glyphWidth))) } ?? [], notes: notes)
    }

    // MARK: - Drawing

    mutating func draw() -> String {
        let layout = layout()
        text(16, 26, shortened(path, to: 120), size: 16, weight: "bold")
        text(
            16, 46, "native recording · \(platform.rawValue) · stall \(ms(launch.settings.stall)) ms · app-screen tolerance \(ms(launch.tolerance)) ms",
            size: 11.5, fill: "#555555")
        drawLaneLabels(layout)
        drawGridAndAxis(gridTop: layout.findings.y, gridBottom: layout.plotBottom, axisY: layout.axisY)
        windowed(limits, top: layout.findings.y, bottom: layout.plotBottom + 24) { chart in
            let lanes = chart.lanes
            if let root = layout.root {
                chart.drawRootLane(lanes.screens.marks, y: root.y, height: root.height)
                chart.drawLaunchMarks(lanes.launchMarks.marks, y: root.y, height: root.height)
            }
            if let app = layout.app {
                chart.drawAppLane(lanes.appSpans.marks, mismatches: lanes.mismatches.marks, last: lanes.last, y: app.y, height: app.height)
            }
            for lane in layout.surfaces {
                let shown = lanes.surfaces
                let on = { (surface: String) in
                    lane.surface.map { $0.utf8.elementsEqual(surface.utf8) } ?? !shown.contains { $0.utf8.elementsEqual(surface.utf8) }
                }
                chart.drawSurfaceLane(
                    lanes.decisions.marks, on: on, named: lane.surface == nil, titled: { "\($0), \($1.surface) at \(formatMilliseconds($1.t)) ms" },
                    y: lane.y, height: 26)
                chart.drawErrorViewSpans(chart.viewSpans.filter { on($0.surface) }, end: chart.viewsEnd, y: lane.y + 30, height: 14)
                chart.drawAppViewMarks(lanes.appViews.marks, on: on, cy: lane.y + 37)
            }
            chart.drawNativeConnectivity(lanes.connectivity.marks, limits: chart.limits, y: layout.connectivity.y, height: layout.connectivity.height)
            // On the lane's lower edge, under its names: the app came to the foreground.
            chart.drawForegrounds(lanes.appViews.marks, cy: layout.connectivity.y + layout.connectivity.height)
        }
        return finishTimeline(
            flags.map { ($0.t, $0.id, $0.sentence, $0.level) }, footer: layout, summary: summaryLine, title: "Native timeline: " + path, defs: Self.defs)
    }

    /// Each lane's name: a surface's lane is named for it (whole on hover when cut short).
    private mutating func drawLaneLabels(_ layout: Layout) {
        laneLabel("findings", y: layout.findings.y, height: layout.findings.height)
        if flags.isEmpty { text(left + 8, layout.findings.y + layout.findings.height / 2 + 4, "none", size: 11, fill: "#777777") }
        if let root = layout.root { laneLabel("root screen", y: root.y, height: root.height) }
        if let app = layout.app { laneLabel("app-screen", y: app.y, height: app.height) }
        for lane in layout.surfaces {
            laneLabel(lane.surface ?? "other surfaces", y: lane.y, height: layout.surfaceHeight)
        }
        laneLabel("connectivity", y: layout.connectivity.y, height: layout.connectivity.height)
    }

    /// The hatchings: where the app's log disagreed with the policy (red), and connectivity
    /// before any path record said (pale).
    static let defs = """
        <defs>
        <pattern id="tr-mismatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="8" height="8" fill="none"/><line x1="0" y1="0" x2="0" y2="8" stroke="#b00020" stroke-width="2.5" stroke-opacity="0.7"/>
        </pattern>
        <pattern id="tr-assumed" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="6" height="6" fill="#eceff1"/><line x1="0" y1="0" x2="0" y2="6" stroke="#ffffff" stroke-width="2"/>
        </pattern>
        </defs>\n
        """

    /// The launches in a line: ready (the first ten times; a long log's are counted, not each
    /// listed), stalled, through an error, offseason, error views, findings.
    private var summaryLine: String {
        let summary = launch.summary
        let ready = summary.readyMs.prefix(10).map { ms($0) + " ms" } + (summary.readyMs.count > 10 ? ["…"] : [])
        var parts = [
            "launches \(summary.launches)", "ready \(summary.readyMs.count)" + (summary.readyMs.isEmpty ? "" : " (" + ready.joined(separator: ", ") + ")"),
            "stalled \(summary.stalls)", "through error \(summary.throughError)", "offseason \(summary.offseason)",
            "error views \(lanes.errorViews)",
        ]
        parts.append("findings: " + (allFlags == 0 ? "none" : "\(allFlags)"))
        return parts.joined(separator: " · ")
    }

    /// What the picture leaves out (as the web picture says it); `nil` for a whole picture.
    private func boundsNote() -> String? {
        var elided: [String] = []
        func note<M>(_ lane: Lane<M>, _ what: String) {
            if lane.elided > 0 { elided.append("\(lane.elided) \(what) from \(ms(lane.elidedFrom ?? 0)) ms") }
        }
        note(lanes.screens, "root screens")
        note(lanes.launchMarks, "launch marks")
        note(lanes.appSpans, "app-screen spans")
        note(lanes.mismatches, "mismatches")
        note(lanes.decisions, "error-view decisions")
        note(lanes.appViews, "app records about error views")
        note(lanes.connectivity, "connectivity spans")
        if allFlags > flags.count { elided.append("\(allFlags - flags.count) findings from \(ms(firstFlagLeftOut ?? 0)) ms") }
        return limits.leftOut(elided)
    }

    private func ms(_ value: Double) -> String { formatMilliseconds(value) }
}
