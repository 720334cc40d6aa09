import NativeErrorPolicy
import PolicyCore
import Reports

extension MarkKind {
    static func errorView(_ variant: ErrorVariant) -> MarkKind {
        switch variant {
        case .offline: return dot("offline view", fill: "#ef6c00")
        case .server: return dot("server view", fill: "#c62828")
        case .none: return dot("no view (none)", fill: "#ffffff", stroke: "#757575", r: 4.5)
        }
    }
    static let retry = shape("retry", path: "M5.5 -6 L10.5 4 L0.5 4 Z", fill: "#2e7d32")
    static let deferred = dot("deferred retry", fill: "#ffffff", stroke: "#6d4c41", r: 4)
}

extension TimeChart {
    /// An error-view decision as every native picture draws it: a filled circle for a view (its
    /// variant's colour; hollow for no view), a green triangle for a retry, a hollow brown
    /// circle for a deferred one, at `dx` on the lane's middle `cy`; and what it is, in words,
    /// without its surface (the lanes are per surface), and its kind for the legend.
    func decisionMark(_ decision: Decision, dx: Double, cy: Double) -> (shape: String, label: String, color: String, kind: MarkKind) {
        switch decision.outcome {
        case .view(let variant):
            let color = variant == .offline ? "#ef6c00" : variant == .server ? "#c62828" : "#757575"
            let shape =
                "<circle cx=\"\(n(dx))\" cy=\"\(n(cy))\" r=\"6\" fill=\"\(variant == .none ? "#ffffff" : color)\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
            return (shape, "\(variant.rawValue) view", color, .errorView(variant))
        case .retry(let retry):
            let color = "#2e7d32"
            let shape = "<path d=\"M\(n(dx)) \(n(cy - 7)) L\(n(dx + 6)) \(n(cy + 5)) L\(n(dx - 6)) \(n(cy + 5)) Z\" fill=\"\(color)\"/>\n"
            switch retry {
            case .automatic(let trigger): return (shape, "retry (\(trigger.rawValue))", color, .retry)
            case .manual: return (shape, "retry (manual)", color, .retry)
            }
        case .deferred(let until):
            let color = "#6d4c41"
            let shape = "<circle cx=\"\(n(dx))\" cy=\"\(n(cy))\" r=\"5\" fill=\"#ffffff\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
            return (shape, "deferred until \(formatMilliseconds(until))", color, .deferred)
        }
    }

    /// One surface's lane: the error view's decisions `on` it (the others' are theirs), each
    /// named where the name fits before the next mark (else the legend and its `<title>` say it). `titled` says a decision on hover, with its
    /// surface; `named` also writes the surface in the label, for a lane of several surfaces.
    mutating func drawSurfaceLane(
        _ decisions: [Decision], on: (String) -> Bool, named: Bool = false, titled: (String, Decision) -> String, y: Double, height: Double
    ) {
        out += "<line x1=\"\(n(left))\" y1=\"\(n(y + height / 2))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(y + height / 2))\" stroke=\"#e0e0e0\"/>\n"
        var lastEnd = -Double.infinity
        let lane = decisions.filter { on($0.surface) }
        // A label runs from its mark to the next one at most, so that no mark covers a label.
        let nextX = lane.dropFirst().map { x($0.t) - 9 } + [width - 4]
        // Marks closer than a mark's width are set apart (a long log's decisions 0.6 s apart
        // are under a pixel apart), each joined to its time by a thin line.
        var spacing = MarkSpacing()
        for (decision, next) in zip(lane, nextX) {
            let tx = x(decision.t), dx = spacing.place(tx), cy = y + height / 2
            let mark = decisionMark(decision, dx: dx, cy: cy)
            legend.note(mark.kind)
            let label = named ? mark.label + ", " + decision.surface : mark.label
            out += "<g>\n<title>\(xmlEscaped(titled(mark.label, decision)))</title>\n" + mark.shape
            if dx != tx {
                out += "<line x1=\"\(n(tx))\" y1=\"\(n(cy + 8))\" x2=\"\(n(dx))\" y2=\"\(n(cy + 6))\" stroke=\"#757575\" stroke-width=\"0.8\"/>\n"
            }
            let labelWidth = textWidth(label, size: 10.5)
            if dx + 10 + labelWidth <= next, dx + 10 > lastEnd + 4 {
                text(dx + 10, cy + 4, label, size: 10.5, fill: mark.color)
                lastEnd = dx + 10 + labelWidth
            } else if next >= width - 4, dx - 10 - labelWidth > lastEnd + 4 {
                text(dx - 10, cy + 4, label, size: 10.5, anchor: "end", fill: mark.color)
                lastEnd = dx
            }
            // Nor does a label run back over a mark: the next one starts past this one.
            lastEnd = max(lastEnd, dx + 7)
            out += "</g>\n"
        }
    }
}
