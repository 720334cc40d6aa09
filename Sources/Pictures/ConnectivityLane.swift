import PolicyCore
import Reports

/// The native picture's connectivity lane, every native log's whatever its policies: the app's
/// `path` records as spans on the chart's time axis.
extension TimeChart {
    /// The app's connectivity: green online, dark offline, pale hatching before the first path
    /// record (offline, assumed). The last span runs to the axis's end unless the window
    /// (`limits`) ends it, the first from its start.
    mutating func drawNativeConnectivity(
        _ connectivity: [(from: Double, to: Double, online: Bool, assumed: Bool)], limits: RenderLimits, y: Double, height: Double
    ) {
        var spans = connectivity
        if !spans.isEmpty, !limits.isWindowed || limits.to == nil { spans[spans.count - 1].to = end }
        if !spans.isEmpty, spans[0].from == -.infinity {
            if spans[0].to > start { spans[0].from = start } else { spans.removeFirst() }
        }
        for span in spans where span.to >= span.from {
            drawConnectivitySpan(span, assumedFill: "url(#tr-assumed)", y: y, height: height)
        }
    }

    /// One stretch of the app's connectivity, named where the name fits: online (green),
    /// offline (dark), or offline assumed before any record said (`assumedFill`).
    mutating func drawConnectivitySpan(
        _ span: (from: Double, to: Double, online: Bool, assumed: Bool), assumedFill: String, y: Double, height: Double
    ) {
        let x0 = x(span.from), x1 = x(span.to)
        let fill = span.assumed ? assumedFill : span.online ? "#c8e6c9" : "#455a64"
        let label = span.assumed ? "offline (assumed)" : span.online ? "online" : "offline"
        legend.note(span.assumed ? .box("offline (assumed: before any record)", fill: assumedFill, stroke: "#cfd8dc") : span.online ? .online : .offline)
        out += "<g>\n<title>\(xmlEscaped("\(label) from \(formatMilliseconds(span.from)) ms"))</title>\n"
        out += "<rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(max(x1 - x0, 0.8)))\" height=\"\(n(height))\" fill=\"\(fill)\"/>\n"
        if x1 - x0 > textWidth(label, size: 10.5) + 8 {
            text(x0 + 5, y + height / 2 + 4, label, size: 10.5, fill: span.online || span.assumed ? "#1b5e20" : "#ffffff")
        }
        out += "</g>\n"
    }
}
