import BannerFindings
import NativeFindings
import OfflineBanner
import PolicyCore
import Reports
import VariantAnalysis

/// `tune --plot`: the trade-off as a self-contained SVG (no scripts, fonts, images or links),
/// drawn the way a person chooses a debounce. Two panels share the debounce axis, both "lower
/// is better": the cost of waiting (time offline with no pill, `unannouncedMs`) and the cost
/// of hurrying (blinks + flashes); one line per variant (and per flash, when several were
/// tried), each point labelled with its value. The combination `TuneChoice.balanced` picks is
/// ringed in both panels and named, with its rule and the recordings, in the caption. `about`
/// (the paths tuned) comes from the user and goes through `xmlEscaped`, as every text here does.
package enum TunePlot {
    package static func render(_ tune: Tune, about: String) -> String {
        var plot = Plot(tune: tune, about: about)
        return plot.draw()
    }
}

private struct Plot: SVGDrawing {
    /// A little wider than the timelines' estimate: the plot's labels are numbers and short words.
    let glyphWidth = 0.6

    let tune: Tune
    let about: String
    let width = 960.0
    let left = 92.0
    let right = 36.0
    var plotWidth: Double { width - left - right }
    let panelHeight = 230.0
    var out = ""

    /// One line: a variant at one flash, its rows by debounce.
    struct Series {
        var variant: BannerVariant?
        var flash: Double
        var rows: [TuneRow]
        var label: String
        var color: String
        var dash: String?
        var marker: Marker
    }

    enum Marker { case circle, square, diamond }

    var series: [Series] = []
    var debounces: [Double] = []
    let choice: TuneChoice?

    init(tune: Tune, about: String) {
        self.tune = tune
        self.about = about
        let rows = tune.rows
        choice = TuneChoice.balanced(rows)
        debounces = Array(Set(rows.map(\.combination.debounce))).sorted()
        let flashes = Array(Set(rows.map(\.combination.flash))).sorted()
        var variants: [BannerVariant?] = []
        for row in rows where !variants.contains(row.combination.variant) { variants.append(row.combination.variant) }
        let palette = ["#b26a00", "#1565c0", "#2e7d32", "#6a1b9a", "#c62828"]
        let dashes: [String?] = [nil, "7 4", "2 3", "10 3 2 3"]
        for (v, variant) in variants.enumerated() {
            for (f, flash) in flashes.enumerated() {
                let matching = rows.filter { $0.combination.variant == variant && $0.combination.flash == flash }
                    .sorted { $0.combination.debounce < $1.combination.debounce }
                var label = TuneReport.name(variant)
                if flashes.count > 1 { label += ", flash \(formatMilliseconds(flash)) ms" }
                series.append(
                    Series(
                        variant: variant, flash: flash, rows: matching, label: label,
                        color: palette[v % palette.count], dash: dashes[(v + f) % dashes.count],
                        marker: [.circle, .square, .diamond][v % 3]))
            }
        }
    }

    // MARK: - Scales

    func x(_ debounce: Double) -> Double {
        guard let low = debounces.first, let high = debounces.last, high > low else { return left + plotWidth / 2 }
        let pad = (high - low) * 0.06
        return left + (debounce - (low - pad)) / ((high + pad) - (low - pad)) * plotWidth
    }

    /// A round top for an axis whose data reach `maximum`, and its step (five steps or fewer);
    /// a count's steps are whole numbers.
    func niceAxis(_ maximum: Double, whole: Bool) -> (top: Double, step: Double) {
        guard maximum > 0 else { return (whole ? 5 : 1, whole ? 1 : 0.2) }
        var magnitude = 1.0
        while magnitude * 10 <= maximum { magnitude *= 10 }
        while magnitude > maximum { magnitude /= 10 }
        for multiple in [0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10] {
            let step = multiple * magnitude
            if whole && (step < 1 || step.rounded() != step) { continue }
            if (maximum / step).rounded(.up) <= 5 { return ((maximum / step).rounded(.up) * step, step) }
        }
        return (maximum, maximum / 5)
    }

    // MARK: - Drawing

    /// Rows the legend takes, as `drawLegend` lays them out.
    var legendRows: Int {
        var rows = 1, lx = left
        for item in series {
            let itemWidth = 42 + textWidth(item.label, size: 13)
            if lx > left, lx + itemWidth > width - 12 {
                rows += 1
                lx = left
            }
            lx += itemWidth + 30
        }
        return rows
    }

    mutating func draw() -> String {
        let top1 = 118.0 + Double(legendRows - 1) * 20
        let top2 = top1 + panelHeight + 70
        let axisY = top2 + panelHeight
        let notes = caption
        let height = axisY + 74 + Double(notes.count) * 17 + 12
        out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" \(font) font-size=\"12\">\n"
        out += "<title>\(xmlEscaped("tune: " + about))</title>\n"
        out += "<rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#ffffff\"/>\n"

        text(20, 30, "Which debounce? The cost of waiting against the cost of hurrying", size: 17, weight: "bold")
        let recordings = "\(tune.recordings) recording\(tune.recordings == 1 ? "" : "s")"
        let flashes = Set(tune.combinations.map(\.flash))
        let flash = flashes.count == 1 ? " · flash \(formatMilliseconds(flashes.first!)) ms" : ""
        text(
            20, 52, shortened("\(about) · \(recordings)\(flash) · totals over every recording · lower is better in both panels", to: 150),
            size: 12, fill: "#555555")
        drawLegend(y: 80)

        panel(
            top: top1, title: "waiting: time offline with no pill shown (s, total)", value: { $0.unannouncedMs / 1000 },
            format: Plot.seconds, whole: false, showAxis: false)
        panel(
            top: top2, title: "hurrying: blinks + flashes (count)", value: { Double($0.interruptions) }, format: { String(Int($0)) },
            whole: true, showAxis: true)

        text(left + plotWidth / 2, axisY + 44, "offline debounce (ms)", size: 13, weight: "bold", anchor: "middle", fill: "#333333")
        for (index, note) in notes.enumerated() {
            text(20, axisY + 74 + Double(index) * 17, note.text, size: 11.5, weight: note.bold ? "bold" : nil, fill: note.bold ? "#222222" : "#444444")
        }
        out += "</svg>\n"
        return out
    }

    /// What the panels measure, which combination is ringed and by what rule, and over what.
    var caption: [(text: String, bold: Bool)] {
        var lines: [(String, Bool)] = []
        if let choice {
            let row = choice.row
            var named = "\(TuneReport.name(row.combination.variant)) at a \(formatMilliseconds(row.combination.debounce)) ms debounce"
            if Set(tune.combinations.map(\.flash)).count > 1 { named += ", flash \(formatMilliseconds(row.combination.flash)) ms" }
            var edge = ""
            if debounces.count > 1, row.combination.debounce == debounces.first, row.combination.debounce > 0 {
                edge = " It is the shortest debounce tried: try shorter ones."
            }
            if debounces.count > 1, row.combination.debounce == debounces.last { edge = " It is the longest debounce tried: try longer ones." }
            lines.append(
                (
                    "Ringed: \(named), the lowest score: \(Plot.seconds(row.unannouncedMs / 1000)) s ÷ "
                        + "\(Plot.seconds(choice.maxUnannouncedMs / 1000)) s + \(row.interruptions) ÷ \(choice.maxInterruptions)"
                        + " = \(Plot.hundredths(choice.score)).\(edge)", true
                ))
            lines.append(
                ("Score: waiting ÷ its largest value in these rows + hurrying ÷ its largest value in these rows; the two sides weigh the same.", false))
        }
        let recordings = "\(tune.recordings) recording\(tune.recordings == 1 ? "" : "s")"
        lines.append(
            ("Over the \(recordings) that “\(shortened(about, to: 50))” read, and only those: a choice is only as good as the recordings it is made on.", false)
        )
        lines += [
            ("Waiting: time the page was connected and the browser offline while no pill said so (a debounce still pending, the green flash, nothing).", false),
            ("Hurrying: pills shorter than \(formatMilliseconds(tune.blinkMs)) ms (blinks), plus the green \"back online\" flashes. Each counts 1.", false),
            ("A longer debounce waits more before it tells (the upper panel climbs) and hurries less over short drops (the lower one falls).", false),
        ]
        return lines.flatMap { line in wrapped(line.0, size: 11.5, bold: line.1).map { (text: $0, bold: line.1) } }
    }

    /// `text` in lines that fit the page, broken between words. The caption's prose is wider
    /// per glyph in bold; both are measured on DejaVu Sans, the widest of the fonts asked for.
    func wrapped(_ text: String, size: Double, bold: Bool) -> [String] {
        var lines: [String] = [], current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if !current.isEmpty, Double(candidate.count) * size * (bold ? 0.6 : 0.55) > width - 40 {
                lines.append(current)
                current = "  " + word
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// The lines' keys, in rows that fit the width; returns how far down they reach.
    @discardableResult
    private mutating func drawLegend(y top: Double) -> Double {
        var lx = left, y = top
        for item in series {
            let itemWidth = 42 + textWidth(item.label, size: 13)
            if lx > left, lx + itemWidth > width - 12 {
                lx = left
                y += 20
            }
            out += "<line x1=\"\(n(lx))\" y1=\"\(n(y))\" x2=\"\(n(lx + 34))\" y2=\"\(n(y))\" stroke=\"\(item.color)\" stroke-width=\"3\"\(dash(item))/>\n"
            marker(item, x: lx + 17, y: y)
            text(lx + 42, y + 4.5, item.label, size: 13, weight: "bold", fill: item.color)
            lx += itemWidth + 30
        }
        return y
    }

    /// A panel's vertical scale: 0 at its bottom, `ceiling` at its top, ticks every `step`.
    struct Scale {
        let top: Double
        let height: Double
        let ceiling: Double
        let step: Double
        var bottom: Double { top + height }
        func y(_ v: Double) -> Double { bottom - v / ceiling * height }
    }

    /// One panel from `top`: its frame and grid, then the lines with their points, then the
    /// points' values; the debounce axis under it when `showAxis`.
    private mutating func panel(
        top: Double, title: String, value: (TuneRow) -> Double, format: (Double) -> String,
        whole: Bool, showAxis: Bool
    ) {
        let maximum = series.flatMap(\.rows).map(value).max() ?? 0
        let (ceiling, step) = niceAxis(maximum * 1.12, whole: whole)
        let scale = Scale(top: top, height: panelHeight, ceiling: ceiling, step: step)
        drawPanelFrame(scale, title: title, value: value, format: format, showAxis: showAxis)
        drawPanelSeries(scale, value: value, format: format)
        drawPanelValues(scale, value: value, format: format)
    }

    /// The panel's title (saying when every line has the same values), its background, the
    /// value gridlines with their labels, and a gridline per debounce.
    private mutating func drawPanelFrame(_ scale: Scale, title: String, value: (TuneRow) -> Double, format: (Double) -> String, showAxis: Bool) {
        let (top, bottom, ceiling, step) = (scale.top, scale.bottom, scale.ceiling, scale.step)
        let y = scale.y
        // Lines that coincide hide one another: say so rather than leave a reader looking for one.
        let coincide =
            series.count > 1
            && debounces.allSatisfy { debounce in
                Set(series.compactMap { $0.rows.first { $0.combination.debounce == debounce }.map(value) }).count <= 1
            }
        text(left, top - 12, title + (coincide ? " — the same for every line" : ""), size: 13.5, weight: "bold", fill: "#222222")
        out += "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(plotWidth))\" height=\"\(n(panelHeight))\" fill=\"#fafafa\" stroke=\"#cccccc\"/>\n"
        var tick = 0.0
        while tick <= ceiling + step / 1000 {
            out += "<line x1=\"\(n(left))\" y1=\"\(n(y(tick)))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(y(tick)))\" stroke=\"#e4e4e4\"/>\n"
            text(left - 8, y(tick) + 4, format(tick), size: 11.5, anchor: "end", fill: "#444444")
            tick += step
        }
        for debounce in debounces {
            let chosen = debounce == choice?.row.combination.debounce
            // The chosen debounce's gridline is a guide through both panels, to read it off the shared axis.
            out +=
                "<line x1=\"\(n(x(debounce)))\" y1=\"\(n(top))\" x2=\"\(n(x(debounce)))\" y2=\"\(n(bottom))\" "
                + (chosen ? "stroke=\"#777777\" stroke-width=\"1.2\" stroke-dasharray=\"5 4\"/>\n" : "stroke=\"#ececec\"/>\n")
            if showAxis {
                out += "<line x1=\"\(n(x(debounce)))\" y1=\"\(n(bottom))\" x2=\"\(n(x(debounce)))\" y2=\"\(n(bottom + 5))\" stroke=\"#333333\"/>\n"
                text(x(debounce), bottom + 19, formatMilliseconds(debounce), size: 12, anchor: "middle", fill: "#333333")
            }
        }
    }

    /// The lines, then their points on top, and the ring round the chosen combination's.
    private mutating func drawPanelSeries(_ scale: Scale, value: (TuneRow) -> Double, format: (Double) -> String) {
        let y = scale.y
        for item in series where item.rows.count > 1 {
            let points = item.rows.map { "\(n(x($0.combination.debounce))),\(n(y(value($0))))" }.joined(separator: " ")
            out +=
                "<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(item.color)\" stroke-width=\"\(item.dash == nil ? 3.5 : 2.5)\" stroke-linejoin=\"round\"\(dash(item))/>\n"
        }
        for item in series {
            for row in item.rows {
                out +=
                    "<g>\n<title>\(xmlEscaped("\(item.label), debounce \(formatMilliseconds(row.combination.debounce)) ms: \(format(value(row)))"))</title>\n"
                marker(item, x: x(row.combination.debounce), y: y(value(row)))
                out += "</g>\n"
            }
        }
        if let chosen = choice?.row {
            out +=
                "<circle cx=\"\(n(x(chosen.combination.debounce)))\" cy=\"\(n(y(value(chosen))))\" r=\"10\" fill=\"none\" stroke=\"#111111\" stroke-width=\"2.2\"/>\n"
        }
    }

    /// Each debounce's values: the highest above its point, the others below theirs (above
    /// when that would leave the panel), so lines that coincide still show both; equal values
    /// share one label, in grey.
    private mutating func drawPanelValues(_ scale: Scale, value: (TuneRow) -> Double, format: (Double) -> String) {
        let (top, bottom, y) = (scale.top, scale.bottom, scale.y)
        for debounce in debounces {
            var points: [(value: Double, colors: [String])] = []
            for item in series {
                guard let row = item.rows.first(where: { $0.combination.debounce == debounce }) else { continue }
                if let index = points.firstIndex(where: { $0.value == value(row) }) {
                    points[index].colors.append(item.color)
                } else {
                    points.append((value(row), [item.color]))
                }
            }
            points.sort { $0.value > $1.value }
            for (rank, point) in points.enumerated() {
                let py = y(point.value)
                // Clear of the ring, on the chosen point.
                let gap = choice.map { $0.row.combination.debounce == debounce && value($0.row) == point.value } == true ? 6.0 : 0
                let ly = rank > 0 && py + 19 + gap <= bottom - 3 ? py + 19 + gap : max(py - 10 - gap, top + 13)
                text(
                    x(debounce), ly, format(point.value), size: 11.5, weight: "bold", anchor: "middle",
                    fill: point.colors.count > 1 ? "#333333" : point.colors[0])
            }
        }
    }

    private mutating func marker(_ item: Series, x: Double, y: Double) {
        switch item.marker {
        case .circle:
            out += "<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"5\" fill=\"\(item.color)\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>\n"
        case .square:
            out += "<rect x=\"\(n(x - 4.5))\" y=\"\(n(y - 4.5))\" width=\"9\" height=\"9\" fill=\"\(item.color)\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>\n"
        case .diamond:
            out +=
                "<path d=\"M\(n(x)) \(n(y - 6)) L\(n(x + 6)) \(n(y)) L\(n(x)) \(n(y + 6)) L\(n(x - 6)) \(n(y)) Z\" fill=\"\(item.color)\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>\n"
        }
    }

    private func dash(_ item: Series) -> String {
        item.dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
    }

    static func seconds(_ value: Double) -> String {
        formatMilliseconds((value * 10).rounded() / 10)
    }

    static func hundredths(_ value: Double) -> String {
        formatMilliseconds((value * 100).rounded() / 100)
    }
}
