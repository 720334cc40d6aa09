import AppSession
import NativeErrorPolicy
import OfflineBanner
import PolicyCore
import Reports

/// The session picture's lanes, each drawn from its lines alone at the `y` and `height` the
/// picture gives it, on the page's clock: what `session --render` shows, lane by lane.
extension TimeChart {
    /// The app's connectivity from its `changes`, across the whole axis: offline (assumed)
    /// until the first connectivity line, as the error view's contract says.
    /// `until`: where the changes drawn stop, when the rest were left out.
    mutating func drawSessionConnectivity(_ changes: [(t: Double, online: Bool)], until: Double? = nil, y: Double, height: Double) {
        var spans: [(from: Double, to: Double, online: Bool, assumed: Bool)] = []
        var since = start, online = false, assumed = true
        for change in changes {
            if change.t > since { spans.append((since, change.t, online, assumed)) }
            (since, online, assumed) = (change.t, change.online, false)
        }
        spans.append((since, until ?? end, online, assumed))
        for span in spans { drawConnectivitySpan(span, assumedFill: "#eceff1", y: y, height: height) }
    }

    /// A surface's lane in the session picture: its decisions, each titled with where it was.
    mutating func drawSurfaceLane(_ decisions: [Decision], on surface: String, y: Double, height: Double) {
        drawSurfaceLane(
            decisions, on: { $0.utf8.elementsEqual(surface.utf8) }, titled: { "\($0) on \($1.surface) at \(formatMilliseconds($1.t)) ms" }, y: y,
            height: height)
    }

    /// The pill (amber) and the back-online flash (green) as bars to the next banner record
    /// (the last to the axis's end), each toast as a small purple square under them. A text
    /// goes inside its bar when it fits (in two lines if need be), else just after it, else on
    /// the row under the bars from where its bar starts — never under another bar, where it
    /// would read as that one's caption. A text none of those has room for is cut short inside
    /// its bar, or left out of it, and is returned: the picture writes it whole under the chart,
    /// marked `[pN]` on the row under its bar where there is room (and it is whole on hover).
    /// `until`: where the last bar drawn ends, when the records after it were left out.
    @discardableResult
    mutating func drawSessionBanner(
        _ banners: [BannerChange], until: Double? = nil, toasts: [(t: Double, label: String)], y: Double, height: Double
    ) -> [(t: Double, label: String)] {
        let bar = height - 16
        var rowEnd = -Double.infinity
        var cut: [(t: Double, label: String)] = []
        for (index, change) in banners.enumerated() where change.banner != .hidden {
            let to = index + 1 < banners.count ? banners[index + 1].t : until ?? end
            let x0 = x(change.t), x1 = max(x(to), x0 + 2)
            // The lane's room after this bar: up to the next bar shown.
            let room = banners[(index + 1)...].first { $0.banner != .hidden }.map { x($0.t) } ?? left + plotWidth
            let offline = change.banner == .offline
            legend.note(offline ? .pill : .backOnlineFlash)
            let fill = offline ? "#ffb300" : "#43a047"
            let label = change.label ?? change.banner.rawValue
            out +=
                "<g>\n<title>\(xmlEscaped("\(change.banner.rawValue) “\(label)” from \(formatMilliseconds(change.t)) ms to \(formatMilliseconds(to)) ms (\(change.cause.rawValue))"))</title>\n"
            out += "<rect x=\"\(n(x0))\" y=\"\(n(y + 2))\" width=\"\(n(x1 - x0))\" height=\"\(n(bar))\" rx=\"\(n(bar / 2))\" fill=\"\(fill)\"/>\n"
            let underRow = min(room - 6, segmentEnd(after: change.t))
            if let placed = placeLabel(label, x0: x0 + 2, x1: x1, room: room, height: bar), placed.whole {
                drawLabel(placed, middle: y + 2 + bar / 2, ink: offline || !placed.inside ? "#3e2723" : "#ffffff")
            } else if x0 > rowEnd + 6, x0 + textWidth(label, size: 10.5) <= underRow {
                text(x0, y + height - 2, label, size: 10.5, fill: offline ? "#8d6e00" : "#2e7d32")
                rowEnd = x0 + textWidth(label, size: 10.5)
            } else {
                cut.append((change.t, label))
                if let (fitted, size) = fit(label, width: x1 - x0 - 14) {
                    text(x0 + 8, y + 2 + bar / 2 + size / 2 - 1.5, fitted, size: size, fill: offline ? "#3e2723" : "#ffffff")
                }
                let mark = "[p\(cut.count)]"
                if x0 > rowEnd + 6, x0 + textWidth(mark, size: 10.5) <= underRow {
                    text(x0, y + height - 2, mark, size: 10.5, weight: "bold", fill: offline ? "#8d6e00" : "#2e7d32")
                    rowEnd = x0 + textWidth(mark, size: 10.5)
                }
            }
            out += "</g>\n"
        }
        for toast in toasts {
            let tx = x(toast.t)
            drawMark(
                .toastSquare,
                "<rect x=\"\(n(tx - 3))\" y=\"\(n(y + 2 + bar - 6))\" width=\"6\" height=\"6\" fill=\"#6a1b9a\"><title>\(xmlEscaped("toast “\(toast.label)” at \(formatMilliseconds(toast.t)) ms"))</title></rect>\n"
            )
        }
        return cut
    }

    /// Where the busy stretch holding `t` ends on the plot: the next break, or the plot's end.
    func segmentEnd(after t: Double) -> Double {
        breaks.first { $0.from > t }.map { x($0.from) } ?? left + plotWidth
    }

    /// One row per latency: a span from the drop or edge to what followed it, labelled with its
    /// length; a stuck edge's span runs dashed to the next drop or the session end.
    /// In a `window`, each span is drawn only where it is inside it (its hover still whole), and
    /// a span cut at the window's end has no end tick there: it did not end there.
    mutating func drawLatencyLane(drops: [SessionDrop], edges: [SessionEdge], lateMs: Double, y: Double, window: RenderLimits = RenderLimits()) {
        var spans: [(row: Int, from: Double, to: Double, name: String, latency: Latency)] = []
        for drop in drops {
            if let latency = drop.dropToPill, latency > 0 { spans.append((0, drop.t, drop.t + latency, "dropToPill", .measured(latency))) }
        }
        for edge in edges {
            let stuckEnd = edge.nextDrop ?? end
            if let latency = edge.edgeToClear {
                spans.append((1, edge.t, latency.milliseconds.map { edge.t + $0 } ?? stuckEnd, "edgeToClear", latency))
            }
            if let latency = edge.edgeToPage {
                spans.append((2, edge.t, latency.milliseconds.map { edge.t + $0 } ?? stuckEnd, "edgeToPage", latency))
            }
        }
        // Each row's bars and labels so far: a label goes right of its bar, else left of it,
        // where it runs into neither; else only its bar's hover says it.
        var taken = [[ClosedRange<Double>]](repeating: [], count: 3)
        let clipped = spans.compactMap { span in window.clip(span.from, span.to).map { (span, $0) } }
        for (span, shown) in clipped { taken[span.row].append((x(shown.from) - 2)...(max(x(shown.to), x(shown.from) + 1.5) + 2)) }
        func place(_ label: String, row: Int, after x1: Double, before x0: Double, bold: Bool) -> Double? {
            let w = textWidth(label, size: 10.5, bold: bold)
            for start in [x1 + 6, x0 - 6 - w] where start >= left + 2 && start + w <= width - 6 {
                let range = start...(start + w)
                if !taken[row].contains(where: { $0.overlaps(range) }) {
                    taken[row].append((start - 3)...(start + w + 3))
                    return start
                }
            }
            return nil
        }
        for (span, shown) in clipped {
            let ry = y + 12 + Double(span.row) * 18
            var x0 = x(shown.from), x1 = max(x(shown.to), x0 + 1.5)
            if let to = window.to, x1 > x(to) { (x0, x1) = (x(to) - 1.5, x(to)) }
            let late = span.latency.milliseconds.map { $0 > lateMs } ?? true
            let color = late ? "#b00020" : "#1565c0"
            legend.note(span.latency == .stuck ? .stuck : late ? .late : .latency)
            let label: String
            switch span.latency {
            case .measured(let ms): label = "\(formatMilliseconds(ms)) ms"
            case .stuck: label = "stuck"
            }
            let dash = span.latency == .stuck ? " stroke-dasharray=\"5 3\"" : ""
            out += "<g>\n<title>\(xmlEscaped("\(span.name) from \(formatMilliseconds(span.from)) ms: \(label)"))</title>\n"
            out += "<line x1=\"\(n(x0))\" y1=\"\(n(ry))\" x2=\"\(n(x1))\" y2=\"\(n(ry))\" stroke=\"\(color)\" stroke-width=\"2.5\"\(dash)/>\n"
            if shown.from == span.from {
                out += "<line x1=\"\(n(x0))\" y1=\"\(n(ry - 5))\" x2=\"\(n(x0))\" y2=\"\(n(ry + 5))\" stroke=\"\(color)\" stroke-width=\"1.5\"/>\n"
            }
            if span.latency != .stuck, shown.to == span.to {
                out += "<line x1=\"\(n(x1))\" y1=\"\(n(ry - 5))\" x2=\"\(n(x1))\" y2=\"\(n(ry + 5))\" stroke=\"\(color)\" stroke-width=\"1.5\"/>\n"
            }
            if let labelX = place(label, row: span.row, after: x1, before: x0, bold: true) {
                text(labelX, ry + 4, label, size: 10.5, weight: "bold", fill: color)
            }
            out += "</g>\n"
        }
        // An unannounced drop has no span: a hollow ring on the pill's row says so where it
        // happened, named where there is room.
        for drop in drops where drop.isUnannounced {
            let dx = x(drop.t)
            legend.note(.unannounced)
            out += "<g>\n<title>\(xmlEscaped("unannounced drop at \(formatMilliseconds(drop.t)) ms: no pill before the network came back"))</title>\n"
            out += "<circle cx=\"\(n(dx))\" cy=\"\(n(y + 12))\" r=\"3.5\" fill=\"#ffffff\" stroke=\"#757575\" stroke-width=\"1.5\"/>\n"
            if let labelX = place("unannounced", row: 0, after: dx, before: dx, bold: false) {
                text(labelX, y + 16, "unannounced", size: 10.5, fill: "#757575")
            }
            out += "</g>\n"
        }
    }

    /// Each drop and edge (`changes`) as a thin line from `top` through every lane to `bottom`,
    /// so that what followed it lines up.
    mutating func drawChangeLines(_ changes: [(t: Double, online: Bool)], top: Double, bottom: Double) {
        for (t, online) in changes {
            legend.note(online ? .edge : .drop)
            out +=
                "<line x1=\"\(n(x(t)))\" y1=\"\(n(top))\" x2=\"\(n(x(t)))\" y2=\"\(n(bottom))\" stroke=\"\(online ? "#2e7d32" : "#455a64")\" stroke-width=\"1\" stroke-opacity=\"0.5\"/>\n"
        }
    }
}

extension MarkKind {
    static let pill = box("pill", fill: "#ffb300", rx: 5)
    static let backOnlineFlash = box("back online", fill: "#43a047", rx: 5)
    static let toastSquare = MarkKind(label: "toast", swatch: "<rect x=\"2.5\" y=\"-3\" width=\"6\" height=\"6\" fill=\"#6a1b9a\"/>")
    static let latency = line("latency", stroke: "#1565c0")
    static let late = line("late", stroke: "#b00020")
    static let unannounced = MarkKind(
        label: "unannounced drop (no pill)", swatch: "<circle cx=\"5.5\" cy=\"0\" r=\"3.5\" fill=\"#ffffff\" stroke=\"#757575\" stroke-width=\"1.5\"/>")
    static let stuck = line("stuck (to the next drop)", stroke: "#b00020", dash: "5 3")
    static let drop = line("drop (the app went offline)", stroke: "#455a64", width: 1, vertical: true)
    static let edge = line("edge (the app came back)", stroke: "#2e7d32", width: 1, vertical: true)
}
