/// A kind of mark a picture draws, as its legend shows it: a `label` and a `swatch`, an SVG
/// fragment drawn in an 11 × 12 box whose left middle is the origin (x 0…11, y −6…6).
struct MarkKind: Equatable {
    let label: String
    let swatch: String

    static func box(_ label: String, fill: String, stroke: String? = nil, rx: Double = 0, opacity: Double? = nil) -> MarkKind {
        let strokeAttribute = stroke.map { " stroke=\"\($0)\"" } ?? ""
        let opacityAttribute = opacity.map { " fill-opacity=\"\($0)\"" } ?? ""
        return MarkKind(
            label: label,
            swatch: "<rect x=\"0\" y=\"-6\" width=\"11\" height=\"12\" rx=\"\(rx)\" fill=\"\(fill)\"\(strokeAttribute)\(opacityAttribute)/>")
    }

    static func dot(_ label: String, fill: String, stroke: String? = nil, r: Double = 5) -> MarkKind {
        let strokeAttribute = stroke.map { " stroke=\"\($0)\" stroke-width=\"2\"" } ?? ""
        return MarkKind(label: label, swatch: "<circle cx=\"5.5\" cy=\"0\" r=\"\(r)\" fill=\"\(fill)\"\(strokeAttribute)/>")
    }

    static func shape(_ label: String, path: String, fill: String) -> MarkKind {
        MarkKind(label: label, swatch: "<path d=\"\(path)\" fill=\"\(fill)\"/>")
    }

    static func line(_ label: String, stroke: String, width: Double = 2.5, dash: String? = nil, vertical: Bool = false) -> MarkKind {
        let dashAttribute = dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
        let ends = vertical ? "x1=\"5.5\" y1=\"-6\" x2=\"5.5\" y2=\"6\"" : "x1=\"0\" y1=\"0\" x2=\"11\" y2=\"0\""
        return MarkKind(label: label, swatch: "<line \(ends) stroke=\"\(stroke)\" stroke-width=\"\(width)\"\(dashAttribute)/>")
    }
}

/// The kinds of mark a picture drew, in the order it first drew each: a lane notes a kind as
/// it draws a mark of it, so the legend has a key for every mark drawn and none for a mark
/// that is not. A kind added to a lane later gets its key by being noted there.
struct Legend: Equatable {
    private(set) var kinds: [MarkKind] = []

    mutating func note(_ kind: MarkKind) {
        if !kinds.contains(kind) { kinds.append(kind) }
    }

    /// The keys' rows in `width` px from `x`: each key takes its swatch, its label and a gap.
    func rows(width: Double, glyph: Double) -> [[MarkKind]] {
        var rows: [[MarkKind]] = [[]]
        var lx = 0.0
        for kind in kinds {
            let keyWidth = 14 + Double(kind.label.count) * 11 * glyph + 18
            if lx + keyWidth > width, !rows[rows.count - 1].isEmpty {
                rows.append([])
                lx = 0
            }
            rows[rows.count - 1].append(kind)
            lx += keyWidth
        }
        return rows
    }
}

extension TimeChart {
    /// Draws `svg`, a mark of `kind`, and keys the kind in the legend: the way for a lane to
    /// draw a mark, so that a kind added later has its key with nothing else to change.
    mutating func drawMark(_ kind: MarkKind, _ svg: String) {
        legend.note(kind)
        out += svg
    }
}

/// The kinds every picture shares.
extension MarkKind {
    static let axisBreak = MarkKind(
        label: "axis break: a stretch with nothing in it, left out",
        swatch: "<rect x=\"2\" y=\"-7\" width=\"7\" height=\"14\" fill=\"#ffffff\" stroke=\"none\"/>"
            + "<path d=\"M2 -7 L4 -3.5 L0 0 L4 3.5 L2 7 M9 -7 L11 -3.5 L7 0 L11 3.5 L9 7\" fill=\"none\" stroke=\"#777777\" stroke-width=\"1.2\"/>")
    static let online = box("online", fill: "#c8e6c9")
    static let offline = box("offline", fill: "#455a64")
}
