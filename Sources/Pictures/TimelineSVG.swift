import BannerFindings
import NativeFindings
import OfflineBanner
import PolicyCore
import Reports
import TurboRecording
import VariantAnalysis

/// `render`: a session as a self-contained SVG timeline (no scripts, no external fonts or
/// images). Lanes, top to bottom: findings, `navigator.onLine` as the page believed it,
/// network failures (ticks by kind, with responses as small grey ticks), submissions (by
/// decision) and the banner (amber spans with their text, green back-online spans); a time
/// axis in seconds; the findings' sentences under it. Every string that comes from the
/// recording (or its path) goes through `xmlEscaped`.
package enum TimelineSVG {
    package static func render(_ session: BannerSession, limits: RenderLimits = RenderLimits()) -> String {
        var lanes = BannerLanes(limits: limits)
        for event in session.events { lanes.add(event) }
        var chart = Chart(
            path: session.path, settings: session.settings, meta: session.meta, summary: session.summary,
            lanes: lanes)
        return chart.draw()
    }

    /// Reads, analyses and draws the web recording at `path` (`-`: standard input) as it is
    /// read: what is kept is what the picture draws (`limits`), not the recording's events.
    /// Strict unless `lenient`, whose skipped lines go to `onSkip`; returns how many were skipped.
    package static func render(
        path: String, settings: BannerSettings = BannerSettings(), lenient: Bool = false,
        limits: RenderLimits = RenderLimits(),
        onSkip: @escaping (RecordingError) -> Void = { _ in }
    ) throws -> (svg: String, skipped: Int) {
        try render(lines: JSONLines(path: path), settings: settings, lenient: lenient, limits: limits, onSkip: onSkip)
    }

    /// `render(path:)` over lines already opened (standard input whose kind was looked at).
    package static func render(
        lines: JSONLines, settings: BannerSettings = BannerSettings(), lenient: Bool = false,
        limits: RenderLimits = RenderLimits(),
        onSkip: @escaping (RecordingError) -> Void = { _ in }
    ) throws -> (svg: String, skipped: Int) {
        let reader = RecordingReader(lines: lines, lenient: lenient, keepObserved: true, onSkip: onSkip)
        var analyzer = BannerAnalyzer(settings: settings)
        var lanes = BannerLanes(limits: limits)
        try BannerSession.analyze(reader, with: &analyzer) { lanes.add($0) }
        var chart = Chart(path: reader.path, settings: settings, meta: analyzer.meta, summary: analyzer.summary, lanes: lanes)
        return (chart.draw(), analyzer.summary.skippedLines)
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
    let summary: SessionSummary
    let lanes: BannerLanes
    var out = ""
    var clipCount = 0

    var start = 0.0
    var end = 0.0
    var step = 1000.0
    var onlineSpans: [OnlineSpan] { lanes.onlineSpans.marks }
    var failures: [(t: Double, kind: FailureKind, about: String)] { lanes.failures.marks }
    var responses: [(t: Double, about: String)] { lanes.responses.marks }
    var submissions: [(t: Double, decision: SubmitDecision, about: String)] { lanes.submissions.marks }
    var bannerSpans: [BannerSpan] { lanes.bannerSpans.marks }
    var findings: [BannerFinding] = []
    var pages: [PageChange] { lanes.pages.marks }

    init(path: String, settings: BannerSettings, meta: Meta?, summary: SessionSummary, lanes: BannerLanes) {
        self.path = path
        self.settings = settings
        self.meta = meta
        self.summary = summary
        var lanes = lanes
        lanes.finish(end: summary.end)
        self.lanes = lanes
        findings = lanes.findings.marks.sorted { ($0.t, $0.kind) < ($1.t, $1.kind) }
        end = lanes.end
        fitAxis(first: lanes.first ?? 0)
    }

    // MARK: - Drawing

    mutating func draw() -> String {
        // Findings' flags take rows, so their labels never overlap.
        let flags = layoutFlags(findings.enumerated().map { (t: $1.t, label: "\($0 + 1) \($1.kind.id)") })
        let flagRowHeight = 17.0
        let findingsTop = 64.0
        let findingsHeight = max(1, Double(flags.rows)) * flagRowHeight + 6
        let onlineTop = findingsTop + findingsHeight + 8
        let lanes = (online: onlineTop, failures: onlineTop + 38, submissions: onlineTop + 38 + 54, banner: onlineTop + 38 + 54 + 46)
        let laneHeights = (online: 28.0, failures: 44.0, submissions: 36.0, banner: 36.0)
        let plotBottom = lanes.banner + laneHeights.banner
        let axisY = plotBottom + 8

        // The findings' sentences, wrapped, under the legend.
        var notes: [[String]] = []
        for (index, finding) in findings.enumerated() {
            let head =
                "\(index + 1)  \(finding.kind.id) at \(formatMilliseconds(finding.t)) ms, line\(finding.lines.count == 1 ? "" : "s") \(finding.lines.map(String.init).joined(separator: ", ")): "
            notes.append(wrap(head + finding.sentence, width: Int((width - 16 - 40) / 6.3)))
        }
        let legendY = axisY + 40
        let summaryY = legendY + 26
        let bounds = boundsNote().map { wrap($0, width: Int((width - 16 - 40) / 6.3)) } ?? []
        let notesY = summaryY + 26 + Double(bounds.count) * 16
        let height = notesY + notes.reduce(0) { $0 + Double($1.count) * 15 + 4 } + 12

        out = ""
        out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" \(font) font-size=\"12\">\n"
        out += "<title>\(xmlEscaped("Offline banner timeline: " + path))</title>\n"
        out += """
            <defs>
            <pattern id="tr-stale" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="8" height="8" fill="none"/><line x1="0" y1="0" x2="0" y2="8" stroke="#b00020" stroke-width="2.5" stroke-opacity="0.55"/>
            </pattern>
            <pattern id="tr-assumed" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="6" height="6" fill="#e3f2e3"/><line x1="0" y1="0" x2="0" y2="6" stroke="#ffffff" stroke-width="2"/>
            </pattern>
            </defs>\n
            """
        out += "<rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#ffffff\"/>\n"

        // Title and what was rendered.
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

        // Lane labels and backgrounds.
        laneLabel("findings", y: findingsTop, height: findingsHeight)
        laneLabel("navigator.onLine", y: lanes.online, height: laneHeights.online)
        laneLabel("network failures", y: lanes.failures, height: laneHeights.failures)
        laneLabel("submissions", y: lanes.submissions, height: laneHeights.submissions)
        laneLabel("banner", y: lanes.banner, height: laneHeights.banner)

        drawGridAndAxis(gridTop: findingsTop, gridBottom: plotBottom, axisY: axisY)

        // A window's marks stop at the plot's edges.
        if self.lanes.limits.isWindowed {
            out +=
                "<clipPath id=\"tr-window\"><rect x=\"\(n(left))\" y=\"\(n(findingsTop))\" width=\"\(n(plotWidth))\" height=\"\(n(plotBottom + 8 - findingsTop))\"/></clipPath>\n"
            out += "<g clip-path=\"url(#tr-window)\">\n"
        }
        drawOnline(y: lanes.online, height: laneHeights.online)
        drawFailures(y: lanes.failures, height: laneHeights.failures)
        drawSubmissions(y: lanes.submissions, height: laneHeights.submissions)
        drawBanner(y: lanes.banner, height: laneHeights.banner)
        if self.lanes.limits.isWindowed { out += "</g>\n" }

        // Findings: a flag in their lane, a dashed line down through the others.
        for (index, finding) in findings.enumerated() {
            drawFlag(
                "\(index + 1) \(finding.kind.id)", t: finding.t, y: findingsTop + 4 + Double(flags.row[index]) * flagRowHeight,
                bottom: plotBottom, toLeft: flags.toLeft[index],
                title: "\(finding.kind.id) at \(formatMilliseconds(finding.t)) ms: \(finding.sentence)")
        }

        drawLegend(y: legendY)

        // The summary, and each finding in a sentence.
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
        let counted = summary.findingsSorted.map { "\($0.kind.id) \($0.count)" }
        parts.append("findings: " + (counted.isEmpty ? "none" : counted.joined(separator: ", ")))
        text(16, summaryY, parts.joined(separator: " · "), size: 12, weight: "bold", fill: "#333333")
        drawLeftOutAndNotes(bounds, below: summaryY, notes, from: notesY)

        out += "</svg>\n"
        return out
    }

    /// What the picture leaves out, in a sentence: the window drawn, and each lane's marks
    /// past the limit (with where they start, for the next `--from`). `nil` for a whole picture.
    private func boundsNote() -> String? {
        lanes.limits.leftOut(lanes.elided.map { "\($0.elided) \($0.what) from \(formatMilliseconds($0.from)) ms" })
    }

    private mutating func drawOnline(y: Double, height: Double) {
        for span in onlineSpans where span.to >= span.from {
            let x0 = x(span.from), x1 = x(span.to)
            let fill = span.assumed ? "url(#tr-assumed)" : span.online ? "#c8e6c9" : "#455a64"
            let label = span.assumed ? "online (assumed)" : span.online ? "online" : "offline"
            out +=
                "<g>\n<title>\(xmlEscaped("navigator.onLine \(span.online ? "true" : "false")\(span.assumed ? " (assumed, no record said)" : "") from \(formatMilliseconds(span.from)) ms"))</title>\n"
            out += "<rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(max(x1 - x0, 0.8)))\" height=\"\(n(height))\" fill=\"\(fill)\"/>\n"
            if x1 - x0 > textWidth(label, size: 11) + 8 {
                text(x0 + 5, y + height / 2 + 4, label, size: 11, fill: span.online ? "#1b5e20" : "#ffffff")
            }
            out += "</g>\n"
        }
    }

    private mutating func drawFailures(y: Double, height: Double) {
        out += "<line x1=\"\(n(left))\" y1=\"\(n(y + height))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(y + height))\" stroke=\"#cccccc\"/>\n"
        for response in responses {
            let rx = x(response.t)
            out +=
                "<line x1=\"\(n(rx))\" y1=\"\(n(y + height - 9))\" x2=\"\(n(rx))\" y2=\"\(n(y + height))\" stroke=\"#78909c\" stroke-width=\"1.5\"><title>\(xmlEscaped("response at \(formatMilliseconds(response.t)) ms: \(response.about)"))</title></line>\n"
        }
        for failure in failures {
            let fx = x(failure.t)
            let color = failure.kind.color
            out += "<g>\n<title>\(xmlEscaped("\(failure.kind.rawValue) failure at \(formatMilliseconds(failure.t)) ms: \(failure.about)"))</title>\n"
            out += "<line x1=\"\(n(fx))\" y1=\"\(n(y + 12))\" x2=\"\(n(fx))\" y2=\"\(n(y + height))\" stroke=\"\(color)\" stroke-width=\"2.5\"/>\n"
            out += marker(failure.kind, x: fx, y: y + 8, color: color)
            out += "</g>\n"
        }
        // Name the kinds next to their ticks when there is room.
        var lastEnd = -Double.infinity
        for failure in failures {
            let fx = x(failure.t) + 7
            let label = failure.kind.rawValue
            let labelWidth = textWidth(label, size: 10.5)
            if fx + labelWidth > width - 4 {
                text(fx - 14, y + 24, label, size: 10.5, anchor: "end", fill: failure.kind.color)
                lastEnd = fx
            } else if fx > lastEnd + 4 {
                text(fx, y + 24, label, size: 10.5, fill: failure.kind.color)
                lastEnd = fx + labelWidth
            }
        }
    }

    private func marker(_ kind: FailureKind, x: Double, y: Double, color: String) -> String {
        switch kind {
        case .visit:
            return "<rect x=\"\(n(x - 5))\" y=\"\(n(y - 5))\" width=\"10\" height=\"10\" fill=\"\(color)\"/>\n"
        case .frame:
            return "<path d=\"M\(n(x)) \(n(y - 6)) L\(n(x + 6)) \(n(y + 5)) L\(n(x - 6)) \(n(y + 5)) Z\" fill=\"\(color)\"/>\n"
        case .form:
            return "<path d=\"M\(n(x)) \(n(y - 6)) L\(n(x + 6)) \(n(y)) L\(n(x)) \(n(y + 6)) L\(n(x - 6)) \(n(y)) Z\" fill=\"\(color)\"/>\n"
        case .prefetch:
            return "<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"5.5\" fill=\"\(color)\"/>\n"
        case .other:
            return "<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"5\" fill=\"#ffffff\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
        }
    }

    private mutating func drawSubmissions(y: Double, height: Double) {
        out += "<line x1=\"\(n(left))\" y1=\"\(n(y + height / 2))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(y + height / 2))\" stroke=\"#eeeeee\"/>\n"
        var lastEnd = -Double.infinity
        for submission in submissions {
            let sx = x(submission.t), cy = y + height / 2
            let (fill, stroke, label): (String, String, String)
            switch submission.decision.outcome {
            case .toast: (fill, stroke, label) = ("#c62828", "#c62828", "toast")
            case .silent(.success): (fill, stroke, label) = ("#2e7d32", "#2e7d32", "success")
            case .silent(.serverResponse(let status)): (fill, stroke, label) = ("#9e9e9e", "#616161", status.map { "silent \($0)" } ?? "silent, answered")
            case .silent(.disconnected): (fill, stroke, label) = ("#ffffff", "#616161", "disconnected")
            }
            let what = submission.about.isEmpty ? "" : " (\(submission.about))"
            out += "<g>\n<title>\(xmlEscaped("submission at \(formatMilliseconds(submission.t)) ms\(what): \(label)"))</title>\n"
            out += "<circle cx=\"\(n(sx))\" cy=\"\(n(cy))\" r=\"6.5\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"2\"/>\n"
            if sx + 10 + textWidth(label, size: 11) > width - 4 {
                text(sx - 10, cy + 4, label, size: 11, anchor: "end", fill: stroke)
                lastEnd = sx + 10
            } else if sx + 10 > lastEnd + 4 {
                text(sx + 10, cy + 4, label, size: 11, fill: stroke)
                lastEnd = sx + 10 + textWidth(label, size: 11)
            }
            out += "</g>\n"
        }
    }

    private mutating func drawBanner(y: Double, height: Double) {
        out +=
            "<line x1=\"\(n(left))\" y1=\"\(n(y + height / 2))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(y + height / 2))\" stroke=\"#dddddd\" stroke-dasharray=\"2 3\"/>\n"
        // The spans (a pill shown for no time at all still gets a visible sliver).
        let spans = bannerSpans.map { span in (span, x0: x(span.from), x1: max(x(span.to), x(span.from) + 3)) }
        for (span, x0, x1) in spans {
            let fill = span.state == .offline ? "#ffb300" : "#43a047"
            let still = span.stillUp ? ", still up when the recording ends" : ""
            out +=
                "<g>\n<title>\(xmlEscaped("\(span.state.rawValue) “\(span.label)” from \(formatMilliseconds(span.from)) to \(formatMilliseconds(span.to)) ms\(still)"))</title>\n"
            out += "<rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(x1 - x0))\" height=\"\(n(height))\" rx=\"5\" fill=\"\(fill)\"/>\n"
            if span.stillUp {
                out += "<path d=\"M\(n(x1 - 1)) \(n(y + 6)) L\(n(x1 + 7)) \(n(y + height / 2)) L\(n(x1 - 1)) \(n(y + height - 6)) Z\" fill=\"\(fill)\"/>\n"
            }
            out += "</g>\n"
        }
        // A stale pill: hatched from the first response to the moment it came down.
        for finding in findings {
            guard case .stalePill(_, _, _, _, let until, _, _) = finding.detail else { continue }
            let x0 = x(finding.t), x1 = x(until)
            out +=
                "<rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(max(x1 - x0, 1)))\" height=\"\(n(height))\" fill=\"url(#tr-stale)\" stroke=\"#b00020\" stroke-width=\"1.5\" stroke-dasharray=\"4 2\"><title>\(xmlEscaped("stale: the network worked from \(formatMilliseconds(finding.t)) ms, the pill stayed up until \(formatMilliseconds(until)) ms"))</title></rect>\n"
        }
        // The pill's text on top of everything, clipped to its span.
        for (span, x0, x1) in spans {
            guard let (label, size) = fit(span.label, width: x1 - x0 - 10) else { continue }
            clipCount += 1
            let clip = "tr-clip-\(clipCount)"
            let ink = span.state == .offline ? "#3e2723" : "#ffffff"
            out += "<clipPath id=\"\(clip)\"><rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(x1 - x0))\" height=\"\(n(height))\"/></clipPath>\n"
            if span.state == .offline {
                // A pale band under the text keeps it legible over the hatching.
                let w = min(textWidth(label, size: size) + 8, x1 - x0 - 4)
                out +=
                    "<rect x=\"\(n(x0 + 2))\" y=\"\(n(y + height / 2 - size / 2 - 3))\" width=\"\(n(w))\" height=\"\(n(size + 6))\" rx=\"3\" fill=\"#ffb300\" fill-opacity=\"0.85\" clip-path=\"url(#\(clip))\"/>\n"
            }
            out +=
                "<text x=\"\(n(x0 + 6))\" y=\"\(n(y + height / 2 + size / 2 - 1.5))\" font-size=\"\(n(size))\" fill=\"\(ink)\" clip-path=\"url(#\(clip))\">\(xmlEscaped(label))</text>\n"
        }
        // Page changes: the controller disconnected, or the whole document unloaded (and a
        // controller connected again on the new page).
        for page in pages {
            let px = x(page.t)
            let (change, left) = page.unload ? ("page unloaded", "pagehide") : ("page replaced", "disconnect")
            let what =
                page.until.map { "\(change): \(left) at \(formatMilliseconds(page.t)) ms, connect at \(formatMilliseconds($0)) ms" }
                ?? "\(page.unload ? "page unloaded: " : "")\(left) at \(formatMilliseconds(page.t)) ms"
            out +=
                "<path d=\"M\(n(px - 4.5)) \(n(y + height + 7)) L\(n(px + 4.5)) \(n(y + height + 7)) L\(n(px)) \(n(y + height)) Z\" fill=\"#37474f\"><title>\(xmlEscaped(what))</title></path>\n"
        }
    }

    private mutating func drawLegend(y: Double) {
        var lx = 16.0
        func item(_ shape: String, _ label: String) {
            out += shape
            text(lx + 14, y + 4, label, size: 11, fill: "#333333")
            lx += 14 + textWidth(label, size: 11) + 18
        }
        text(lx, y + 4, "legend:", size: 11, weight: "bold", fill: "#333333")
        lx += 56
        for kind in FailureKind.allCases where kind != .other || failures.contains(where: { $0.kind == .other }) {
            item(marker(kind, x: lx + 5, y: y, color: kind.color), "\(kind.rawValue) failure")
        }
        item("<line x1=\"\(n(lx + 5))\" y1=\"\(n(y - 5))\" x2=\"\(n(lx + 5))\" y2=\"\(n(y + 5))\" stroke=\"#78909c\" stroke-width=\"1.5\"/>\n", "response")
        item("<rect x=\"\(n(lx))\" y=\"\(n(y - 6))\" width=\"11\" height=\"12\" rx=\"2\" fill=\"#ffb300\"/>\n", "offline pill")
        item("<rect x=\"\(n(lx))\" y=\"\(n(y - 6))\" width=\"11\" height=\"12\" rx=\"2\" fill=\"#43a047\"/>\n", "back online")
        item("<rect x=\"\(n(lx))\" y=\"\(n(y - 6))\" width=\"11\" height=\"12\" fill=\"url(#tr-stale)\" stroke=\"#b00020\"/>\n", "stale pill")
        item("<path d=\"M\(n(lx + 0.5)) \(n(y + 4)) L\(n(lx + 9.5)) \(n(y + 4)) L\(n(lx + 5)) \(n(y - 3)) Z\" fill=\"#37474f\"/>\n", "page replaced")
        item("<circle cx=\"\(n(lx + 5))\" cy=\"\(n(y))\" r=\"5\" fill=\"#c62828\"/>\n", "toast")
        item("<circle cx=\"\(n(lx + 5))\" cy=\"\(n(y))\" r=\"5\" fill=\"#9e9e9e\" stroke=\"#616161\"/>\n", "silent")
    }

    private mutating func laneLabel(_ label: String, y: Double, height: Double) {
        out += "<rect x=\"\(n(left))\" y=\"\(n(y))\" width=\"\(n(plotWidth))\" height=\"\(n(height))\" fill=\"#fafafa\"/>\n"
        text(left - 10, y + height / 2 + 4, label, size: 12, weight: "bold", anchor: "end", fill: "#333333")
    }
}
