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
/// decides it (with each launch, `ready` and `stalled`), the app's own `app-screen` log when it
/// has one (hatched where it disagreed with the policy for longer than the tolerance), the
/// error view's decisions, and connectivity; a time axis in seconds; the findings' sentences.
/// Every string from the recording (or its path) goes through `xmlEscaped`.
package enum NativeTimelineSVG {
    /// Draws a session analysed whole: the same picture as drawn while reading (`render(path:)`).
    package static func render(_ session: NativeSession, limits: RenderLimits = RenderLimits()) -> String {
        var lanes = NativeLanes(limits: limits)
        for (t, online) in session.connectivity { lanes.path(at: t, online: online) }
        for record in session.launch.timeline { lanes.launch(record) }
        for shown in session.launch.appScreens { lanes.app(shown) }
        for decision in session.decisions { lanes.decision(decision) }
        for finding in session.retryFindings { lanes.retry(finding) }
        if let first = session.first { lanes.record(at: first) }
        if let last = session.last { lanes.record(at: last) }
        for finding in session.launch.findings { lanes.launch(finding) }
        for loop in session.probeLoops { lanes.probeLoop(loop) }
        for finding in session.archiveFindings { lanes.archive(finding) }
        if let cut = session.cut { lanes.cut(cut) }
        lanes.finish()
        var chart = NativeChart(path: session.path, platform: session.platform, launch: session.launch, lanes: lanes)
        return chart.draw()
    }

    /// Reads, analyses and draws the native recording at `path` (`-`: standard input) with
    /// `config` over its `meta`, as it is read: what is kept is what the picture draws
    /// (`limits`), not the recording's timelines and decisions. Strict unless `lenient`, whose
    /// skipped lines go to `onSkip`. Returns the picture and the path as the reader names it.
    package static func render(
        path: String, config: NativeConfig = NativeConfig(), lenient: Bool = false,
        limits: RenderLimits = RenderLimits(),
        onSkip: @escaping (RecordingError) -> Void = { _ in }
    ) throws -> (svg: String, path: String) {
        try render(lines: JSONLines(path: path), config: config, lenient: lenient, limits: limits, onSkip: onSkip)
    }

    /// `render(path:)` over lines already opened (standard input whose kind was looked at).
    package static func render(
        lines: JSONLines, config: NativeConfig = NativeConfig(), lenient: Bool = false,
        limits: RenderLimits = RenderLimits(),
        onSkip: @escaping (RecordingError) -> Void = { _ in }
    ) throws -> (svg: String, path: String) {
        let read = try NativeLanes.read(lines: lines, config: config, lenient: lenient, limits: limits, onSkip: onSkip)
        var chart = NativeChart(path: read.path, platform: read.platform, launch: read.launch, lanes: read.lanes)
        return (chart.draw(), read.path)
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
    var flags: [Flag]
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
        fitAxis(first: first)
    }

    /// Where each part goes, top to bottom: the findings lane as tall as its flags' rows, the
    /// root screen (with room above it for the launch marks, below for ready and stalled), the
    /// app's log when it has one, the error views, connectivity; then the axis, the legend, the
    /// summary, what was left out and the findings' notes.
    struct Layout: TimelineFooter {
        let flags: FlagLayout
        let findings: (y: Double, height: Double)
        let root: (y: Double, height: Double)
        let app: (y: Double, height: Double)?
        let errorViews: (y: Double, height: Double)
        let connectivity: (y: Double, height: Double)
        var plotBottom: Double { connectivity.y + connectivity.height }
        let bounds: [String]
        let notes: [[String]]
    }

    func layout() -> Layout {
        let flagLayout = layoutFlags(flags.enumerated().map { (t: $1.t, label: "\($0 + 1) \($1.id)") })
        let findings = (y: findingsTop, height: findingsHeight(rows: flagLayout.rows))
        var y = findings.y + findings.height + 16
        let root = (y: y, height: 40.0)
        y += root.height + 30
        let app: (y: Double, height: Double)? = lanes.appSpans.marks.isEmpty ? nil : (y, 26)
        if let app { y += app.height + 10 }
        let errorViews = (y: y, height: 40.0)
        y += errorViews.height + 10
        let notes = flags.enumerated().map { index, flag in
            let lines = flag.lines.isEmpty ? "" : ", line\(flag.lines.count == 1 ? "" : "s") " + flag.lines.map(String.init).joined(separator: ", ")
            return wrap("\(index + 1)  \(flag.id) at \(ms(flag.t)) ms\(lines): \(flag.sentence)", width: Int((width - 56) / 6.3))
        }
        return Layout(
            flags: flagLayout, findings: findings, root: root, app: app, errorViews: errorViews, connectivity: (y, 22),
            bounds: boundsNote().map { wrap($0, width: Int((width - 56) / 6.3)) } ?? [], notes: notes)
    }

    // MARK: - Drawing

    mutating func draw() -> String {
        let layout = layout()
        begin(width: width, height: layout.height, title: "Native timeline: " + path, defs: Self.defs)
        text(16, 26, shortened(path, to: 120), size: 16, weight: "bold")
        text(
            16, 46, "native recording · \(platform.rawValue) · stall \(ms(launch.settings.stall)) ms · app-screen tolerance \(ms(launch.tolerance)) ms",
            size: 11.5, fill: "#555555")
        laneLabel("findings", y: layout.findings.y, height: layout.findings.height)
        laneLabel("root screen", y: layout.root.y, height: layout.root.height)
        if let app = layout.app { laneLabel("app-screen", y: app.y, height: app.height) }
        laneLabel("error views", y: layout.errorViews.y, height: layout.errorViews.height)
        laneLabel("connectivity", y: layout.connectivity.y, height: layout.connectivity.height)
        drawGridAndAxis(gridTop: layout.findings.y, gridBottom: layout.plotBottom, axisY: layout.axisY)
        windowed(limits, top: layout.findings.y, bottom: layout.plotBottom + 24) { chart in
            let lanes = chart.lanes
            chart.drawRootLane(lanes.screens.marks, y: layout.root.y, height: layout.root.height)
            chart.drawLaunchMarks(lanes.launchMarks.marks, y: layout.root.y, height: layout.root.height)
            if let app = layout.app {
                chart.drawAppLane(lanes.appSpans.marks, mismatches: lanes.mismatches.marks, last: lanes.last, y: app.y, height: app.height)
            }
            chart.drawErrorViewLane(lanes.decisions.marks, y: layout.errorViews.y, height: layout.errorViews.height)
            chart.drawNativeConnectivity(lanes.connectivity.marks, limits: chart.limits, y: layout.connectivity.y, height: layout.connectivity.height)
        }
        return finishTimeline(flags.map { ($0.t, $0.id, $0.sentence) }, footer: layout, summary: summaryLine) { $0.drawLegend(y: $1) }
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
        note(lanes.connectivity, "connectivity spans")
        if allFlags > flags.count { elided.append("\(allFlags - flags.count) findings from \(ms(firstFlagLeftOut ?? 0)) ms") }
        return limits.leftOut(elided)
    }

    private mutating func drawLegend(y: Double) {
        var lx = legendTitle(y: y)
        for screen in [RootScreen.loading, .web, .offseason, .error] {
            legendKey(
                "<rect x=\"\(n(lx))\" y=\"\(n(y - 6))\" width=\"11\" height=\"12\" fill=\"\(NativeTimelineSVG.color(screen.rawValue))\"/>\n", screen.rawValue,
                y: y,
                lx: &lx)
        }
        legendKey("<path d=\"M\(n(lx)) \(n(y - 5)) L\(n(lx + 10)) \(n(y - 5)) L\(n(lx + 5)) \(n(y + 3)) Z\" fill=\"#263238\"/>\n", "launch", y: y, lx: &lx)
        legendKey(
            "<path d=\"M\(n(lx + 5)) \(n(y - 6)) L\(n(lx + 11)) \(n(y)) L\(n(lx + 5)) \(n(y + 6)) L\(n(lx - 1)) \(n(y)) Z\" fill=\"#1b5e20\"/>\n", "ready",
            y: y,
            lx: &lx)
        legendKey(
            "<path d=\"M\(n(lx + 5)) \(n(y - 6)) L\(n(lx + 11)) \(n(y + 5)) L\(n(lx - 1)) \(n(y + 5)) Z\" fill=\"#e65100\"/>\n", "stalled", y: y, lx: &lx)
        legendKey(
            "<rect x=\"\(n(lx))\" y=\"\(n(y - 6))\" width=\"11\" height=\"12\" fill=\"url(#tr-mismatch)\" stroke=\"#b00020\"/>\n", "app off the policy", y: y,
            lx: &lx)
        legendKey("<circle cx=\"\(n(lx + 5))\" cy=\"\(n(y))\" r=\"5\" fill=\"#ef6c00\"/>\n", "error view", y: y, lx: &lx)
        legendKey(
            "<path d=\"M\(n(lx + 5)) \(n(y - 6)) L\(n(lx + 10)) \(n(y + 4)) L\(n(lx)) \(n(y + 4)) Z\" fill=\"#2e7d32\"/>\n", "retry", y: y, lx: &lx)
    }

    private func ms(_ value: Double) -> String { formatMilliseconds(value) }
}
