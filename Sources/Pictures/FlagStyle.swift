import PolicyCore

/// How a finding's flag looks for its level, so that the levels are told apart at a glance
/// and in grey print: a warning is a red pennant, an `info` a hollow blue one on a sparser
/// dashed line. The legend keys each level drawn.
struct FlagStyle {
    let level: FindingLevel

    init(_ level: FindingLevel) { self.level = level }

    var ink: String {
        level == .info ? "#1565c0" : "#b00020"
    }

    var fill: String { level == .info ? "#ffffff" : ink }

    var dash: String { level == .info ? "2 4" : "4 3" }

    /// The flag's cloth from the pole's top at (`x`, `y`): 8 wide, 8 tall.
    func pennant(x: Double, y: Double) -> String {
        func n(_ value: Double) -> String { formatMilliseconds((value * 10).rounded() / 10) }
        return "M\(n(x)) \(n(y)) L\(n(x + 8)) \(n(y + 4)) L\(n(x)) \(n(y + 8)) Z"
    }
}

extension MarkKind {
    /// A finding of `level`: its flag as `FlagStyle` draws it.
    static func finding(_ level: FindingLevel) -> MarkKind {
        let style = FlagStyle(level)
        let label = "\(level.rawValue) finding (numbered, its sentence below)"
        return MarkKind(
            label: label,
            swatch: "<path d=\"\(style.pennant(x: 1.5, y: -6))\" fill=\"\(style.fill)\" stroke=\"\(style.ink)\" stroke-width=\"1.2\"/>"
                + "<line x1=\"1.5\" y1=\"-6\" x2=\"1.5\" y2=\"6\" stroke=\"\(style.ink)\" stroke-width=\"1.5\"/>")
    }
}

/// How a log's own finding looks in the session picture's records rows, for its level: an
/// error a red triangle, a warning an amber one, an `info` a hollow blue one.
struct LayerFindingStyle {
    let level: FindingLevel

    init(_ level: FindingLevel) { self.level = level }

    var fill: String {
        level == .info ? "#ffffff" : "#f9a825"
    }

    var stroke: String {
        level == .info ? "#1565c0" : "#8d6e00"
    }

    /// The legend's key; `more` says how many were left out.
    func kind(_ more: String) -> MarkKind {
        MarkKind(
            label: "a log's own \(level.rawValue) finding\(more), as explain gives it (on hover)",
            swatch: "<path d=\"M5.5 -6 L10 4 L1 4 Z\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"1\"/>")
    }
}
