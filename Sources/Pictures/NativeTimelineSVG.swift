import BannerFindings
import LaunchPolicy
import NativeErrorPolicy
import NativeFindings
import PolicyCore
import Reports
import TurboRecording
import VariantAnalysis

/// `render` of a native recording: a self-contained SVG (no scripts, fonts, images or links).
/// Lanes, top to bottom: findings (every policy's, and the log's), each registered native
/// policy's own (`NativeLaneSection`: the launch's root screen, with each launch, `ready` and
/// `stalled`, and the app's `app-screen` log hatched where it disagreed with the policy; the
/// error view's lane per surface), and connectivity; a time axis (broken over long idle
/// stretches); a legend of the marks drawn; the findings' sentences. Every string from the
/// recording (or its path) goes through `xmlEscaped`.
package enum NativeTimelineSVG {
    /// The picture of the native recording `lines` reads, replayed with `config` over its
    /// `meta` (strict unless `lenient`; the lines a lenient read skips go to `onSkip`) and
    /// drawn as it is read, within `limits`; and the path as its reader names it.
    package static func render(
        lines: JSONLines, config: NativeConfig = NativeConfig(), lenient: Bool = false, limits: RenderLimits = RenderLimits(),
        onSkip: @escaping (RecordingError) -> Void = { _ in }
    ) throws -> (svg: String, path: String) {
        let read = try NativeLanes.read(lines: lines, config: config, lenient: lenient, limits: limits, onSkip: onSkip)
        var chart = NativeChart(path: read.path, lanes: read.lanes)
        return (chart.draw(), chart.path)
    }
}

/// A native picture being drawn: the shared lanes' and each policy's (`NativeLaneSection`).
struct NativeChart: TimeChart {
    let path: String
    let lanes: NativeLanes
    var limits: RenderLimits { lanes.limits }
    var out = ""
    var clipCount = 0
    var start = 0.0
    var end = 0.0
    var step = 1000.0
    var breaks: [AxisBreak] = []
    var legend = Legend()
    var flags: [Flag]
    var allFlags: Int { lanes.allFlags }
    var firstFlagLeftOut: Double? { lanes.flags.count > lanes.shownFlags ? lanes.flags[lanes.shownFlags].t : nil }

    /// `lanes` has been fed the whole log.
    init(path: String, lanes: NativeLanes) {
        self.path = path
        self.lanes = lanes
        flags = Array(lanes.flags.prefix(lanes.shownFlags))
        var (first, end) = lanes.span
        if let from = lanes.limits.from { first = from }
        if let to = lanes.limits.to { end = to }
        self.end = end
        fitAxis(first: first, busy: lanes.limits.isWindowed ? [] : Self.busy(lanes, flags: flags))
    }

    /// When something happens: where each mark starts and ends, and each finding.
    static func busy(_ lanes: NativeLanes, flags: [Flag]) -> [Double] {
        flags.map(\.t) + lanes.connectivity.marks.flatMap { [$0.from, $0.to] } + lanes.sections.flatMap(\.busy)
    }

    /// Where each part goes, top to bottom: the findings lane as tall as its flags' rows, each
    /// policy's rows (`NativeLaneSection.rows`), connectivity; then the axis, the legend, the
    /// summary, what was left out and the findings' notes.
    struct Layout: TimelineFooter {
        let flags: FlagLayout
        var legendRows = 1
        var summaryRows = 1
        let findings: (y: Double, height: Double)
        /// The policies' rows, each at its `y`.
        let rows: [(row: NativeLaneRow, y: Double)]
        let connectivity: (y: Double, height: Double)
        var plotBottom: Double { connectivity.y + connectivity.height }
        let bounds: [String]
        let notes: [[String]]
    }

    func layout() -> Layout {
        let flagLayout = layoutFlags(flags.enumerated().map { (t: $1.t, label: "\($0 + 1) \($1.id)") })
        let findings = (y: findingsTop, height: findingsHeight(rows: flagLayout.rows))
        var y = findings.y + findings.height + 16
        var rows: [(row: NativeLaneRow, y: Double)] = []
        for row in lanes.sections.flatMap({ $0.rows(lanes) }) {
            rows.append((row, y))
            y += row.height + row.gap
        }
        let notes = flags.enumerated().map { index, flag in
            let lines = flag.lines.isEmpty ? "" : ", line\(flag.lines.count == 1 ? "" : "s") " + flag.lines.map(String.init).joined(separator: ", ")
            return wrap(
                "\(index + 1)  \(flag.id) (\(flag.level.rawValue)) at \(ms(flag.t)) ms\(lines): \(flag.sentence)",
                width: Int((width - 56) / (11.5 * glyphWidth)))
        }
        return Layout(
            flags: flagLayout, findings: findings, rows: rows, connectivity: (y, 22),
            bounds: boundsNote().map { wrap($0, width: Int((width - 56) / (11.5 * glyphWidth))) } ?? [], notes: notes)
    }

    // MARK: - Drawing

    mutating func draw() -> String {
        let layout = layout()
        text(16, 26, shortened(path, to: 120), size: 16, weight: "bold")
        let settings = ["native recording", lanes.platform.rawValue] + lanes.sections.flatMap(\.settings)
        text(16, 46, settings.joined(separator: " · "), size: 11.5, fill: "#555555")
        drawLaneLabels(layout)
        drawGridAndAxis(gridTop: layout.findings.y, gridBottom: layout.plotBottom, axisY: layout.axisY)
        windowed(limits, top: layout.findings.y, bottom: layout.plotBottom + 24) { chart in
            for (row, y) in layout.rows { row.draw(&chart, y) }
            let connectivity = layout.connectivity
            chart.drawNativeConnectivity(chart.lanes.connectivity.marks, limits: chart.limits, y: connectivity.y, height: connectivity.height)
            for section in chart.lanes.sections { section.drawOnConnectivity(&chart, y: connectivity.y, height: connectivity.height) }
        }
        return finishTimeline(
            flags.map { ($0.t, $0.id, $0.sentence, $0.level) }, footer: layout, summary: summaryLine, title: "Native timeline: " + path, defs: Self.defs)
    }

    /// Each lane's name: a surface's lane is named for it (whole on hover when cut short).
    private mutating func drawLaneLabels(_ layout: Layout) {
        laneLabel("findings", y: layout.findings.y, height: layout.findings.height)
        if flags.isEmpty { text(left + 8, layout.findings.y + layout.findings.height / 2 + 4, "none", size: 11, fill: "#777777") }
        for (row, y) in layout.rows { laneLabel(row.name, y: y, height: row.height) }
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

    /// Each policy's counts in a line (`NativeLaneSection.summary`), then the findings'.
    private var summaryLine: String {
        let parts = lanes.sections.flatMap(\.summary) + ["findings: " + (allFlags == 0 ? "none" : "\(allFlags)")]
        return parts.joined(separator: " · ")
    }

    /// What the picture leaves out (as the web picture says it); `nil` for a whole picture.
    private func boundsNote() -> String? {
        var elided = lanes.sections.flatMap(\.leftOut) + [lanes.connectivity.leftOut("connectivity spans")].compactMap { $0 }
        if allFlags > flags.count { elided.append("\(allFlags - flags.count) findings from \(ms(firstFlagLeftOut ?? 0)) ms") }
        return limits.leftOut(elided)
    }

    private func ms(_ value: Double) -> String { formatMilliseconds(value) }
}
