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
    /// The idle stretches the axis leaves out (`AxisBreaks`), in time order; none on most.
    var breaks: [AxisBreak] { get set }
    /// The kinds of mark drawn so far: the legend's keys.
    var legend: Legend { get set }
    /// Where the findings lane starts, under the title (and what a picture adds to it).
    var findingsTop: Double { get }
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

    /// Where `t` is on the plot: one uniform scale over the axis, less the breaks, each of which
    /// takes `AxisBreaks.width` px (a time inside one is placed proportionally within it).
    func x(_ t: Double) -> Double {
        guard !breaks.isEmpty else { return left + (t - start) / (end - start) * plotWidth }
        let kept = (end - start) - breaks.reduce(0) { $0 + $1.to - $1.from }
        let scale = (plotWidth - Double(breaks.count) * AxisBreaks.width) / kept
        var px = left, from = start
        for gap in breaks {
            if t <= gap.from { break }
            px += (gap.from - from) * scale
            if t < gap.to { return px + (t - gap.from) / (gap.to - gap.from) * AxisBreaks.width }
            px += AxisBreaks.width
            from = gap.to
        }
        return px + (t - from) * scale
    }

    /// Sets the axis for a recording from `first` to `end`: from 0 unless the recording starts
    /// late in its clock, a round step giving at most a dozen ticks, a little room at the right.
    /// With `busy` (the times the marks start and end at), an idle stretch long enough is left
    /// out as a drawn break (`AxisBreaks`), the scale uniform over the rest.
    mutating func fitAxis(first: Double, busy: [Double] = []) {
        fitAxis(first: first) { start, end in busy.isEmpty ? [] : AxisBreaks.gaps(busy: busy + [first], start: start, end: end) }
    }

    /// `fitAxis(first:busy:)` with the idle gaps worked out by `gaps(start, end)`.
    mutating func fitAxis(first: Double, gaps: (_ start: Double, _ end: Double) -> [AxisBreak]) {
        start = first > 0 && first <= (end - first) * 0.25 ? 0 : first
        breaks = []
        let gaps = gaps(start, end)
        if !gaps.isEmpty {
            let broken = AxisBreaks.fit(start: start, end: end, gaps: gaps, plotWidth: plotWidth)
            if !broken.breaks.isEmpty {
                (start, end, step, breaks) = broken
                return
            }
        }
        let span = max(end - start, 1)
        step = AxisBreaks.steps.first { span / $0 <= 12 } ?? (span / 12).rounded(.up)
        start = (start / step).rounded(.down) * step
        end = max(end, start + step)
        end += (end - start) * 0.015
    }

    /// The ticks: every step from the start, except inside a break. They are counted per visible
    /// stretch (the axis less its breaks), never walked over the span: a break may leave out
    /// years of a recording's clock at a 10 ms step, and the picture's cost must follow its
    /// marks. The axis's fit keeps a stretch's ticks `AxisBreaks.tickRoom` px apart, so there
    /// are at most a few dozen; `maximumTicks` only guards an axis no fit produced.
    var ticks: [Double] {
        guard step > 0, step.isFinite, start.isFinite, end.isFinite else { return [] }
        var stretches: [(from: Double, to: Double)] = []
        var from = start
        for gap in breaks {
            stretches.append((from, gap.from))
            from = gap.to
        }
        stretches.append((from, end + 0.0001))
        var ticks: [Double] = []
        for stretch in stretches where stretch.to >= stretch.from {
            // One step of slack each side: `start + k × step` is tested, not assumed, to be inside.
            let first = max(((stretch.from - start) / step).rounded(.up) - 1, 0)
            let last = ((stretch.to - start) / step).rounded(.down) + 1
            guard last >= first else { continue }
            for k in 0..<Int(min(last - first + 1, Double(Self.maximumTicks + 2))) where ticks.count < Self.maximumTicks {
                let tick = start + (first + Double(k)) * step
                if tick >= stretch.from && tick <= stretch.to && ticks.last.map({ tick > $0 }) ?? true { ticks.append(tick) }
            }
        }
        return ticks
    }

    /// More ticks than the plot has pixels would be a smear: no fitted axis comes near it.
    static var maximumTicks: Int { 1020 }

    /// Vertical grid lines from `gridTop` to `gridBottom`, and the axis with its labels at `axisY`.
    /// Labels that would overlap give way, except a busy stretch's first, after a break.
    mutating func drawGridAndAxis(gridTop: Double, gridBottom: Double, axisY: Double) {
        let ticks = self.ticks
        out += "<g stroke=\"#e6e6e6\" stroke-width=\"1\">\n"
        for t in ticks { out += "<line x1=\"\(n(x(t)))\" y1=\"\(n(gridTop))\" x2=\"\(n(x(t)))\" y2=\"\(n(gridBottom))\"/>\n" }
        out += "</g>\n"
        out += "<line x1=\"\(n(left))\" y1=\"\(n(axisY))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(axisY))\" stroke=\"#333333\"/>\n"
        let long = !breaks.isEmpty || max(abs(start), abs(end)) >= 1_000_000
        var labels: [(t: Double, text: String, afterBreak: Bool)] = []
        for t in ticks {
            out += "<line x1=\"\(n(x(t)))\" y1=\"\(n(axisY))\" x2=\"\(n(x(t)))\" y2=\"\(n(axisY + 5))\" stroke=\"#333333\"/>\n"
            let label = (t: t, text: AxisBreaks.label(t, step: step, long: long), afterBreak: breaks.contains { $0.to == t })
            if let previous = labels.last,
                x(previous.t) + textWidth(previous.text, size: 11) / 2 + 6 > x(t) - textWidth(label.text, size: 11) / 2
            {
                guard label.afterBreak && !previous.afterBreak else { continue }
                labels.removeLast()
            }
            labels.append(label)
        }
        // A label at the plot's end is kept on the page: moved left as far as it would run over.
        for label in labels {
            let half = textWidth(label.text, size: 11) / 2
            text(min(x(label.t), width - 4 - half), axisY + 18, label.text, size: 11, anchor: "middle", fill: "#333333")
        }
    }

    /// Each break as a white band torn through the lanes from `top` to the axis at `axisY`,
    /// with how long it is under the axis; on hover, the times it leaves out.
    mutating func drawBreaks(top: Double, axisY: Double) {
        guard !breaks.isEmpty else { return }
        legend.note(.axisBreak)
        for gap in breaks {
            let x0 = x(gap.from) + 4, x1 = x(gap.to) - 4
            let long = AxisBreaks.label(gap.from, step: step, long: true) + " to " + AxisBreaks.label(gap.to, step: step, long: true)
            out += "<g>\n<title>\(xmlEscaped("axis break: nothing happens from \(long) (\(AxisBreaks.duration(gap.to - gap.from))), left out"))</title>\n"
            out += "<rect x=\"\(n(x0))\" y=\"\(n(top))\" width=\"\(n(x1 - x0))\" height=\"\(n(axisY + 5 - top))\" fill=\"#ffffff\"/>\n"
            for edge in [x0, x1] {
                var d = "M\(n(edge)) \(n(top))"
                var y = top, side = -1.0
                while y < axisY + 5 {
                    y = min(y + 6, axisY + 5)
                    d += " L\(n(edge + side * 2.5)) \(n(y))"
                    side = -side
                }
                out += "<path d=\"\(d)\" fill=\"none\" stroke=\"#777777\" stroke-width=\"1.2\"/>\n"
            }
            text((x0 + x1) / 2, axisY + 31, "↔ " + AxisBreaks.duration(gap.to - gap.from), size: 9.5, anchor: "middle", fill: "#555555")
            out += "</g>\n"
        }
    }

    /// Rows for the flags' labels (`"1 stale-pill"`, at their times), so that no two overlap:
    /// a label goes right of its flag, or left of it at the right edge.
    func layoutFlags(_ flags: [(t: Double, label: String)]) -> FlagLayout {
        var rows: [[ClosedRange<Double>]] = []
        var layout = FlagLayout()
        for flag in flags {
            let fx = x(flag.t)
            let labelWidth = textWidth(flag.label, size: 11, bold: true)
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
    /// is what a viewer shows on hover. Its level tells its ink and shape (`FlagStyle`), so an
    /// `info` finding never reads as a warning.
    mutating func drawFlag(_ label: String, t: Double, y fy: Double, bottom: Double, toLeft: Bool, title: String, level: FindingLevel) {
        let fx = x(t)
        let style = FlagStyle(level)
        out += "<g>\n<title>\(xmlEscaped(title))</title>\n"
        out +=
            "<line x1=\"\(n(fx))\" y1=\"\(n(fy + 12))\" x2=\"\(n(fx))\" y2=\"\(n(bottom))\" stroke=\"\(style.ink)\" stroke-width=\"1.2\" stroke-dasharray=\"\(style.dash)\"/>\n"
        out += "<path d=\"\(style.pennant(x: fx, y: fy))\" fill=\"\(style.fill)\" stroke=\"\(style.ink)\" stroke-width=\"1.2\"/>\n"
        out += "<line x1=\"\(n(fx))\" y1=\"\(n(fy))\" x2=\"\(n(fx))\" y2=\"\(n(fy + 13))\" stroke=\"\(style.ink)\" stroke-width=\"1.5\"/>\n"
        if toLeft {
            text(fx - 4, fy + 10, label, size: 11, weight: "bold", anchor: "end", fill: style.ink)
        } else {
            text(fx + 10, fy + 10, label, size: 11, weight: "bold", fill: style.ink)
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
    mutating func drawFlags(_ flags: [(t: Double, label: String, title: String, level: FindingLevel)], layout: FlagLayout, bottom: Double) {
        for level in FindingLevel.allCases.reversed() where flags.contains(where: { $0.level == level }) { legend.note(.finding(level)) }
        for (index, flag) in flags.enumerated() {
            drawFlag(
                flag.label, t: flag.t, y: findingsTop + 4 + Double(layout.row[index]) * flagRowHeight, bottom: bottom,
                toLeft: layout.toLeft[index], title: flag.title, level: flag.level)
        }
    }

    /// A lane's pale background across the plot, and its name right-aligned at the left.
    /// A name too long for the margin (a surface's, from the log) is set smaller, and cut
    /// short only with the whole of it in a `<title>`.
    mutating func laneLabel(_ label: String, y: Double, height: Double) {
        out += "<rect x=\"\(n(left))\" y=\"\(n(y))\" width=\"\(n(plotWidth))\" height=\"\(n(height))\" fill=\"#fafafa\"/>\n"
        let room = left - 18
        if textWidth(label, size: 12) <= room {
            text(left - 10, y + height / 2 + 4, label, size: 12, weight: "bold", anchor: "end", fill: "#333333")
            return
        }
        out += "<g>\n<title>\(xmlEscaped(label))</title>\n"
        text(left - 10, y + height / 2 + 4, shortened(label, to: Int(room / (10.5 * glyphWidth))), size: 10.5, weight: "bold", anchor: "end", fill: "#333333")
        out += "</g>\n"
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

    /// The legend's rows: the kinds noted, in rows as wide as the page allows.
    var legendRows: [[MarkKind]] { legend.rows(width: width - 16 - 56 - 16, glyph: glyphWidth) }

    /// The legend from `y`: a key for each kind of mark drawn (`legend`), row under row.
    mutating func drawLegend(y: Double) {
        var lx = legendTitle(y: y)
        for (index, row) in legendRows.enumerated() {
            let ky = y + Double(index) * Self.legendRowHeight
            lx = 16 + 56
            for kind in row {
                legendKey("<g transform=\"translate(\(n(lx)) \(n(ky)))\">\(kind.swatch)</g>\n", kind.label, y: ky, lx: &lx)
            }
        }
    }

    static var legendRowHeight: Double { 18 }

    /// Wraps what was drawn in the document (`begin`), once its height is known.
    mutating func wrapDocument(height: Double, title: String, defs: String = "") {
        let body = out
        begin(width: width, height: height, title: title, defs: defs)
        out += body
    }
}

/// The part of a timeline's layout under its lanes, the same in the web and the native
/// timeline: the axis, the legend, the summary line, what was left out, the findings' notes.
protocol TimelineFooter {
    var flags: FlagLayout { get }
    /// The legend's rows, known once the lanes are drawn.
    var legendRows: Int { get set }
    /// The summary's lines, wrapped to the page.
    var summaryRows: Int { get set }
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
    var summaryY: Double { legendY + 26 + Double(max(legendRows, 1) - 1) * 18 }
    /// Where what was left out starts: under the summary's last line.
    var leftOutY: Double { summaryY + Double(max(summaryRows, 1) - 1) * 15 }
    var notesY: Double { leftOutY + 26 + Double(bounds.count) * 16 }
    var height: Double { notesY + notes.reduce(0) { $0 + Double($1.count) * 15 + 4 } + 12 }
}

extension TimeChart {
    /// A timeline's end, under its lanes: the axis's breaks over them, its findings as numbered
    /// flags, its legend (a key per kind of mark drawn), the summary line, what was left out and
    /// the notes; then the document, wrapped now that its height is known.
    mutating func finishTimeline(
        _ findings: [(t: Double, id: String, sentence: String, level: FindingLevel)], footer: some TimelineFooter, summary: String, title: String,
        defs: String
    ) -> String {
        var footer = footer
        let flags = findings.enumerated().map { index, finding in
            (
                t: finding.t, label: "\(index + 1) \(finding.id)",
                title: "\(finding.id) (\(finding.level.rawValue)) at \(formatMilliseconds(finding.t)) ms: \(finding.sentence)", level: finding.level
            )
        }
        drawBreaks(top: findingsTop, axisY: footer.axisY)
        drawFlags(flags, layout: footer.flags, bottom: footer.plotBottom)
        footer.legendRows = legendRows.count
        drawLegend(y: footer.legendY)
        let summaryLines = wrap(summary, width: Int((width - 32) / (12 * boldGlyphWidth)))
        footer.summaryRows = summaryLines.count
        for (index, line) in summaryLines.enumerated() {
            text(16, footer.summaryY + Double(index) * 15, line, size: 12, weight: "bold", fill: "#333333")
        }
        drawLeftOutAndNotes(footer.bounds, below: footer.leftOutY, footer.notes, from: footer.notesY)
        out += "</svg>\n"
        wrapDocument(height: footer.height, title: title, defs: defs)
        return out
    }
}
