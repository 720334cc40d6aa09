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
            }
        }
        let times = session.lines.map(\.t) + [session.summary.end].compactMap { $0 }
        let first = min(times.min() ?? 0, 0)
        end = max(times.max() ?? 1, first + 1)
        fitAxis(first: first)
    }

    mutating func draw() -> String {
        let findings = session.findings
        let layout = layoutFlags(findings.enumerated().map { (t: $1.t, label: "\($0 + 1) \($1.kind.rawValue)") })
        let findingsTop = 64.0
        let findingsHeight = max(1, Double(layout.rows)) * 17 + 6
        var y = findingsTop + findingsHeight + 14
        let pathLane = (y: y, height: 26.0)
        y += pathLane.height + 12
        var surfaceLanes: [(surface: String, y: Double)] = []
        for surface in surfaces {
            surfaceLanes.append((surface, y))
            y += 30 + 8
        }
        if surfaces.isEmpty { y += 30 + 8 }
        let bannerLane = (y: y, height: 34.0)
        y += bannerLane.height + 12
        let latencyRows = 3.0
        let latencyLane = (y: y, height: latencyRows * 18 + 6)
        let plotBottom = latencyLane.y + latencyLane.height
        let axisY = plotBottom + 8

        let notes = findings.enumerated().map { index, finding in
            wrap("\(index + 1)  " + SessionText.sentence(finding, lateMs: session.settings.lateMs), width: Int((width - 56) / 6.3))
        }
        let legendY = axisY + 40
        let summaryY = legendY + 26
        let summaryLines = wrap(summaryText, width: Int((width - 32) / 6.9))
        var notesY = summaryY + Double(summaryLines.count) * 15 + 12
        let height = notesY + notes.reduce(0) { $0 + Double($1.count) * 15 + 4 } + 12

        out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" \(font) font-size=\"12\">\n"
        out += "<title>\(xmlEscaped("App session: " + web + " + " + native))</title>\n"
        out += "<rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#ffffff\"/>\n"
        text(16, 26, shortened(web + "  +  " + native, to: 120), size: 16, weight: "bold")
        let sign = session.offset < 0 ? "−" : "+"
        text(
            16, 46,
            "app session on the page's clock · native t \(sign) \(ms(abs(session.offset))) ms · \(session.nativeSettings.platform.rawValue) · late after \(ms(session.settings.lateMs)) ms",
            size: 11.5, fill: "#555555")

        laneLabel("findings", y: findingsTop, height: findingsHeight)
        laneLabel("connectivity", y: pathLane.y, height: pathLane.height)
        for lane in surfaceLanes { laneLabel(shortened(lane.surface, to: 18), y: lane.y, height: 30) }
        if surfaces.isEmpty {
            laneLabel("error views", y: pathLane.y + pathLane.height + 12, height: 30)
            text(left + 8, pathLane.y + pathLane.height + 12 + 19, "no error view in the native log", size: 11, fill: "#777777")
        }
        laneLabel("banner", y: bannerLane.y, height: bannerLane.height)
        laneLabel("", y: latencyLane.y, height: latencyLane.height)
        for (row, name) in ["dropToPill", "edgeToClear", "edgeToPage"].enumerated() {
            text(left - 10, latencyLane.y + 16 + Double(row) * 18, name, size: 11, anchor: "end", fill: "#555555")
        }

        drawGridAndAxis(gridTop: findingsTop, gridBottom: plotBottom, axisY: axisY)
        drawConnectivity(y: pathLane.y, height: pathLane.height)
        for lane in surfaceLanes { drawDecisions(on: lane.surface, y: lane.y, height: 30) }
        drawBanner(y: bannerLane.y, height: bannerLane.height)
        drawLatencies(y: latencyLane.y)
        // Each drop and edge as a thin line through every lane, so what followed it lines up.
        for (t, online) in connectivity {
            out +=
                "<line x1=\"\(n(x(t)))\" y1=\"\(n(pathLane.y))\" x2=\"\(n(x(t)))\" y2=\"\(n(plotBottom))\" stroke=\"\(online ? "#2e7d32" : "#455a64")\" stroke-width=\"1\" stroke-opacity=\"0.5\"/>\n"
        }

        for (index, finding) in findings.enumerated() {
            drawFlag(
                "\(index + 1) \(finding.kind.rawValue)", t: finding.t, y: findingsTop + 4 + Double(layout.row[index]) * 17,
                bottom: plotBottom, toLeft: layout.toLeft[index],
                title: SessionText.sentence(finding, lateMs: session.settings.lateMs))
        }

        drawLegend(y: legendY)
        for (index, line) in summaryLines.enumerated() {
            text(16, summaryY + Double(index) * 15, line, size: 11.5, weight: "bold", fill: "#333333")
        }
        for lines in notes {
            for (index, line) in lines.enumerated() {
                text(index == 0 ? 16 : 40, notesY + 10, line, size: 11.5, fill: index == 0 ? "#222222" : "#444444")
                notesY += 15
            }
            notesY += 4
        }
        out += "</svg>\n"
        return out
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

    /// Offline (assumed) until the first connectivity line, as the error view's contract says.
    private mutating func drawConnectivity(y: Double, height: Double) {
        var spans: [(from: Double, to: Double, online: Bool, assumed: Bool)] = []
        var since = start, online = false, assumed = true
        for change in connectivity {
            if change.t > since { spans.append((since, change.t, online, assumed)) }
            (since, online, assumed) = (change.t, change.online, false)
        }
        spans.append((since, end, online, assumed))
        for span in spans {
            let x0 = x(span.from), x1 = x(span.to)
            let fill = span.assumed ? "#eceff1" : span.online ? "#c8e6c9" : "#455a64"
            let label = span.assumed ? "offline (assumed)" : span.online ? "online" : "offline"
            out += "<g>\n<title>\(xmlEscaped("\(label) from \(ms(span.from)) ms"))</title>\n"
            out += "<rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(max(x1 - x0, 0.8)))\" height=\"\(n(height))\" fill=\"\(fill)\"/>\n"
            if x1 - x0 > textWidth(label, size: 10.5) + 8 {
                text(x0 + 5, y + height / 2 + 4, label, size: 10.5, fill: span.online || span.assumed ? "#1b5e20" : "#ffffff")
            }
            out += "</g>\n"
        }
    }

    private mutating func drawDecisions(on surface: String, y: Double, height: Double) {
        out += "<line x1=\"\(n(left))\" y1=\"\(n(y + height / 2))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(y + height / 2))\" stroke=\"#e0e0e0\"/>\n"
        var lastEnd = -Double.infinity
        for decision in decisions where decision.surface == surface {
            let dx = x(decision.t), cy = y + height / 2
            let (shape, label, color) = decisionMark(decision, dx: dx, cy: cy)
            out += "<g>\n<title>\(xmlEscaped("\(label) on \(surface) at \(ms(decision.t)) ms"))</title>\n" + shape
            if dx + 10 + textWidth(label, size: 10.5) <= width - 4, dx + 10 > lastEnd + 4 {
                text(dx + 10, cy + 4, label, size: 10.5, fill: color)
                lastEnd = dx + 10 + textWidth(label, size: 10.5)
            }
            out += "</g>\n"
        }
    }

    /// The pill (amber) and the back-online flash (green) as spans to the next banner record.
    private mutating func drawBanner(y: Double, height: Double) {
        for (index, change) in banners.enumerated() where change.banner != .hidden {
            let to = index + 1 < banners.count ? banners[index + 1].t : end
            let x0 = x(change.t), x1 = max(x(to), x0 + 2)
            let offline = change.banner == .offline
            let fill = offline ? "#ffb300" : "#43a047"
            let label = change.label ?? change.banner.rawValue
            out +=
                "<g>\n<title>\(xmlEscaped("\(change.banner.rawValue) “\(label)” from \(ms(change.t)) ms to \(ms(to)) ms (\(change.cause.rawValue))"))</title>\n"
            out +=
                "<rect x=\"\(n(x0))\" y=\"\(n(y + 3))\" width=\"\(n(x1 - x0))\" height=\"\(n(height - 6))\" rx=\"\(n((height - 6) / 2))\" fill=\"\(fill)\"/>\n"
            if let (fitted, size) = fit(label, width: x1 - x0 - 14) {
                text(x0 + 8, y + height / 2 + size / 2 - 1.5, fitted, size: size, fill: offline ? "#3e2723" : "#ffffff")
            }
            out += "</g>\n"
        }
        for toast in toasts {
            let tx = x(toast.t)
            out +=
                "<rect x=\"\(n(tx - 3))\" y=\"\(n(y + height - 8))\" width=\"6\" height=\"6\" fill=\"#6a1b9a\"><title>\(xmlEscaped("toast “\(toast.label)” at \(ms(toast.t)) ms"))</title></rect>\n"
        }
    }

    /// One row per latency: a span from the drop or edge to what followed it, labelled with its
    /// length; a stuck edge's span runs dashed to the next drop or the session end.
    private mutating func drawLatencies(y: Double) {
        var spans: [(row: Int, from: Double, to: Double, name: String, latency: Latency)] = []
        for drop in session.drops {
            if let latency = drop.dropToPill, latency > 0 { spans.append((0, drop.t, drop.t + latency, "dropToPill", .measured(latency))) }
        }
        for edge in session.edges {
            let stuckEnd = edge.nextDrop ?? end
            if let latency = edge.edgeToClear {
                spans.append((1, edge.t, latency.milliseconds.map { edge.t + $0 } ?? stuckEnd, "edgeToClear", latency))
            }
            if let latency = edge.edgeToPage {
                spans.append((2, edge.t, latency.milliseconds.map { edge.t + $0 } ?? stuckEnd, "edgeToPage", latency))
            }
        }
        // An unannounced drop has no span: say so where it happened.
        for drop in session.drops where drop.isUnannounced {
            text(x(drop.t) + 6, y + 16, "unannounced", size: 10.5, fill: "#757575")
        }
        for span in spans {
            let ry = y + 12 + Double(span.row) * 18
            let x0 = x(span.from), x1 = max(x(span.to), x0 + 1.5)
            let late = span.latency.milliseconds.map { $0 > session.settings.lateMs } ?? true
            let color = late ? "#b00020" : "#1565c0"
            let label: String
            switch span.latency {
            case .measured(let ms): label = "\(formatMilliseconds(ms)) ms"
            case .stuck: label = "stuck"
            }
            let dash = span.latency == .stuck ? " stroke-dasharray=\"5 3\"" : ""
            out += "<g>\n<title>\(xmlEscaped("\(span.name) from \(ms(span.from)) ms: \(label)"))</title>\n"
            out += "<line x1=\"\(n(x0))\" y1=\"\(n(ry))\" x2=\"\(n(x1))\" y2=\"\(n(ry))\" stroke=\"\(color)\" stroke-width=\"2.5\"\(dash)/>\n"
            out += "<line x1=\"\(n(x0))\" y1=\"\(n(ry - 5))\" x2=\"\(n(x0))\" y2=\"\(n(ry + 5))\" stroke=\"\(color)\" stroke-width=\"1.5\"/>\n"
            if span.latency != .stuck {
                out += "<line x1=\"\(n(x1))\" y1=\"\(n(ry - 5))\" x2=\"\(n(x1))\" y2=\"\(n(ry + 5))\" stroke=\"\(color)\" stroke-width=\"1.5\"/>\n"
            }
            let labelX = x1 + 6 + textWidth(label, size: 10.5) <= width - 4 ? x1 + 6 : x0 - 6 - textWidth(label, size: 10.5)
            text(labelX, ry + 4, label, size: 10.5, weight: "bold", fill: color)
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
        item("<rect x=\"\(n(lx))\" y=\"\(n(y - 6))\" width=\"11\" height=\"12\" fill=\"#455a64\"/>\n", "app offline")
        item("<rect x=\"\(n(lx))\" y=\"\(n(y - 6))\" width=\"11\" height=\"12\" fill=\"#c8e6c9\"/>\n", "app online")
        item("<circle cx=\"\(n(lx + 5))\" cy=\"\(n(y))\" r=\"5\" fill=\"#ef6c00\"/>\n", "offline view")
        item("<circle cx=\"\(n(lx + 5))\" cy=\"\(n(y))\" r=\"5\" fill=\"#c62828\"/>\n", "server view")
        item("<path d=\"M\(n(lx + 5)) \(n(y - 6)) L\(n(lx + 10)) \(n(y + 4)) L\(n(lx)) \(n(y + 4)) Z\" fill=\"#2e7d32\"/>\n", "retry")
        item("<rect x=\"\(n(lx))\" y=\"\(n(y - 6))\" width=\"11\" height=\"12\" rx=\"5\" fill=\"#ffb300\"/>\n", "pill")
        item("<rect x=\"\(n(lx))\" y=\"\(n(y - 6))\" width=\"11\" height=\"12\" rx=\"5\" fill=\"#43a047\"/>\n", "back online")
        item("<line x1=\"\(n(lx))\" y1=\"\(n(y))\" x2=\"\(n(lx + 11))\" y2=\"\(n(y))\" stroke=\"#1565c0\" stroke-width=\"2.5\"/>\n", "latency")
        item("<line x1=\"\(n(lx))\" y1=\"\(n(y))\" x2=\"\(n(lx + 11))\" y2=\"\(n(y))\" stroke=\"#b00020\" stroke-width=\"2.5\"/>\n", "late or stuck")
    }

    private mutating func laneLabel(_ label: String, y: Double, height: Double) {
        out += "<rect x=\"\(n(left))\" y=\"\(n(y))\" width=\"\(n(plotWidth))\" height=\"\(n(height))\" fill=\"#fafafa\"/>\n"
        text(left - 10, y + height / 2 + 4, label, size: 12, weight: "bold", anchor: "end", fill: "#333333")
    }

    private func ms(_ value: Double) -> String { formatMilliseconds(value) }
}
