import BannerFindings
import OfflineBanner
import PolicyCore
import Reports

/// The web picture's lanes, each drawn from its marks alone at the `y` and `height` the picture
/// gives it, on the chart's time axis: what `render` shows of a web recording, lane by lane.
extension TimeChart {
    /// `navigator.onLine` as the page believed it: green online, dark offline, pale hatching
    /// where no record had said yet; each span named when it is wide enough.
    mutating func drawOnlineLane(_ spans: [OnlineSpan], y: Double, height: Double) {
        for span in spans where span.to >= span.from {
            let x0 = x(span.from), x1 = x(span.to)
            let fill = span.assumed ? "url(#tr-assumed)" : span.online ? "#c8e6c9" : "#455a64"
            let label = span.assumed ? "online (assumed)" : span.online ? "online" : "offline"
            legend.note(span.assumed ? .onlineAssumed : span.online ? .online : .offline)
            out +=
                "<g>\n<title>\(xmlEscaped("navigator.onLine \(span.online ? "true" : "false")\(span.assumed ? " (assumed, no record said)" : "") from \(formatMilliseconds(span.from)) ms"))</title>\n"
            out += "<rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(max(x1 - x0, 0.8)))\" height=\"\(n(height))\" fill=\"\(fill)\"/>\n"
            if x1 - x0 > textWidth(label, size: 11) + 8 {
                text(x0 + 5, y + height / 2 + 4, label, size: 11, fill: span.online ? "#1b5e20" : "#ffffff")
            }
            out += "</g>\n"
        }
    }

    /// Network failures as ticks by kind, each with its marker, over the responses (small grey
    /// ticks at the bottom): a failure among answered requests reads as one.
    mutating func drawFailureLane(
        _ failures: [(t: Double, kind: FailureKind, about: String)], responses: [(t: Double, about: String)], y: Double, height: Double
    ) {
        out += "<line x1=\"\(n(left))\" y1=\"\(n(y + height))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(y + height))\" stroke=\"#cccccc\"/>\n"
        for response in responses {
            legend.note(.response)
            let rx = x(response.t)
            out +=
                "<line x1=\"\(n(rx))\" y1=\"\(n(y + height - 9))\" x2=\"\(n(rx))\" y2=\"\(n(y + height))\" stroke=\"#78909c\" stroke-width=\"1.5\"><title>\(xmlEscaped("response at \(formatMilliseconds(response.t)) ms: \(response.about)"))</title></line>\n"
        }
        for failure in failures {
            let fx = x(failure.t)
            let color = failure.kind.color
            legend.note(MarkKind(label: "\(failure.kind.rawValue) failure", swatch: failureMarker(failure.kind, x: 5.5, y: 0, color: color)))
            out += "<g>\n<title>\(xmlEscaped("\(failure.kind.rawValue) failure at \(formatMilliseconds(failure.t)) ms: \(failure.about)"))</title>\n"
            out += "<line x1=\"\(n(fx))\" y1=\"\(n(y + 12))\" x2=\"\(n(fx))\" y2=\"\(n(y + height))\" stroke=\"\(color)\" stroke-width=\"2.5\"/>\n"
            out += failureMarker(failure.kind, x: fx, y: y + 8, color: color)
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

    /// A failure kind's marker, in the lane and in the legend.
    func failureMarker(_ kind: FailureKind, x: Double, y: Double, color: String) -> String {
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

    /// Submissions by the controller's decision: a red toast, a green success, a grey answer,
    /// a hollow disconnected; labels only where they do not run into the one before.
    mutating func drawSubmissionLane(_ submissions: [(t: Double, decision: SubmitDecision, about: String)], y: Double, height: Double) {
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
            legend.note(.dot(label == "toast" || label == "success" || label == "disconnected" ? label : "silent", fill: fill, stroke: stroke))
            let what = submission.about.isEmpty ? "" : " (\(submission.about))"
            out += "<g>\n<title>\(xmlEscaped("submission at \(formatMilliseconds(submission.t)) ms\(what): \(label)"))</title>\n"
            out += "<circle cx=\"\(n(sx))\" cy=\"\(n(cy))\" r=\"6.5\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"2\"/>\n"
            // A label goes right of its mark, or left of it at the page's edge, and only where
            // it runs into no label or mark before it (its hover says it either way).
            if sx + 10 + textWidth(label, size: 11) > width - 4 {
                if sx - 10 - textWidth(label, size: 11) > lastEnd + 4 { text(sx - 10, cy + 4, label, size: 11, anchor: "end", fill: stroke) }
            } else if sx + 10 > lastEnd + 4 {
                text(sx + 10, cy + 4, label, size: 11, fill: stroke)
                lastEnd = sx + 10 + textWidth(label, size: 11)
            }
            lastEnd = max(lastEnd, sx + 8)
            out += "</g>\n"
        }
    }

    /// The banner: amber pill spans and green back-online spans, a stale pill hatched over its
    /// span from the first response (`findings`' stale pills), and each pill's text on top.
    /// Returns the texts it could not write whole (cut short, or left out of a span too
    /// narrow), for the picture to write under the chart.
    @discardableResult
    mutating func drawBannerLane(_ bannerSpans: [BannerSpan], findings: [BannerFinding], y: Double, height: Double) -> [(t: Double, label: String)] {
        var cut: [(t: Double, label: String)] = []
        out +=
            "<line x1=\"\(n(left))\" y1=\"\(n(y + height / 2))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(y + height / 2))\" stroke=\"#dddddd\" stroke-dasharray=\"2 3\"/>\n"
        // The spans (a pill shown for no time at all still gets a visible sliver).
        let spans = bannerSpans.map { span in (span, x0: x(span.from), x1: max(x(span.to), x(span.from) + 3)) }
        for (span, x0, x1) in spans {
            let fill = span.state == .offline ? "#ffb300" : "#43a047"
            legend.note(span.state == .offline ? .offlinePill : .backOnline)
            if span.stillUp { legend.note(.stillUp) }
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
            guard let until = finding.detail(as: StalePill.self)?.until else { continue }
            let x0 = x(finding.t), x1 = x(until)
            legend.note(.stalePill)
            out +=
                "<rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(max(x1 - x0, 1)))\" height=\"\(n(height))\" fill=\"url(#tr-stale)\" stroke=\"#b00020\" stroke-width=\"1.5\" stroke-dasharray=\"4 2\"><title>\(xmlEscaped("stale: the network worked from \(formatMilliseconds(finding.t)) ms, the pill stayed up until \(formatMilliseconds(until)) ms"))</title></rect>\n"
        }
        // The pill's text on top of everything, clipped to its span.
        for ((span, x0, x1), room) in zip(spans, rooms(spans.map(\.x0))) {
            let placed = placeLabel(span.label, x0: x0, x1: x1 + (span.stillUp ? 8 : 0), room: room, height: height)
            if !span.label.isEmpty, !(placed?.whole ?? false) { cut.append((span.from, span.label)) }
            guard let label = placed else { continue }
            guard label.inside else {
                drawLabel(label, middle: y + height / 2, ink: "#3e2723")
                continue
            }
            clipCount += 1
            let clip = "tr-clip-\(clipCount)"
            let ink = span.state == .offline ? "#3e2723" : "#ffffff"
            out += "<clipPath id=\"\(clip)\"><rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(x1 - x0))\" height=\"\(n(height))\"/></clipPath>\n"
            if span.state == .offline {
                // A pale band under the text keeps it legible over the hatching.
                let w = min((label.lines.map { textWidth($0, size: label.size) }.max() ?? 0) + 8, x1 - x0 - 4)
                let h = Double(label.lines.count) * (label.size + 1.5) + 5
                out +=
                    "<rect x=\"\(n(x0 + 2))\" y=\"\(n(y + height / 2 - h / 2))\" width=\"\(n(w))\" height=\"\(n(h))\" rx=\"3\" fill=\"#ffb300\" fill-opacity=\"0.85\" clip-path=\"url(#\(clip))\"/>\n"
            }
            drawLabel(label, middle: y + height / 2, ink: ink, clip: clip)
        }
        return cut
    }

    /// Page changes under the banner lane: the controller disconnected, or the whole document
    /// unloaded (and a controller connected again on the new page).
    mutating func drawPageChanges(_ pages: [PageChange], y: Double, height: Double) {
        for page in pages {
            legend.note(.pageChange)
            let px = x(page.t)
            let (change, left) = page.unload ? ("page unloaded", "pagehide") : ("page replaced", "disconnect")
            let what =
                page.until.map { "\(change): \(left) at \(formatMilliseconds(page.t)) ms, connect at \(formatMilliseconds($0)) ms" }
                ?? "\(page.unload ? "page unloaded: " : "")\(left) at \(formatMilliseconds(page.t)) ms"
            out +=
                "<path d=\"M\(n(px - 4.5)) \(n(y + height + 7)) L\(n(px + 4.5)) \(n(y + height + 7)) L\(n(px)) \(n(y + height)) Z\" fill=\"#37474f\"><title>\(xmlEscaped(what))</title></path>\n"
        }
    }
}

extension MarkKind {
    static let onlineAssumed = box("online (assumed: before any record)", fill: "url(#tr-assumed)", stroke: "#cfd8dc")
    static let response = line("response", stroke: "#78909c", width: 1.5, vertical: true)
    static let offlinePill = box("offline pill", fill: "#ffb300", rx: 2)
    static let backOnline = box("back online", fill: "#43a047", rx: 2)
    static let stillUp = shape("still up when the log ends", path: "M0 -6 L9 0 L0 6 Z", fill: "#ffb300")
    static let stalePill = box("stale pill", fill: "url(#tr-stale)", stroke: "#b00020")
    static let pageChange = shape("page replaced or unloaded", path: "M1 4 L10 4 L5.5 -3 Z", fill: "#37474f")
}
