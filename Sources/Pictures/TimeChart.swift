import BannerFindings
import NativeFindings
import PolicyCore
import Reports
import VariantAnalysis

/// What the two timelines (a web log's and a native log's) share: lanes over a time axis in
/// seconds, and findings as numbered flags whose labels never overlap.
protocol TimeChart: SVGDrawing {
    var width: Double { get }
    var left: Double { get }
    var plotWidth: Double { get }
    /// The axis, in the recording's milliseconds: where it starts and ends, and its tick step.
    var start: Double { get set }
    var end: Double { get set }
    var step: Double { get set }
    /// Clip paths drawn so far: each label's clip takes the next id, so ids never repeat.
    var clipCount: Int { get set }
}

/// Which row each flag's label takes, and which labels go left of their flag.
struct FlagLayout {
    var rows = 0
    var row: [Int] = []
    var toLeft: [Bool] = []
}

extension TimeChart {
    // The layout every timeline shares, in SVG user units (px): the lanes' names take the left.
    var width: Double { 1200 }
    var left: Double { 150 }
    var plotWidth: Double { width - left - 30 }
    /// The findings lane, first under the title, is as tall as its flags' label rows (one at
    /// least, so an empty lane still shows there are none).
    var findingsTop: Double { 64 }
    var flagRowHeight: Double { 17 }
    func findingsHeight(rows: Int) -> Double { max(1, Double(rows)) * flagRowHeight + 6 }

    func x(_ t: Double) -> Double {
        left + (t - start) / (end - start) * plotWidth
    }

    /// Sets the axis for a recording from `first` to `end`: from 0 unless the recording starts
    /// late in its clock, a round step giving at most a dozen ticks, a little room at the right.
    mutating func fitAxis(first: Double) {
        start = first > 0 && first <= (end - first) * 0.25 ? 0 : first
        let span = max(end - start, 1)
        let steps: [Double] = [
            10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10_000, 15_000, 30_000, 60_000,
            120_000, 300_000, 600_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 21_600_000, 43_200_000, 86_400_000,
        ]
        step = steps.first { span / $0 <= 12 } ?? (span / 12).rounded(.up)
        start = (start / step).rounded(.down) * step
        end = max(end, start + step)
        end += (end - start) * 0.015
    }

    /// Vertical grid lines from `gridTop` to `gridBottom`, and the axis with its labels at `axisY`.
    mutating func drawGridAndAxis(gridTop: Double, gridBottom: Double, axisY: Double) {
        var ticks: [Double] = []
        var tick = start
        while tick <= end + 0.0001 {
            ticks.append(tick)
            tick += step
        }
        out += "<g stroke=\"#e6e6e6\" stroke-width=\"1\">\n"
        for t in ticks { out += "<line x1=\"\(n(x(t)))\" y1=\"\(n(gridTop))\" x2=\"\(n(x(t)))\" y2=\"\(n(gridBottom))\"/>\n" }
        out += "</g>\n"
        out += "<line x1=\"\(n(left))\" y1=\"\(n(axisY))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(axisY))\" stroke=\"#333333\"/>\n"
        for t in ticks {
            out += "<line x1=\"\(n(x(t)))\" y1=\"\(n(axisY))\" x2=\"\(n(x(t)))\" y2=\"\(n(axisY + 5))\" stroke=\"#333333\"/>\n"
            text(x(t), axisY + 18, formatMilliseconds(t / 1000) + " s", size: 11, anchor: "middle", fill: "#333333")
        }
    }

    /// Rows for the flags' labels (`"1 stale-pill"`, at their times), so that no two overlap:
    /// a label goes right of its flag, or left of it at the right edge.
    func layoutFlags(_ flags: [(t: Double, label: String)]) -> FlagLayout {
        var rows: [[ClosedRange<Double>]] = []
        var layout = FlagLayout()
        for flag in flags {
            let fx = x(flag.t)
            let labelWidth = textWidth(flag.label, size: 11)
            let toLeft = fx + 10 + labelWidth > width - 4
            let extent = toLeft ? (fx - 4 - labelWidth)...(fx + 9) : fx...(fx + 10 + labelWidth)
            if let row = rows.firstIndex(where: { $0.allSatisfy { !$0.overlaps((extent.lowerBound - 6)...(extent.upperBound + 6)) } }) {
                rows[row].append(extent)
                layout.row.append(row)
            } else {
                rows.append([extent])
                layout.row.append(rows.count - 1)
            }
            layout.toLeft.append(toLeft)
        }
        layout.rows = rows.count
        return layout
    }

    /// A finding's flag at `t` in the row at `y`, with a dashed line down to `bottom`; `title`
    /// is what a viewer shows on hover.
    mutating func drawFlag(_ label: String, t: Double, y fy: Double, bottom: Double, toLeft: Bool, title: String) {
        let fx = x(t)
        out += "<g>\n<title>\(xmlEscaped(title))</title>\n"
        out +=
            "<line x1=\"\(n(fx))\" y1=\"\(n(fy + 12))\" x2=\"\(n(fx))\" y2=\"\(n(bottom))\" stroke=\"#b00020\" stroke-width=\"1.2\" stroke-dasharray=\"4 3\"/>\n"
        out += "<path d=\"M\(n(fx)) \(n(fy)) L\(n(fx + 8)) \(n(fy + 4)) L\(n(fx)) \(n(fy + 8)) Z\" fill=\"#b00020\"/>\n"
        out += "<line x1=\"\(n(fx))\" y1=\"\(n(fy))\" x2=\"\(n(fx))\" y2=\"\(n(fy + 13))\" stroke=\"#b00020\" stroke-width=\"1.5\"/>\n"
        if toLeft {
            text(fx - 4, fy + 10, label, size: 11, weight: "bold", anchor: "end", fill: "#b00020")
        } else {
            text(fx + 10, fy + 10, label, size: 11, weight: "bold", fill: "#b00020")
        }
        out += "</g>\n"
    }

    /// Under the summary line: what a bounded picture left out (in red), then each finding's
    /// sentences from `notesY`, the first line of each set off at the margin.
    mutating func drawLeftOutAndNotes(_ leftOut: [String], below summaryY: Double, _ notes: [[String]], from notesY: Double) {
        for (index, line) in leftOut.enumerated() {
            text(index == 0 ? 16 : 40, summaryY + 18 + Double(index) * 16, line, size: 11.5, fill: "#b00020")
        }
        var y = notesY
        for lines in notes {
            for (index, line) in lines.enumerated() {
                text(index == 0 ? 16 : 40, y, line, size: 11.5, fill: index == 0 ? "#222222" : "#444444")
                y += 15
            }
            y += 4
        }
    }
    /// The findings lane's marks: each finding's flag on the row `layout` gave it, its dashed
    /// line down through the other lanes to `bottom`.
    mutating func drawFlags(_ flags: [(t: Double, label: String, title: String)], layout: FlagLayout, bottom: Double) {
        for (index, flag) in flags.enumerated() {
            drawFlag(
                flag.label, t: flag.t, y: findingsTop + 4 + Double(layout.row[index]) * flagRowHeight, bottom: bottom,
                toLeft: layout.toLeft[index], title: flag.title)
        }
    }

    /// A lane's pale background across the plot, and its name right-aligned at the left.
    mutating func laneLabel(_ label: String, y: Double, height: Double) {
        out += "<rect x=\"\(n(left))\" y=\"\(n(y))\" width=\"\(n(plotWidth))\" height=\"\(n(height))\" fill=\"#fafafa\"/>\n"
        text(left - 10, y + height / 2 + 4, label, size: 12, weight: "bold", anchor: "end", fill: "#333333")
    }

    /// The lanes `draw` draws, clipped to the plot from `top` to `bottom` when `limits` is a
    /// window: a window's marks stop at the plot's edges instead of running into the names.
    mutating func windowed(_ limits: RenderLimits, top: Double, bottom: Double, _ draw: (inout Self) -> Void) {
        if limits.isWindowed {
            out +=
                "<clipPath id=\"tr-window\"><rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(plotWidth))\" height=\"\(n(bottom - top))\"/></clipPath>\n"
            out += "<g clip-path=\"url(#tr-window)\">\n"
        }
        draw(&self)
        if limits.isWindowed { out += "</g>\n" }
    }

    /// Opens the legend's row at `y`; returns where its first key goes.
    mutating func legendTitle(y: Double) -> Double {
        text(16, y + 4, "legend:", size: 11, weight: "bold", fill: "#333333")
        return 16 + 56
    }

    /// One key of the legend: `shape` (drawn at `lx`) and its label; moves `lx` past both.
    mutating func legendKey(_ shape: String, _ label: String, y: Double, lx: inout Double) {
        out += shape
        text(lx + 14, y + 4, label, size: 11, fill: "#333333")
        lx += 14 + textWidth(label, size: 11) + 18
    }
}

/// The part of a timeline's layout under its lanes, the same in the web and the native
/// timeline: the axis, the legend, the summary line, what was left out, the findings' notes.
protocol TimelineFooter {
    var flags: FlagLayout { get }
    /// The bottom of the last lane.
    var plotBottom: Double { get }
    /// The lines that say what the marks' bound left out.
    var bounds: [String] { get }
    /// Each finding's note, in lines.
    var notes: [[String]] { get }
}

extension TimelineFooter {
    var axisY: Double { plotBottom + 8 }
    var legendY: Double { axisY + 40 }
    var summaryY: Double { legendY + 26 }
    var notesY: Double { summaryY + 26 + Double(bounds.count) * 16 }
    var height: Double { notesY + notes.reduce(0) { $0 + Double($1.count) * 15 + 4 } + 12 }
}

extension TimeChart {
    /// A timeline's end, under its lanes: its findings as numbered flags, its legend (`legend`,
    /// at the y it is given), the summary line, what was left out and the notes; then the
    /// document's end, and the document.
    mutating func finishTimeline(
        _ findings: [(t: Double, id: String, sentence: String)], footer: some TimelineFooter, summary: String,
        legend: (inout Self, Double) -> Void
    ) -> String {
        let flags = findings.enumerated().map { index, finding in
            (t: finding.t, label: "\(index + 1) \(finding.id)", title: "\(finding.id) at \(formatMilliseconds(finding.t)) ms: \(finding.sentence)")
        }
        drawFlags(flags, layout: footer.flags, bottom: footer.plotBottom)
        legend(&self, footer.legendY)
        text(16, footer.summaryY, summary, size: 12, weight: "bold", fill: "#333333")
        drawLeftOutAndNotes(footer.bounds, below: footer.summaryY, footer.notes, from: footer.notesY)
        out += "</svg>\n"
        return out
    }
}
