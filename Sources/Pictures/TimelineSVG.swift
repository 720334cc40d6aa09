import BannerFindings
import NativeFindings
import OfflineBanner
import PolicyCore
import Reports
import TurboRecording
import VariantAnalysis

/// `render`: a web recording as a self-contained SVG timeline (no scripts, no external fonts or
/// images). Lanes, top to bottom: findings, `navigator.onLine` as the page believed it,
/// network failures (ticks by kind, with responses as small grey ticks), submissions (by
/// decision) and the banner (amber spans with their text, green back-online spans); a time
/// axis in seconds; the findings' sentences under it. Every string that comes from the
/// recording (or its path) goes through `xmlEscaped`.
package enum TimelineSVG {
    /// A web recording, or the whole of it analysed.
    package typealias Source = PictureSource<BannerRecording, BannerSettings>

    /// The picture of `source` within `limits`, and how many lines a lenient read skipped
    /// (each handed to `onSkip` as it is).
    package static func render(
        _ source: Source, limits: RenderLimits = RenderLimits(), onSkip: @escaping (RecordingError) -> Void = { _ in }
    ) throws -> (svg: String, skipped: Int) {
        var lanes = BannerLanes(limits: limits)
        var chart: Chart
        switch source {
        case .analyzed(let analyzed):
            for event in analyzed.events { lanes.add(event) }
            chart = Chart(path: analyzed.path, settings: analyzed.settings, meta: analyzed.meta, summary: analyzed.summary, lanes: lanes)
        case .lines(let lines, let settings, let lenient):
            let reader = RecordingReader(lines: lines, lenient: lenient, keepObserved: true, onSkip: onSkip)
            var analyzer = BannerAnalyzer(settings: settings)
            try BannerRecording.analyze(reader, with: &analyzer) { lanes.add($0) }
            chart = Chart(path: reader.path, settings: settings, meta: analyzer.meta, summary: analyzer.summary, lanes: lanes)
        }
        return (chart.draw(), chart.summary.skippedLines)
    }
}

/// What a network failure was, from the failed fetch's `target`.
package enum FailureKind: String, CaseIterable, Sendable {
    case visit, frame, form, prefetch, other

    package init(target: String?) {
        let target = target ?? ""
        if target == "html" {
            self = .visit
        } else if target.hasPrefix("turbo-frame") {
            self = .frame
        } else if target.hasPrefix("form") {
            self = .form
        } else if BannerAnalyzer.isLink(target) {
            self = .prefetch
        } else {
            self = .other
        }
    }

    var color: String {
        switch self {
        case .visit: return "#c62828"
        case .frame: return "#ef6c00"
        case .form: return "#7b1fa2"
        case .prefetch: return "#1565c0"
        case .other: return "#616161"
        }
    }
}

private struct Chart: TimeChart {
    let path: String
    let settings: BannerSettings
    let meta: Meta?
    let summary: RecordingSummary
    let lanes: BannerLanes
    var out = ""
    var clipCount = 0

    var start = 0.0
    var end = 0.0
    var step = 1000.0
    var breaks: [AxisBreak] = []
    var legend = Legend()
    var findings: [BannerFinding] = []
    /// What the findings lane lists, in time order: the banner's findings, and the log's cut
    /// (`log-cut`), so that the picture draws every finding `explain` reports.
    var listed: [Flag] = []
    /// The pills' texts the banner lane could not write whole: written whole under the chart.
    var cutTexts: [(t: Double, label: String)] = []

    init(path: String, settings: BannerSettings, meta: Meta?, summary: RecordingSummary, lanes: BannerLanes) {
        self.path = path
        self.settings = settings
        self.meta = meta
        self.summary = summary
        var lanes = lanes
        lanes.finish(end: summary.end)
        self.lanes = lanes
        findings = lanes.findings.marks.sorted { ($0.t, $0.kind) < ($1.t, $1.kind) }
        listed = findings.map { Flag(t: $0.t, id: $0.kind.id, lines: $0.lines, sentence: MarkText.bounded($0.sentence), level: $0.level) }
        if let cut = summary.cut, lanes.limits.contains(cut.t) {
            // The cut is at the last record: no banner finding comes after it.
            listed.append(Flag(t: cut.t, id: LogCut.finding, lines: [cut.line], sentence: cut.message, level: LogCut.level))
        }
        end = lanes.end
        fitAxis(first: lanes.first ?? 0, busy: lanes.limits.isWindowed ? [] : lanes.busy + listed.map(\.t))
    }

    /// Where each part goes, top to bottom: the findings lane as tall as its flags' rows, the
    /// four lanes, the axis, the legend, the summary, what was left out and the findings' notes.
    struct Layout: TimelineFooter {
        let flags: FlagLayout
        var legendRows = 1
        var summaryRows = 1
        let findings: (y: Double, height: Double)
        let online: (y: Double, height: Double)
        let failures: (y: Double, height: Double)
        let submissions: (y: Double, height: Double)
        let banner: (y: Double, height: Double)
        /// What the page's own banner showed, under the model's: only for a recording with `seen`.
        let seen: (y: Double, height: Double)?
        var plotBottom: Double { seen.map { $0.y + $0.height } ?? banner.y + banner.height }
        let bounds: [String]
        var notes: [[String]]
    }

    func layout() -> Layout {
        let flags = layoutFlags(listed.enumerated().map { (t: $1.t, label: "\($0 + 1) \($1.id)") })
        let findingsLane = (y: findingsTop, height: findingsHeight(rows: flags.rows))
        let onlineTop = findingsLane.y + findingsLane.height + 8
        // The findings' sentences, wrapped, under the legend.
        let notes = listed.enumerated().map { index, finding in
            let head =
                "\(index + 1)  \(finding.id) (\(finding.level.rawValue)) at \(formatMilliseconds(finding.t)) ms, line\(finding.lines.count == 1 ? "" : "s") \(finding.lines.map(String.init).joined(separator: ", ")): "
            return wrap(head + finding.sentence, width: Int((width - 56) / (11.5 * glyphWidth)))
        }
        let bannerTop = onlineTop + 38 + 54 + 46
        return Layout(
            flags: flags, findings: findingsLane, online: (onlineTop, 28), failures: (onlineTop + 38, 44), submissions: (onlineTop + 38 + 54, 36),
            banner: (bannerTop, 36), seen: lanes.hasSeen ? (bannerTop + 36 + 14, 26) : nil,
            bounds: boundsNote().map { wrap($0, width: Int((width - 56) / (11.5 * glyphWidth))) } ?? [], notes: notes)
    }

    // MARK: - Drawing

    mutating func draw() -> String {
        var layout = layout()
        drawTitle()
        laneLabel("findings", y: layout.findings.y, height: layout.findings.height)
        if listed.isEmpty { text(left + 8, layout.findings.y + layout.findings.height / 2 + 4, "none", size: 11, fill: "#777777") }
        laneLabel("navigator.onLine", y: layout.online.y, height: layout.online.height)
        laneLabel("network failures", y: layout.failures.y, height: layout.failures.height)
        laneLabel("submissions", y: layout.submissions.y, height: layout.submissions.height)
        laneLabel("banner", y: layout.banner.y, height: layout.banner.height)
        if let seen = layout.seen { laneLabel("page showed", y: seen.y, height: seen.height) }
        drawGridAndAxis(gridTop: layout.findings.y, gridBottom: layout.plotBottom, axisY: layout.axisY)
        windowed(lanes.limits, top: layout.findings.y, bottom: layout.plotBottom + 8) { chart in
            let lanes = chart.lanes
            chart.drawOnlineLane(lanes.onlineSpans.marks, y: layout.online.y, height: layout.online.height)
            chart.drawFailureLane(lanes.failures.marks, responses: lanes.responses.marks, y: layout.failures.y, height: layout.failures.height)
            chart.drawSubmissionLane(lanes.submissions.marks, y: layout.submissions.y, height: layout.submissions.height)
            chart.cutTexts = chart.drawBannerLane(lanes.bannerSpans.marks, findings: chart.findings, y: layout.banner.y, height: layout.banner.height)
            chart.drawPageChanges(lanes.pages.marks, y: layout.banner.y, height: layout.banner.height)
            if let seen = layout.seen { chart.drawSeenLane(lanes.seenSpans.marks, y: seen.y, height: seen.height) }
        }
        for (index, cut) in cutTexts.enumerated() {
            let note = "[p\(index + 1)]  the pill's text at \(formatMilliseconds(cut.t)) ms, whole: “\(cut.label)”"
            layout.notes.append(wrap(note, width: Int((width - 56) / (11.5 * glyphWidth))))
        }
        return finishTimeline(
            listed.map { ($0.t, $0.id, $0.sentence, $0.level) }, footer: layout, summary: summaryLine, title: "Offline banner timeline: " + path,
            defs: Self.defs)
    }

    /// The hatchings: a stale pill's (red), and the belief no record had stated yet (pale).
    static let defs = """
        <defs>
        <pattern id="tr-stale" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="8" height="8" fill="none"/><line x1="0" y1="0" x2="0" y2="8" stroke="#b00020" stroke-width="2.5" stroke-opacity="0.55"/>
        </pattern>
        <pattern id="tr-assumed" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="6" height="6" fill="#e3f2e3"/><line x1="0" y1="0" x2="0" y2="6" stroke="#ffffff" stroke-width="2"/>
        </pattern>
        </defs>\n
        """

    /// The recording's path, and what was rendered: its meta, the timings and any variant.
    private mutating func drawTitle() {
        text(16, 26, shortened(path, to: 120), size: 16, weight: "bold")
        var about: [String] = []
        if let meta {
            if let source = meta.source { about.append("source \(source)") }
            if let page = meta.page { about.append("page \(page)") }
            if let startedAt = meta.startedAt { about.append("started \(startedAt)") }
        }
        about.append("debounce \(formatMilliseconds(settings.debounce)) ms, flash \(formatMilliseconds(settings.flash)) ms")
        if !settings.variants.isEmpty {
            about.append("variant " + settings.variants.sorted().map(\.name).joined(separator: ", "))
        }
        text(16, 46, shortened(about.joined(separator: " · "), to: 190), size: 11.5, fill: "#555555")
    }

    /// The summary in a line: the pill's time by cause, toasts, silent submissions, findings.
    private var summaryLine: String {
        var parts: [String] = []
        if summary.pills.isEmpty {
            parts.append("pill never up")
        } else {
            let byCause = summary.pillTimeByCause.map { "\($0.cause.rawValue) \(formatMilliseconds($0.ms)) ms" }.joined(separator: ", ")
            parts.append("pill up \(formatMilliseconds(summary.pillTime)) ms (\(byCause))")
        }
        parts.append("toasts \(summary.toasts)")
        let silent = summary.silentSorted.map { "\($0.key.name) \($0.count)" }
        parts.append("silent submissions: " + (silent.isEmpty ? "none" : silent.joined(separator: ", ")))
        let counted = summary.findingsSorted.map { "\($0.kind.id) \($0.count)" } + (summary.cut == nil ? [] : ["\(LogCut.finding) 1"])
        parts.append("findings: " + (counted.isEmpty ? "none" : counted.joined(separator: ", ")))
        return parts.joined(separator: " · ")
    }

    /// What the picture leaves out, in a sentence: the window drawn, and each lane's marks
    /// past the limit (with where they start, for the next `--from`). `nil` for a whole picture.
    private func boundsNote() -> String? {
        lanes.limits.leftOut(lanes.elided.map { "\($0.elided) \($0.what) from \(formatMilliseconds($0.from)) ms" })
    }
}
