import Reports

/// A span's text as placed: its lines, their size, where they start, and whether inside the span.
struct PlacedLabel {
    var lines: [String]
    var size: Double
    var x: Double
    var inside: Bool
    /// Whether the text is whole (not cut short with "…").
    var whole: Bool

    /// Each line's baseline, the lines centred on `middle`.
    func baselines(middle: Double) -> [Double] {
        let lineHeight = size + 1.5
        let top = middle - Double(lines.count) * lineHeight / 2
        return lines.indices.map { top + Double($0 + 1) * lineHeight - 2.25 }
    }
}

extension TimeChart {
    /// Where a span's text goes so that a person reads it whole: inside the span (`x0`…`x1`) at
    /// the largest of three sizes that fits; else just after it, when it fits before `room`
    /// (the lane's next span, or the plot's end); else in two lines inside, when the span is
    /// `height` tall enough; else cut short with "…" inside it, the whole text then only in the
    /// span's `<title>`. `nil` when not even a cut text fits.
    func placeLabel(_ label: String, x0: Double, x1: Double, room: Double, height: Double) -> PlacedLabel? {
        if let (fitted, size) = fit(label, width: x1 - x0 - 10), fitted == label {
            return PlacedLabel(lines: [label], size: size, x: x0 + 6, inside: true, whole: true)
        }
        if x1 + 5 + textWidth(label, size: 10.5) <= min(room, left + plotWidth) - 3 {
            return PlacedLabel(lines: [label], size: 10.5, x: x1 + 5, inside: false, whole: true)
        }
        let perLine = Int((x1 - x0 - 10) / (9.5 * glyphWidth))
        if height >= 2 * 11 + 3, perLine >= 6 {
            let lines = wrap(label, width: perLine)
            if lines.count == 2, lines.allSatisfy({ $0.count <= perLine }) { return PlacedLabel(lines: lines, size: 9.5, x: x0 + 6, inside: true, whole: true) }
        }
        return fit(label, width: x1 - x0 - 10).map { PlacedLabel(lines: [$0.0], size: $0.1, x: x0 + 6, inside: true, whole: false) }
    }

    /// `label`'s lines centred on `middle`, in `ink`, clipped to `clip` when given.
    mutating func drawLabel(_ label: PlacedLabel, middle: Double, ink: String, clip: String? = nil) {
        let clipAttribute = clip.map { " clip-path=\"url(#\($0))\"" } ?? ""
        for (line, baseline) in zip(label.lines, label.baselines(middle: middle)) {
            out +=
                "<text x=\"\(n(label.x))\" y=\"\(n(baseline))\" font-size=\"\(n(label.size))\" fill=\"\(ink)\"\(clipAttribute)>\(xmlEscaped(line))</text>\n"
        }
    }

    /// Where each span's lane room ends: the next span's start, the plot's end for the last.
    func rooms(_ starts: [Double]) -> [Double] {
        Array(starts.dropFirst()) + [left + plotWidth]
    }
}
