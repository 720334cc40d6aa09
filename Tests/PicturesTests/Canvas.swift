@testable import Pictures

/// A timeline with nothing on it but its axis, from 0 to 10 s, for a lane to draw on: `x(t)` is
/// 150 + t × 0.102, so 1 s is at 252 and 5 s at 660.
struct Canvas: TimeChart {
    var breaks: [AxisBreak] = []
    var legend = Legend()
    var out = ""
    var start = 0.0
    var end = 10_000.0
    var step = 1000.0
    var clipCount = 0

    /// What was drawn, element by element.
    var elements: [SVGElement] { SVGElement.parse(out) }
}
