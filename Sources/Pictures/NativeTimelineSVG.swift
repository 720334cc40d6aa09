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
    var screens: Lane<(from: Double, to: Double, change: ScreenChange)> { lanes.screens }
    var launchMarks: Lane<LaunchRecord> { lanes.launchMarks }
    var appSpans: Lane<(from: Double, to: Double, screen: String, line: Int)> { lanes.appSpans }
    var mismatches: Lane<LaunchFinding> { lanes.mismatches }
    var decisions: Lane<Decision> { lanes.decisions }
    var connectivity: Lane<(from: Double, to: Double, online: Bool, assumed: Bool)> { lanes.connectivity }
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

    // MARK: - Drawing

    mutating func draw() -> String {
        let layout = layoutFlags(flags.enumerated().map { (t: $1.t, label: "\($0 + 1) \($1.id)") })
        let findingsTop = 64.0
        let findingsHeight = max(1, Double(layout.rows)) * 17 + 6
        // Room above the root lane for the launch marks.
        var y = findingsTop + findingsHeight + 16
        let rootLane = (y: y, height: 40.0)
        y += rootLane.height + 30
        let appLane: (y: Double, height: Double)? = appSpans.marks.isEmpty ? nil : (y, 26)
        if let appLane { y += appLane.height + 10 }
        let errorLane = (y: y, height: 40.0)
        y += errorLane.height + 10
        let pathLane = (y: y, height: 22.0)
        let plotBottom = pathLane.y + pathLane.height
        let axisY = plotBottom + 8

        var notes: [[String]] = []
        for (index, flag) in flags.enumerated() {
            let lines = flag.lines.isEmpty ? "" : ", line\(flag.lines.count == 1 ? "" : "s") " + flag.lines.map(String.init).joined(separator: ", ")
            notes.append(wrap("\(index + 1)  \(flag.id) at \(ms(flag.t)) ms\(lines): \(flag.sentence)", width: Int((width - 56) / 6.3)))
        }
        let legendY = axisY + 40
        let summaryY = legendY + 26
        let bounds = boundsNote().map { wrap($0, width: Int((width - 56) / 6.3)) } ?? []
        let notesY = summaryY + 26 + Double(bounds.count) * 16
        let height = notesY + notes.reduce(0) { $0 + Double($1.count) * 15 + 4 } + 12

        out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" \(font) font-size=\"12\">\n"
        out += "<title>\(xmlEscaped("Native timeline: " + path))</title>\n"
        out += """
            <defs>
            <pattern id="tr-mismatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="8" height="8" fill="none"/><line x1="0" y1="0" x2="0" y2="8" stroke="#b00020" stroke-width="2.5" stroke-opacity="0.7"/>
            </pattern>
            <pattern id="tr-assumed" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="6" height="6" fill="#eceff1"/><line x1="0" y1="0" x2="0" y2="6" stroke="#ffffff" stroke-width="2"/>
            </pattern>
            </defs>\n
            """
        out += "<rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#ffffff\"/>\n"
        text(16, 26, shortened(path, to: 120), size: 16, weight: "bold")
        let settings = launch.settings
        text(
            16, 46, "native recording · \(platform.rawValue) · stall \(ms(settings.stall)) ms · app-screen tolerance \(ms(launch.tolerance)) ms",
            size: 11.5, fill: "#555555")

        laneLabel("findings", y: findingsTop, height: findingsHeight)
        laneLabel("root screen", y: rootLane.y, height: rootLane.height)
        if let appLane { laneLabel("app-screen", y: appLane.y, height: appLane.height) }
        laneLabel("error views", y: errorLane.y, height: errorLane.height)
        laneLabel("connectivity", y: pathLane.y, height: pathLane.height)

        drawGridAndAxis(gridTop: findingsTop, gridBottom: plotBottom, axisY: axisY)

        // A window's marks stop at the plot's edges.
        if limits.isWindowed {
            out +=
                "<clipPath id=\"tr-window\"><rect x=\"\(n(left))\" y=\"\(n(findingsTop))\" width=\"\(n(plotWidth))\" height=\"\(n(plotBottom + 24 - findingsTop))\"/></clipPath>\n"
            out += "<g clip-path=\"url(#tr-window)\">\n"
        }
        drawRoot(y: rootLane.y, height: rootLane.height)
        if let appLane { drawApp(y: appLane.y, height: appLane.height) }
        drawErrorViews(y: errorLane.y, height: errorLane.height)
        drawConnectivity(y: pathLane.y, height: pathLane.height)
        if limits.isWindowed { out += "</g>\n" }

        for (index, flag) in flags.enumerated() {
            drawFlag(
                "\(index + 1) \(flag.id)", t: flag.t, y: findingsTop + 4 + Double(layout.row[index]) * 17, bottom: plotBottom,
                toLeft: layout.toLeft[index], title: "\(flag.id) at \(ms(flag.t)) ms: \(flag.sentence)")
        }

        drawLegend(y: legendY)
        let summary = launch.summary
        // A long log's launches are counted, not each listed.
        let ready = summary.readyMs.prefix(10).map { ms($0) + " ms" } + (summary.readyMs.count > 10 ? ["…"] : [])
        var parts = [
            "launches \(summary.launches)", "ready \(summary.readyMs.count)" + (summary.readyMs.isEmpty ? "" : " (" + ready.joined(separator: ", ") + ")"),
            "stalled \(summary.stalls)", "through error \(summary.throughError)", "offseason \(summary.offseason)",
            "error views \(lanes.errorViews)",
        ]
        parts.append("findings: " + (allFlags == 0 ? "none" : "\(allFlags)"))
        text(16, summaryY, parts.joined(separator: " · "), size: 12, weight: "bold", fill: "#333333")
        drawLeftOutAndNotes(bounds, below: summaryY, notes, from: notesY)
        out += "</svg>\n"
        return out
    }

    /// What the picture leaves out (as the web picture says it); `nil` for a whole picture.
    private func boundsNote() -> String? {
        var lanes: [String] = []
        func note<M>(_ lane: Lane<M>, _ what: String) {
            if lane.elided > 0 { lanes.append("\(lane.elided) \(what) from \(ms(lane.elidedFrom ?? 0)) ms") }
        }
        note(screens, "root screens")
        note(launchMarks, "launch marks")
        note(appSpans, "app-screen spans")
        note(mismatches, "mismatches")
        note(decisions, "error-view decisions")
        note(connectivity, "connectivity spans")
        if allFlags > flags.count { lanes.append("\(allFlags - flags.count) findings from \(ms(firstFlagLeftOut ?? 0)) ms") }
        return limits.leftOut(lanes)
    }

    private mutating func drawRoot(y: Double, height: Double) {
        for span in screens.marks {
            let x0 = x(span.from), x1 = max(x(span.to), x0 + 3)
            let screen = span.change.screen.rawValue
            var label = screen
            if case .presented(let surface, let view) = span.change.cause { label += " (\(view.rawValue), \(surface))" }
            out += "<g>\n<title>\(xmlEscaped("\(label) from \(ms(span.from)) ms (\(span.change.cause.name)) to \(ms(span.to)) ms"))</title>\n"
            out += "<rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(x1 - x0))\" height=\"\(n(height))\" fill=\"\(NativeTimelineSVG.color(screen))\"/>\n"
            out += "</g>\n"
            clippedLabel(label, x0: x0, x1: x1, y: y, height: height)
        }
        // Each launch builds a new root: a dark mark where it began.
        for record in launchMarks.marks {
            switch record {
            case .screen(let change) where change.cause == .launch:
                let lx = x(change.t)
                out +=
                    "<path d=\"M\(n(lx - 5)) \(n(y - 9)) L\(n(lx + 5)) \(n(y - 9)) L\(n(lx)) \(n(y - 1)) Z\" fill=\"#263238\"><title>\(xmlEscaped("launch at \(ms(change.t)) ms: a new root"))</title></path>\n"
            case .launch(let decision):
                let dx = x(decision.t), dy = y + height + 10
                let ready = decision.outcome == .ready
                let color = ready ? "#1b5e20" : "#e65100"
                let what = ready ? "ready in \(ms(decision.launchMs)) ms" : "stalled: \(ms(decision.launchMs)) ms loading"
                out += "<g>\n<title>\(xmlEscaped("\(what) (at \(ms(decision.t)) ms)"))</title>\n"
                if ready {
                    out += "<path d=\"M\(n(dx)) \(n(dy - 6)) L\(n(dx + 6)) \(n(dy)) L\(n(dx)) \(n(dy + 6)) L\(n(dx - 6)) \(n(dy)) Z\" fill=\"\(color)\"/>\n"
                } else {
                    out += "<path d=\"M\(n(dx)) \(n(dy - 7)) L\(n(dx + 7)) \(n(dy + 6)) L\(n(dx - 7)) \(n(dy + 6)) Z\" fill=\"\(color)\"/>\n"
                }
                if dx + 10 + textWidth(what, size: 10.5) > width - 4 {
                    text(dx - 10, dy + 4, what, size: 10.5, anchor: "end", fill: color)
                } else {
                    text(dx + 10, dy + 4, what, size: 10.5, fill: color)
                }
                out += "</g>\n"
            default:
                break
            }
        }
    }

    private mutating func drawApp(y: Double, height: Double) {
        for span in appSpans.marks {
            let x0 = x(span.from), x1 = max(x(span.to), x0 + 3)
            out += "<g>\n<title>\(xmlEscaped("the app logged \(span.screen) at \(ms(span.from)) ms (line \(span.line))"))</title>\n"
            out +=
                "<rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(x1 - x0))\" height=\"\(n(height))\" fill=\"\(NativeTimelineSVG.color(span.screen))\" fill-opacity=\"0.6\"/>\n"
            out += "</g>\n"
            clippedLabel(span.screen, x0: x0, x1: x1, y: y, height: height)
        }
        for finding in mismatches.marks {
            guard case .mismatch(let app, let policy, let until, let duration) = finding.detail else { continue }
            let x0 = x(finding.t), x1 = x(until ?? lanes.last ?? finding.t)
            out +=
                "<rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(max(x1 - x0, 1)))\" height=\"\(n(height))\" fill=\"url(#tr-mismatch)\" stroke=\"#b00020\" stroke-width=\"1.5\" stroke-dasharray=\"4 2\"><title>\(xmlEscaped("\(finding.kind.rawValue): the app showed \(app), the policy says \(policy.rawValue), for \(ms(duration)) ms"))</title></rect>\n"
        }
    }

    private mutating func drawErrorViews(y: Double, height: Double) {
        out += "<line x1=\"\(n(left))\" y1=\"\(n(y + height / 2))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(y + height / 2))\" stroke=\"#eeeeee\"/>\n"
        var lastEnd = -Double.infinity
        for decision in decisions.marks {
            let dx = x(decision.t), cy = y + height / 2
            let mark = decisionMark(decision, dx: dx, cy: cy)
            let (shape, label, color) = (mark.shape, mark.label + ", \(decision.surface)", mark.color)
            out += "<g>\n<title>\(xmlEscaped("\(label) at \(ms(decision.t)) ms"))</title>\n" + shape
            if dx + 10 + textWidth(label, size: 10.5) > width - 4 {
                if dx - 10 - textWidth(label, size: 10.5) > lastEnd + 4 {
                    text(dx - 10, cy + 4, label, size: 10.5, anchor: "end", fill: color)
                    lastEnd = dx
                }
            } else if dx + 10 > lastEnd + 4 {
                text(dx + 10, cy + 4, label, size: 10.5, fill: color)
                lastEnd = dx + 10 + textWidth(label, size: 10.5)
            }
            out += "</g>\n"
        }
    }

    private mutating func drawConnectivity(y: Double, height: Double) {
        // The last span runs to the axis's end, the first from its start.
        var spans = connectivity.marks
        if !spans.isEmpty, !limits.isWindowed || limits.to == nil { spans[spans.count - 1].to = end }
        if !spans.isEmpty, spans[0].from == -.infinity {
            if spans[0].to > start { spans[0].from = start } else { spans.removeFirst() }
        }
        for span in spans where span.to >= span.from {
            let x0 = x(span.from), x1 = x(span.to)
            let fill = span.assumed ? "url(#tr-assumed)" : span.online ? "#c8e6c9" : "#455a64"
            let label = span.assumed ? "offline (assumed)" : span.online ? "online" : "offline"
            out += "<g>\n<title>\(xmlEscaped("\(label) from \(ms(span.from)) ms"))</title>\n"
            out += "<rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(max(x1 - x0, 0.8)))\" height=\"\(n(height))\" fill=\"\(fill)\"/>\n"
            if x1 - x0 > textWidth(label, size: 10.5) + 8 {
                text(x0 + 5, y + height / 2 + 4, label, size: 10.5, fill: span.online || span.assumed ? "#1b5e20" : "#ffffff")
            }
            out += "</g>\n"
        }
    }

    private mutating func drawLegend(y: Double) {
        var lx = 16.0
        func item(_ shape: String, _ label: String) {
            out += shape
            text(lx + 14, y + 4, label, size: 11, fill: "#333333")
            lx += 14 + textWidth(label, size: 11) + 18
        }
        text(lx, y + 4, "legend:", size: 11, weight: "bold", fill: "#333333")
        lx += 56
        for screen in [RootScreen.loading, .web, .offseason, .error] {
            item("<rect x=\"\(n(lx))\" y=\"\(n(y - 6))\" width=\"11\" height=\"12\" fill=\"\(NativeTimelineSVG.color(screen.rawValue))\"/>\n", screen.rawValue)
        }
        item("<path d=\"M\(n(lx)) \(n(y - 5)) L\(n(lx + 10)) \(n(y - 5)) L\(n(lx + 5)) \(n(y + 3)) Z\" fill=\"#263238\"/>\n", "launch")
        item("<path d=\"M\(n(lx + 5)) \(n(y - 6)) L\(n(lx + 11)) \(n(y)) L\(n(lx + 5)) \(n(y + 6)) L\(n(lx - 1)) \(n(y)) Z\" fill=\"#1b5e20\"/>\n", "ready")
        item("<path d=\"M\(n(lx + 5)) \(n(y - 6)) L\(n(lx + 11)) \(n(y + 5)) L\(n(lx - 1)) \(n(y + 5)) Z\" fill=\"#e65100\"/>\n", "stalled")
        item("<rect x=\"\(n(lx))\" y=\"\(n(y - 6))\" width=\"11\" height=\"12\" fill=\"url(#tr-mismatch)\" stroke=\"#b00020\"/>\n", "app off the policy")
        item("<circle cx=\"\(n(lx + 5))\" cy=\"\(n(y))\" r=\"5\" fill=\"#ef6c00\"/>\n", "error view")
        item("<path d=\"M\(n(lx + 5)) \(n(y - 6)) L\(n(lx + 10)) \(n(y + 4)) L\(n(lx)) \(n(y + 4)) Z\" fill=\"#2e7d32\"/>\n", "retry")
    }

    private mutating func clippedLabel(_ label: String, x0: Double, x1: Double, y: Double, height: Double) {
        guard let (fitted, size) = fit(label, width: x1 - x0 - 10) else { return }
        clipCount += 1
        let clip = "tr-clip-\(clipCount)"
        out += "<clipPath id=\"\(clip)\"><rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(x1 - x0))\" height=\"\(n(height))\"/></clipPath>\n"
        out +=
            "<text x=\"\(n(x0 + 6))\" y=\"\(n(y + height / 2 + size / 2 - 1.5))\" font-size=\"\(n(size))\" fill=\"#ffffff\" clip-path=\"url(#\(clip))\">\(xmlEscaped(fitted))</text>\n"
    }

    private mutating func laneLabel(_ label: String, y: Double, height: Double) {
        out += "<rect x=\"\(n(left))\" y=\"\(n(y))\" width=\"\(n(plotWidth))\" height=\"\(n(height))\" fill=\"#fafafa\"/>\n"
        text(left - 10, y + height / 2 + 4, label, size: 12, weight: "bold", anchor: "end", fill: "#333333")
    }

    private func ms(_ value: Double) -> String { formatMilliseconds(value) }
}
