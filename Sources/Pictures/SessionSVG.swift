import AppSession
import NativeErrorPolicy
import OfflineBanner
import PolicyCore
import Reports

/// `session --render`: one self-contained SVG of an app session on the page's clock. Lanes, top
/// to bottom: the findings, the app's connectivity (each drop and edge marked), one lane per
/// surface with the error view's decisions there, the banner (amber pill, green flash, toasts),
/// and the three latencies as spans from the drop or edge to what followed it; the axis broken
/// over long idle stretches; a legend of the marks drawn. No scripts, fonts or images; every
/// string from a log is XML-escaped, and kept to a bounded prefix (`MarkText`).
package enum SessionSVG {
    /// The picture of marks gathered as a session streamed (its `summary` set at the end), or
    /// of a session analysed whole (`SessionPictureMarks(session)`).
    package static func render(_ marks: SessionPictureMarks, web: String, native: String) -> String {
        var chart = SessionChart(marks, web: web, native: native)
        return chart.draw()
    }

    /// The `finding` of an explained finding's JSON line (its id: ASCII, from the registry).
    static func findingID(_ line: String) -> String {
        guard let start = line.range(of: #""finding":""#)?.upperBound,
            let end = line[start...].firstIndex(of: "\"")
        else { return "finding" }
        return String(line[start..<end])
    }
}

/// One lane of the session picture: its name in the margin (or a name per row, `rows`), its
/// height, and how it draws itself at a `y`. The picture stacks its lanes, names them, spans
/// the axis over them (its busy times break it where nothing happens) and keys in the legend
/// every kind of mark a lane draws with `drawMark` (or notes with `legend.note`): a lane added
/// to `SessionChart.lanes()` needs nothing else, and its times in `busy` keep it off a break.
private struct SessionLane {
    var name: String
    var height: Double
    var rows: [String] = []
    var draw: (inout SessionChart, Double) -> Void
}

private struct SessionChart: TimeChart {
    let marks: SessionPictureMarks
    let summary: AppSessionSummary
    let web: String
    let native: String
    var out = ""
    var start = 0.0
    var end = 0.0
    var step = 1000.0
    var clipCount = 0
    var breaks: [AxisBreak] = []
    var legend = Legend()
    var surfaces: [String]
    var connectivity: [(t: Double, online: Bool)]
    var decisions: [Decision]
    var banners: [BannerChange]
    var toasts: [(t: Double, label: String)]
    /// The records that explain a latency (v1.1), as ticks in the records lane: at most
    /// `RenderLimits.defaultMaxMarks` of them, the rest counted in their legend key.
    var records: [(t: Double, native: Bool, text: String)]
    var recordsLeftOut: Int
    /// Each log's own findings (v1.1), drawn in their layer's records row: at most
    /// `RenderLimits.defaultMaxMarks`, the rest counted in their legend key.
    var layerFindings: [LayerFindingMark]
    var layerFindingsLeftOut: Int
    var findings: [SessionFinding]
    var drops: [SessionDrop]
    var edges: [SessionEdge]
    /// The app's own records about its views, on the session clock.
    var appMarks: [AppViewMark]
    /// Each error view, from its `presented` to what ended it by the app's log and by the policy.
    var viewSpans: [ErrorViewSpan] = []
    /// Where the views' spans stop: the session's end, or where the decisions or the app's
    /// records drawn stop (past it, either was left out).
    var viewsEnd = 0.0
    /// What the logs say of themselves, under the title.
    var headerLines: [String] = []
    /// The pills' texts the banner lane could not write whole: written whole under the chart.
    var cutTexts: [(t: Double, label: String)] = []
    var findingsTop: Double { 64 + Double(headerLines.count) * 15 }

    init(_ marks: SessionPictureMarks, web: String, native: String) {
        self.marks = marks
        summary = marks.summary!
        self.web = web
        self.native = native
        (surfaces, connectivity, decisions) = (marks.surfaces, marks.connectivity.marks, marks.decisions.marks)
        (banners, toasts) = (marks.banners.marks, marks.toasts.marks)
        (records, recordsLeftOut) = (marks.records.marks, marks.records.elided)
        (layerFindings, layerFindingsLeftOut) = (marks.layerFindings.marks, marks.layerFindings.elided)
        (findings, drops, edges) = (marks.findings.marks, marks.drops.marks, marks.edges.marks)
        let offset = marks.offset
        appMarks = marks.logs.app.marks.map { AppViewMark(t: $0.t + offset, kind: $0.kind, line: $0.line) }
        let times = [marks.lineTimes?.min, marks.lineTimes?.max, summary.end].compactMap { $0 }
        let first = marks.window.from ?? min(times.min() ?? 0, 0)
        end = marks.window.to ?? max(times.max() ?? 1, first + 1)
        var busy = marks.busy
        if let end = summary.end { busy.other(end) }
        let firstLine = marks.lineTimes?.min
        for mark in appMarks { busy.other(mark.t) }
        fitAxis(first: first) { start, end in busy.gaps(first: first, firstLine: firstLine, start: start, end: end) }
        let until = [marks.decisions.elidedFrom, marks.logs.app.elidedFrom.map { $0 + offset }].compactMap { $0 }.min() ?? .infinity
        viewsEnd = min(until, summary.end ?? end)
        // The views presented before the window and still up at its start are drawn from it;
        // those the policy ends after it say so on hover.
        let outside = marks.viewsOutside
        let all = outside.before + decisions + outside.after
        viewSpans = marks.logs.readNative ? ErrorViewSpans.spans(decisions: all, records: appMarks, until: until) : []
        for span in viewSpans where !surfaces.contains(where: { $0.utf8.elementsEqual(span.surface.utf8) }) {
            if marks.window.clip(span.from, max(span.app?.t ?? viewsEnd, span.policy?.t ?? viewsEnd)) != nil { surfaces.append(span.surface) }
        }
        headerLines = SessionHeader.lines(web: marks.logs.webMeta, native: marks.logs.nativeMeta, width: Int((width - 32) / (11.5 * glyphWidth)))
    }

    /// The lanes, top to bottom: connectivity, a lane per surface (or one saying there is none),
    /// the banner, and the three latencies' rows when any was measured.
    func lanes() -> [SessionLane] {
        var lanes = [
            SessionLane(name: "connectivity", height: 26) {
                $0.drawSessionConnectivity($0.connectivity, until: $0.marks.connectivity.elidedFrom, y: $1, height: 26)
            }
        ]
        for surface in surfaces {
            lanes.append(SessionLane(name: surface, height: 48) { $0.drawSessionSurface(surface, y: $1) })
        }
        if surfaces.isEmpty {
            lanes.append(
                SessionLane(name: "error views", height: 30) { $0.text($0.left + 8, $1 + 19, "no error view in the native log", size: 11, fill: "#777777") })
        }
        lanes.append(
            SessionLane(name: "banner", height: 46) { chart, y in
                if chart.banners.isEmpty && chart.toasts.isEmpty {
                    chart.text(chart.left + 8, y + 21, "the banner never showed", size: 11, fill: "#777777")
                }
                chart.cutTexts = chart.drawSessionBanner(chart.banners, until: chart.marks.banners.elidedFrom, toasts: chart.toasts, y: y, height: 46)
            })
        if !records.isEmpty || !layerFindings.isEmpty || appMarks.contains(where: { $0.kind == .foreground }) {
            lanes.append(SessionLane(name: "", height: 2 * 18 + 6, rows: ["app records", "page records"]) { $0.drawRecordTicks(y: $1) })
        }
        if !drops.isEmpty || !edges.isEmpty {
            lanes.append(
                SessionLane(name: "", height: 3 * 18 + 6, rows: ["dropToPill", "edgeToClear", "edgeToPage"]) { chart, y in
                    chart.drawLatencyLane(drops: chart.drops, edges: chart.edges, lateMs: chart.marks.lateMs, y: y, window: chart.marks.window)
                })
        }
        return lanes
    }

    /// Where each part goes, top to bottom: the findings lane as tall as its flags' rows, the
    /// lanes; then the axis, the legend (as many rows as it needs), the summary's lines and
    /// the findings' notes.
    struct Layout {
        let flags: FlagLayout
        let findings: (y: Double, height: Double)
        let lanes: [Double]
        let plotBottom: Double
        var legendRows = 1
        var axisY: Double { plotBottom + 8 }
        var legendY: Double { axisY + 40 }
        var summaryY: Double { legendY + 26 + Double(max(legendRows, 1) - 1) * 18 }
        let summary: [String]
        var notes: [[String]]
        var notesY: Double { summaryY + Double(summary.count) * 15 + 12 }
        var height: Double { notesY + notes.reduce(0) { $0 + Double($1.count) * 15 + 4 } + 12 }
    }

    func layout(_ lanes: [SessionLane]) -> Layout {
        let flags = layoutFlags(findings.enumerated().map { (t: $1.t, label: "\($0 + 1) \($1.kind.rawValue)") })
        let findings = (y: findingsTop, height: findingsHeight(rows: flags.rows))
        var y = findings.y + findings.height + 14
        var tops: [Double] = []
        for lane in lanes {
            tops.append(y)
            y += lane.height + 10
        }
        let notes = self.findings.enumerated().map { index, finding in
            wrap("\(index + 1)  " + MarkText.bounded(SessionText.sentence(finding, lateMs: marks.lateMs)), width: Int((width - 56) / (11.5 * glyphWidth)))
        }
        return Layout(
            flags: flags, findings: findings, lanes: tops, plotBottom: y - 10,
            summary: ([summaryText] + [leftOutText].compactMap { $0 }).flatMap { wrap($0, width: Int((width - 32) / (11.5 * boldGlyphWidth))) },
            notes: notes)
    }

    mutating func draw() -> String {
        let lanes = lanes()
        var layout = layout(lanes)
        drawTitle()
        laneLabel("findings", y: layout.findings.y, height: layout.findings.height)
        if findings.isEmpty { text(left + 8, layout.findings.y + layout.findings.height / 2 + 4, "none", size: 11, fill: "#777777") }
        for (lane, y) in zip(lanes, layout.lanes) {
            laneLabel(lane.name, y: y, height: lane.height)
            for (row, name) in lane.rows.enumerated() {
                text(left - 10, y + 16 + Double(row) * 18, name, size: 11, anchor: "end", fill: "#555555")
            }
        }
        drawGridAndAxis(gridTop: layout.findings.y, gridBottom: layout.plotBottom, axisY: layout.axisY)
        for (lane, y) in zip(lanes, layout.lanes) { lane.draw(&self, y) }
        drawChangeLines(connectivity, top: layout.lanes.first ?? layout.findings.y, bottom: layout.plotBottom)
        drawBreaks(top: layout.findings.y, axisY: layout.axisY)
        let flags = findings.enumerated().map { index, finding in
            (
                t: finding.t, label: "\(index + 1) \(finding.kind.rawValue)", title: SessionText.sentence(finding, lateMs: marks.lateMs),
                level: FindingLevel.warning
            )
        }
        drawFlags(flags, layout: layout.flags, bottom: layout.plotBottom)
        for (index, cut) in cutTexts.enumerated() {
            let note = "[p\(index + 1)]  the pill's text at \(ms(cut.t)) ms, whole: “\(cut.label)”"
            layout.notes.append(wrap(note, width: Int((width - 56) / (11.5 * glyphWidth))))
        }
        layout.legendRows = legendRows.count
        drawLegend(y: layout.legendY)
        drawSummaryAndNotes(layout)
        out += "</svg>\n"
        wrapDocument(height: layout.height, title: "App session: " + web + " + " + native)
        return out
    }

    /// Both logs' paths, and how they were put on one clock.
    private mutating func drawTitle() {
        text(16, 26, shortened(web + "  +  " + native, to: 120), size: 16, weight: "bold")
        let sign = marks.offset < 0 ? "−" : "+"
        text(
            16, 46,
            "app session on the page's clock · native t \(sign) \(ms(abs(marks.offset))) ms · \(marks.platform.rawValue) · late after \(ms(marks.lateMs)) ms",
            size: 11.5, fill: "#555555")
        for (index, line) in headerLines.enumerated() {
            text(16, 61 + Double(index) * 15, line, size: 11.5, fill: "#555555")
        }
    }

    /// A surface's lane: the error view's decisions on its upper row; under them each view as a
    /// span (the app's log's, solid; the policy's, outlined), with the app's own records about
    /// its views on it.
    private mutating func drawSessionSurface(_ surface: String, y: Double) {
        let on = { (name: String) in name.utf8.elementsEqual(surface.utf8) }
        drawSurfaceLane(decisions, on: surface, y: y, height: 26)
        drawErrorViewSpans(viewSpans.filter { on($0.surface) }, end: viewsEnd, y: y + 30, height: 14, window: marks.window)
        drawAppViewMarks(appMarks.filter { marks.window.contains($0.t) }, on: on, cy: y + 37)
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
        let count = findings.count + marks.findings.elided
        return
            ([
                "drops \(summary.drops) (\(summary.unannounced) unannounced)", "edges \(summary.edges)",
                "dropToPill " + SessionText.describe(summary.dropToPill),
                "edgeToClear " + SessionText.describe(summary.edgeToClear),
                "edgeToPage " + SessionText.describe(summary.edgeToPage),
                errorViewText,
                "findings: " + (count == 0 ? "none" : "\(count)"),
            ] + (marks.window.leftOut([]).map { [$0 + " (the figures are the whole session's)"] } ?? [])).joined(separator: " · ")
    }

    /// What the picture left out, lane by lane, on lines of its own under the summary.
    private var leftOutText: String? {
        let elided = marks.elided
        guard !elided.isEmpty else { return nil }
        return "not drawn, past \(RenderLimits.defaultMaxMarks) marks a lane (\(RenderLimits.maxFindings) findings): " + elided.joined(separator: ", ")
    }

    /// The time on error views, by the app's own log (what the user lived) and by the policy.
    private var errorViewText: String {
        let views = summary.errorViews
        guard views.count > 0 else { return "error views 0" }
        let open = views.open > 0 || views.shown.open > 0 ? ", open at the end counted to it" : ""
        return "error views \(views.count): shown \(formatSeconds(views.shown.totalMs)) by the app's log (shownMs), "
            + "\(formatSeconds(views.totalMs)) by the policy (policyMs)\(open)"
    }

    /// Each record as a small grey tick in its layer's row (the app's above the page's), its
    /// whole text in a `<title>`.
    private mutating func drawRecordTicks(y: Double) {
        let kind = MarkKind.shape(
            recordsLeftOut > 0 ? "record (\(recordsLeftOut) more not drawn)" : "record (its type where there is room, all of it on hover)",
            path: "M5.5 -4 L8.5 1 L2.5 1 Z", fill: "#757575")
        // Where each row's next label may start: a type is written beside its tick only where
        // it does not run into the previous one (the whole record is on hover either way).
        var free = (app: -Double.infinity, page: -Double.infinity)
        // Each record's next tick in its row: a type is not written across it either.
        var nextTick = [Double](repeating: .infinity, count: records.count)
        var ahead = (app: Double.infinity, page: Double.infinity)
        for index in records.indices.reversed() {
            let record = records[index]
            nextTick[index] = record.native ? ahead.app : ahead.page
            if record.native { ahead.app = x(record.t) } else { ahead.page = x(record.t) }
        }
        for (index, record) in records.enumerated() {
            let tx = x(record.t)
            let top = y + (record.native ? 6 : 24)
            let title = xmlEscaped("\(record.native ? "app" : "page") record \(record.text) at \(ms(record.t)) ms")
            drawMark(
                kind,
                "<path d=\"M\(n(tx)) \(n(top)) L\(n(tx + 3)) \(n(top + 5)) L\(n(tx - 3)) \(n(top + 5)) Z\" fill=\"#757575\"><title>\(title)</title></path>\n")
            let type = String(record.text.prefix { $0 != " " })
            let end = tx + 5 + textWidth(type, size: 10)
            guard tx + 5 >= (record.native ? free.app : free.page), end <= min(width - 8, nextTick[index] - 4),
                !covers(tx + 3, end + 2, native: record.native)
            else { continue }
            text(tx + 5, top + 6, type, size: 10, fill: "#616161")
            if record.native { free.app = end + 6 } else { free.page = end + 6 }
        }
        drawLayerFindings(y: y)
        drawForegrounds(appMarks.filter { marks.window.contains($0.t) }, cy: y + 9)
    }

    /// Whether a finding's triangle in the row (`native`: the app's) reaches into `x0`…`x1`:
    /// a record's type is not written under one.
    private func covers(_ x0: Double, _ x1: Double, native: Bool) -> Bool {
        layerFindings.contains { $0.native == native && x($0.t) + 5 > x0 && x($0.t) - 5 < x1 }
            || (native && appMarks.contains { $0.kind == .foreground && x($0.t) + 5 > x0 && x($0.t) - 5 < x1 })
    }

    /// Each log's own finding as a triangle in its layer's row, told apart by level (a warning
    /// amber, an `info` hollow blue), its sentence on hover.
    private mutating func drawLayerFindings(y: Double) {
        let more = layerFindingsLeftOut > 0 ? " (\(layerFindingsLeftOut) more not drawn)" : ""
        for finding in layerFindings {
            let tx = x(finding.t)
            let top = y + (finding.native ? 2 : 20)
            let style = LayerFindingStyle(finding.level)
            let title = xmlEscaped(
                "\(finding.id) (\(finding.level.rawValue)), the \(finding.native ? "app" : "page")'s own finding at \(ms(finding.t)) ms: \(finding.sentence)")
            drawMark(
                style.kind(more),
                "<path d=\"M\(n(tx)) \(n(top)) L\(n(tx + 4.5)) \(n(top + 10)) L\(n(tx - 4.5)) \(n(top + 10)) Z\" fill=\"\(style.fill)\" stroke=\"\(style.stroke)\" stroke-width=\"1\"><title>\(title)</title></path>\n"
            )
        }
    }

    private func ms(_ value: Double) -> String { formatMilliseconds(value) }
}
