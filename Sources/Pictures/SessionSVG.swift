import AppSession
import NativeErrorPolicy
import OfflineBanner
import PolicyCore
import Reports

/// `session --render`: one self-contained SVG of an app session on the page's clock. Lanes, top
/// to bottom: the findings, the app's connectivity (each drop and edge marked), one lane per
/// surface with the error view's decisions there, the banner (amber pill, green flash, toasts),
/// and the three latencies as spans from the drop or edge to what followed it. No scripts,
/// fonts or images; every string from a log is XML-escaped.
package enum SessionSVG {
    package static func render(_ session: AppSession, web: String, native: String) -> String {
        var chart = SessionChart(session, web: web, native: native)
        return chart.draw()
    }
}

private struct SessionChart: TimeChart {
    let session: AppSession
    let web: String
    let native: String
    var out = ""
    var start = 0.0
    var end = 0.0
    var step = 1000.0
    var clipCount = 0
    var surfaces: [String] = []
    var connectivity: [(t: Double, online: Bool)] = []
    var decisions: [Decision] = []
    var banners: [BannerChange] = []
    var toasts: [(t: Double, label: String)] = []
    /// The records that explain a latency (v1.1), as ticks on their layer's lane: at most
    /// `RenderLimits.defaultMaxMarks`, the rest counted (a log of millions keeps a bounded picture).
    var records: [(t: Double, native: Bool, text: String)] = []
    var recordsLeftOut = 0

    init(_ session: AppSession, web: String, native: String) {
        self.session = session
        self.web = web
        self.native = native
        for line in session.lines {
            switch line {
            case .connectivity(let t, let online): connectivity.append((t, online))
            case .native(let decision):
                decisions.append(decision)
                if !surfaces.contains(decision.surface) { surfaces.append(decision.surface) }
            case .web(.banner(let change)): banners.append(change)
            case .web(.submit(let decision)):
                if case .toast(let label) = decision.outcome { toasts.append((decision.t, label)) }
            case .webRecord(let record), .nativeRecord(let record):
                guard records.count < RenderLimits.defaultMaxMarks else {
                    recordsLeftOut += 1
                    continue
                }
                let fields = record.fields.map { "\($0.key)=\(shortened($0.json, to: 80))" }
                records.append((record.t, line.isNative, ([record.type] + fields).joined(separator: " ")))
            }
        }
        let times = session.lines.map(\.t) + [session.summary.end].compactMap { $0 }
        let first = min(times.min() ?? 0, 0)
        end = max(times.max() ?? 1, first + 1)
        fitAxis(first: first)
    }

    /// Where each part goes, top to bottom: the findings lane as tall as its flags' rows,
    /// connectivity, a lane per surface (or one saying there is none), the banner, the three
    /// latencies' rows; then the axis, the legend, the summary's lines and the findings' notes.
    struct Layout {
        let flags: FlagLayout
        let findings: (y: Double, height: Double)
        let connectivity: (y: Double, height: Double)
        let surfaces: [(surface: String, y: Double)]
        /// With no surface, the one lane that says there is no error view.
        let noErrorView: Double?
        let surfaceHeight = 30.0
        let banner: (y: Double, height: Double)
        let latencies: (y: Double, height: Double)
        var plotBottom: Double { latencies.y + latencies.height }
        var axisY: Double { plotBottom + 8 }
        var legendY: Double { axisY + 40 }
        var summaryY: Double { legendY + 26 }
        let summary: [String]
        let notes: [[String]]
        var notesY: Double { summaryY + Double(summary.count) * 15 + 12 }
        var height: Double { notesY + notes.reduce(0) { $0 + Double($1.count) * 15 + 4 } + 12 }
    }

    func layout() -> Layout {
        let flags = layoutFlags(session.findings.enumerated().map { (t: $1.t, label: "\($0 + 1) \($1.kind.rawValue)") })
        let findings = (y: findingsTop, height: findingsHeight(rows: flags.rows))
        var y = findings.y + findings.height + 14
        let connectivity = (y: y, height: 26.0)
        y += connectivity.height + 12
        var surfaceLanes: [(surface: String, y: Double)] = []
        for surface in surfaces {
            surfaceLanes.append((surface, y))
            y += 30 + 8
        }
        let noErrorView = surfaces.isEmpty ? y : nil
        if surfaces.isEmpty { y += 30 + 8 }
        let banner = (y: y, height: 34.0)
        y += banner.height + 12
        let latencyRows = 3.0
        let notes = session.findings.enumerated().map { index, finding in
            wrap("\(index + 1)  " + SessionText.sentence(finding, lateMs: session.settings.lateMs), width: Int((width - 56) / 6.3))
        }
        return Layout(
            flags: flags, findings: findings, connectivity: connectivity, surfaces: surfaceLanes, noErrorView: noErrorView, banner: banner,
            latencies: (y, latencyRows * 18 + 6), summary: wrap(summaryText, width: Int((width - 32) / 6.9)), notes: notes)
    }

    mutating func draw() -> String {
        let layout = layout()
        begin(width: width, height: layout.height, title: "App session: " + web + " + " + native)
        drawTitle()
        drawLaneLabels(layout)
        drawGridAndAxis(gridTop: layout.findings.y, gridBottom: layout.plotBottom, axisY: layout.axisY)
        drawSessionConnectivity(connectivity, y: layout.connectivity.y, height: layout.connectivity.height)
        for lane in layout.surfaces {
            drawSurfaceLane(decisions, on: lane.surface, y: lane.y, height: layout.surfaceHeight)
        }
        drawSessionBanner(banners, toasts: toasts, y: layout.banner.y, height: layout.banner.height)
        drawRecordTicks(connectivityY: layout.connectivity.y, bannerY: layout.banner.y)
        drawLatencyLane(drops: session.drops, edges: session.edges, lateMs: session.settings.lateMs, y: layout.latencies.y)
        drawChangeLines(connectivity, top: layout.connectivity.y, bottom: layout.plotBottom)
        let flags = session.findings.enumerated().map { index, finding in
            (t: finding.t, label: "\(index + 1) \(finding.kind.rawValue)", title: SessionText.sentence(finding, lateMs: session.settings.lateMs))
        }
        drawFlags(flags, layout: layout.flags, bottom: layout.plotBottom)
        drawLegend(y: layout.legendY)
        drawSummaryAndNotes(layout)
        out += "</svg>\n"
        return out
    }

    /// Both logs' paths, and how they were put on one clock.
    private mutating func drawTitle() {
        text(16, 26, shortened(web + "  +  " + native, to: 120), size: 16, weight: "bold")
        let sign = session.offset < 0 ? "−" : "+"
        text(
            16, 46,
            "app session on the page's clock · native t \(sign) \(ms(abs(session.offset))) ms · \(session.nativeSettings.platform.rawValue) · late after \(ms(session.settings.lateMs)) ms",
            size: 11.5, fill: "#555555")
    }

    /// Every lane's name; the latencies' lane names its three rows instead.
    private mutating func drawLaneLabels(_ layout: Layout) {
        laneLabel("findings", y: layout.findings.y, height: layout.findings.height)
        laneLabel("connectivity", y: layout.connectivity.y, height: layout.connectivity.height)
        for lane in layout.surfaces {
            laneLabel(shortened(lane.surface, to: 18), y: lane.y, height: layout.surfaceHeight)
        }
        if let y = layout.noErrorView {
            laneLabel("error views", y: y, height: layout.surfaceHeight)
            text(left + 8, y + 19, "no error view in the native log", size: 11, fill: "#777777")
        }
        laneLabel("banner", y: layout.banner.y, height: layout.banner.height)
        laneLabel("", y: layout.latencies.y, height: layout.latencies.height)
        for (row, name) in ["dropToPill", "edgeToClear", "edgeToPage"].enumerated() {
            text(left - 10, layout.latencies.y + 16 + Double(row) * 18, name, size: 11, anchor: "end", fill: "#555555")
        }
    }

    /// The summary's lines, then each finding's sentences, the first line of each at the margin.
    private mutating func drawSummaryAndNotes(_ layout: Layout) {
        for (index, line) in layout.summary.enumerated() {
            text(16, layout.summaryY + Double(index) * 15, line, size: 11.5, weight: "bold", fill: "#333333")
        }
        var notesY = layout.notesY
        for lines in layout.notes {
            for (index, line) in lines.enumerated() {
                text(index == 0 ? 16 : 40, notesY + 10, line, size: 11.5, fill: index == 0 ? "#222222" : "#444444")
                notesY += 15
            }
            notesY += 4
        }
    }

    private var summaryText: String {
        let summary = session.summary
        return [
            "drops \(summary.drops) (\(summary.unannounced) unannounced)", "edges \(summary.edges)",
            "dropToPill " + SessionText.describe(summary.dropToPill),
            "edgeToClear " + SessionText.describe(summary.edgeToClear),
            "edgeToPage " + SessionText.describe(summary.edgeToPage),
            "findings: " + (session.findings.isEmpty ? "none" : "\(session.findings.count)"),
        ].joined(separator: " · ")
    }

    private mutating func drawLegend(y: Double) {
        var lx = legendTitle(y: y)
        legendKey("<rect x=\"\(n(lx))\" y=\"\(n(y - 6))\" width=\"11\" height=\"12\" fill=\"#455a64\"/>\n", "app offline", y: y, lx: &lx)
        legendKey("<rect x=\"\(n(lx))\" y=\"\(n(y - 6))\" width=\"11\" height=\"12\" fill=\"#c8e6c9\"/>\n", "app online", y: y, lx: &lx)
        legendKey("<circle cx=\"\(n(lx + 5))\" cy=\"\(n(y))\" r=\"5\" fill=\"#ef6c00\"/>\n", "offline view", y: y, lx: &lx)
        legendKey("<circle cx=\"\(n(lx + 5))\" cy=\"\(n(y))\" r=\"5\" fill=\"#c62828\"/>\n", "server view", y: y, lx: &lx)
        legendKey(
            "<path d=\"M\(n(lx + 5)) \(n(y - 6)) L\(n(lx + 10)) \(n(y + 4)) L\(n(lx)) \(n(y + 4)) Z\" fill=\"#2e7d32\"/>\n", "retry", y: y, lx: &lx)
        legendKey("<rect x=\"\(n(lx))\" y=\"\(n(y - 6))\" width=\"11\" height=\"12\" rx=\"5\" fill=\"#ffb300\"/>\n", "pill", y: y, lx: &lx)
        legendKey("<rect x=\"\(n(lx))\" y=\"\(n(y - 6))\" width=\"11\" height=\"12\" rx=\"5\" fill=\"#43a047\"/>\n", "back online", y: y, lx: &lx)
        legendKey(
            "<line x1=\"\(n(lx))\" y1=\"\(n(y))\" x2=\"\(n(lx + 11))\" y2=\"\(n(y))\" stroke=\"#1565c0\" stroke-width=\"2.5\"/>\n", "latency", y: y, lx: &lx)
        legendKey(
            "<line x1=\"\(n(lx))\" y1=\"\(n(y))\" x2=\"\(n(lx + 11))\" y2=\"\(n(y))\" stroke=\"#b00020\" stroke-width=\"2.5\"/>\n", "late or stuck", y: y,
            lx: &lx)
        if !records.isEmpty {
            legendKey(
                "<path d=\"M\(n(lx + 5)) \(n(y - 4)) L\(n(lx + 8)) \(n(y + 1)) L\(n(lx + 2)) \(n(y + 1)) Z\" fill=\"#757575\"/>\n",
                recordsLeftOut > 0 ? "record (\(recordsLeftOut) more not drawn)" : "record", y: y, lx: &lx)
        }
    }

    /// Each record as a small grey tick above its layer's lane (the app's above connectivity, the
    /// page's above the banner), its whole text in a `<title>`.
    private mutating func drawRecordTicks(connectivityY: Double, bannerY: Double) {
        for record in records {
            let tx = x(record.t)
            let top = (record.native ? connectivityY : bannerY) - 6
            out +=
                "<path d=\"M\(n(tx)) \(n(top)) L\(n(tx + 3)) \(n(top + 5)) L\(n(tx - 3)) \(n(top + 5)) Z\" fill=\"#757575\"><title>\(xmlEscaped("\(record.native ? "app" : "page") record \(record.text) at \(ms(record.t)) ms"))</title></path>\n"
        }
    }

    private func ms(_ value: Double) -> String { formatMilliseconds(value) }
}
