import PolicyCore
import Reports

extension TimeChart {
    /// What the page's own banner showed (`seen`), under the model's pill: a slate span while
    /// it was visible, with its text; a hatched grey one for Turbo's cache preview, which is
    /// never judged. Where the two lanes disagree, `banner-drift` says by how much.
    mutating func drawSeenLane(_ spans: [SeenSpan], y: Double, height: Double) {
        out +=
            "<line x1=\"\(n(left))\" y1=\"\(n(y + height / 2))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(y + height / 2))\" stroke=\"#dddddd\" stroke-dasharray=\"2 3\"/>\n"
        let rooms = rooms(spans.map { x($0.from) })
        for (span, room) in zip(spans, rooms) {
            let x0 = x(span.from), x1 = max(x(span.to), x(span.from) + 3)
            let what = span.preview ? "Turbo's cache preview (not judged)" : "the page showed “\(span.text)”"
            legend.note(span.preview ? .cachePreview : .pageShowed)
            out += "<g>\n<title>\(xmlEscaped("\(what) from \(formatMilliseconds(span.from)) to \(formatMilliseconds(span.to)) ms"))</title>\n"
            let fill = span.preview ? "url(#tr-assumed)" : "#546e7a"
            out += "<rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(x1 - x0))\" height=\"\(n(height))\" rx=\"4\" fill=\"\(fill)\"/>\n"
            if !span.preview, let label = placeLabel(span.text, x0: x0, x1: x1, room: room, height: height) {
                drawLabel(label, middle: y + height / 2, ink: label.inside ? "#ffffff" : "#37474f")
            }
            out += "</g>\n"
        }
    }
}

extension MarkKind {
    static let pageShowed = box("what the page's banner showed", fill: "#546e7a", rx: 3)
    static let cachePreview = box("Turbo's cache preview", fill: "url(#tr-assumed)", stroke: "#cfd8dc", rx: 3)
}
