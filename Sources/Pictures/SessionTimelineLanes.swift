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
    mutating func drawSessionConnectivity(_ changes: [(t: Double, online: Bool)], y: Double, height: Double) {
        var spans: [(from: Double, to: Double, online: Bool, assumed: Bool)] = []
        var since = start, online = false, assumed = true
        for change in changes {
            if change.t > since { spans.append((since, change.t, online, assumed)) }
            (since, online, assumed) = (change.t, change.online, false)
        }
        spans.append((since, end, online, assumed))
        for span in spans { drawConnectivitySpan(span, assumedFill: "#eceff1", y: y, height: height) }
    }

    /// One surface's lane: the error view's decisions on `surface` (the others' are theirs),
    /// each named where the name fits before the next.
    mutating func drawSurfaceLane(_ decisions: [Decision], on surface: String, y: Double, height: Double) {
        out += "<line x1=\"\(n(left))\" y1=\"\(n(y + height / 2))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(y + height / 2))\" stroke=\"#e0e0e0\"/>\n"
        var lastEnd = -Double.infinity
        for decision in decisions where decision.surface == surface {
            let dx = x(decision.t), cy = y + height / 2
            let (shape, label, color) = decisionMark(decision, dx: dx, cy: cy)
            out += "<g>\n<title>\(xmlEscaped("\(label) on \(surface) at \(formatMilliseconds(decision.t)) ms"))</title>\n" + shape
            if dx + 10 + textWidth(label, size: 10.5) <= width - 4, dx + 10 > lastEnd + 4 {
                text(dx + 10, cy + 4, label, size: 10.5, fill: color)
                lastEnd = dx + 10 + textWidth(label, size: 10.5)
            }
            out += "</g>\n"
        }
    }

    /// The pill (amber) and the back-online flash (green) as spans to the next banner record
    /// (the last to the axis's end), and each toast as a small purple square under them.
    mutating func drawSessionBanner(_ banners: [BannerChange], toasts: [(t: Double, label: String)], y: Double, height: Double) {
        for (index, change) in banners.enumerated() where change.banner != .hidden {
            let to = index + 1 < banners.count ? banners[index + 1].t : end
            let x0 = x(change.t), x1 = max(x(to), x0 + 2)
            let offline = change.banner == .offline
            let fill = offline ? "#ffb300" : "#43a047"
            let label = change.label ?? change.banner.rawValue
            out +=
                "<g>\n<title>\(xmlEscaped("\(change.banner.rawValue) “\(label)” from \(formatMilliseconds(change.t)) ms to \(formatMilliseconds(to)) ms (\(change.cause.rawValue))"))</title>\n"
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
                "<rect x=\"\(n(tx - 3))\" y=\"\(n(y + height - 8))\" width=\"6\" height=\"6\" fill=\"#6a1b9a\"><title>\(xmlEscaped("toast “\(toast.label)” at \(formatMilliseconds(toast.t)) ms"))</title></rect>\n"
        }
    }

    /// One row per latency: a span from the drop or edge to what followed it, labelled with its
    /// length; a stuck edge's span runs dashed to the next drop or the session end.
    mutating func drawLatencyLane(drops: [SessionDrop], edges: [SessionEdge], lateMs: Double, y: Double) {
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
        // An unannounced drop has no span: say so where it happened.
        for drop in drops where drop.isUnannounced {
            text(x(drop.t) + 6, y + 16, "unannounced", size: 10.5, fill: "#757575")
        }
        for span in spans {
            let ry = y + 12 + Double(span.row) * 18
            let x0 = x(span.from), x1 = max(x(span.to), x0 + 1.5)
            let late = span.latency.milliseconds.map { $0 > lateMs } ?? true
            let color = late ? "#b00020" : "#1565c0"
            let label: String
            switch span.latency {
            case .measured(let ms): label = "\(formatMilliseconds(ms)) ms"
            case .stuck: label = "stuck"
            }
            let dash = span.latency == .stuck ? " stroke-dasharray=\"5 3\"" : ""
            out += "<g>\n<title>\(xmlEscaped("\(span.name) from \(formatMilliseconds(span.from)) ms: \(label)"))</title>\n"
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

    /// Each drop and edge (`changes`) as a thin line from `top` through every lane to `bottom`,
    /// so that what followed it lines up.
    mutating func drawChangeLines(_ changes: [(t: Double, online: Bool)], top: Double, bottom: Double) {
        for (t, online) in changes {
            out +=
                "<line x1=\"\(n(x(t)))\" y1=\"\(n(top))\" x2=\"\(n(x(t)))\" y2=\"\(n(bottom))\" stroke=\"\(online ? "#2e7d32" : "#455a64")\" stroke-width=\"1\" stroke-opacity=\"0.5\"/>\n"
        }
    }
}
