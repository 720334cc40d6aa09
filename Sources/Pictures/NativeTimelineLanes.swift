import LaunchPolicy
import NativeErrorPolicy
import NativeFindings
import PolicyCore
import Reports

/// The native picture's lanes, each drawn from its marks alone at the `y` and `height` the
/// picture gives it, on the chart's time axis: what `render` shows of a native log, lane by lane.
/// The error views' lanes, one per surface, are `drawSurfaceLane`'s.
extension TimeChart {
    /// The root screen as the launch policy decides it: a span per screen in its colour, named
    /// (with the error view and surface that put it there) where it fits.
    mutating func drawRootLane(_ screens: [(from: Double, to: Double, change: ScreenChange)], y: Double, height: Double) {
        for span in screens {
            let x0 = x(span.from), x1 = max(x(span.to), x0 + 3)
            let screen = span.change.screen.rawValue
            var label = screen
            if case .presented(let surface, let view) = span.change.cause { label += " (\(view.rawValue), \(surface))" }
            out +=
                "<g>\n<title>\(xmlEscaped("\(label) from \(formatMilliseconds(span.from)) ms (\(span.change.cause.name)) to \(formatMilliseconds(span.to)) ms"))</title>\n"
            out += "<rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(x1 - x0))\" height=\"\(n(height))\" fill=\"\(NativeTimelineSVG.color(screen))\"/>\n"
            out += "</g>\n"
            legend.note(.screen(screen))
            clippedLabel(label, x0: x0, x1: x1, y: y, height: height)
        }
    }

    /// Over the root lane, each launch (a new root) as a dark mark where it began; under it,
    /// each launch's decision: ready (a green diamond) or stalled (an orange triangle).
    mutating func drawLaunchMarks(_ launchMarks: [LaunchRecord], y: Double, height: Double) {
        var lastEnd = -Double.infinity
        for record in launchMarks {
            switch record {
            case .screen(let change) where change.cause == .launch:
                legend.note(.launch)
                let lx = x(change.t)
                out +=
                    "<path d=\"M\(n(lx - 5)) \(n(y - 9)) L\(n(lx + 5)) \(n(y - 9)) L\(n(lx)) \(n(y - 1)) Z\" fill=\"#263238\"><title>\(xmlEscaped("launch at \(formatMilliseconds(change.t)) ms: a new root"))</title></path>\n"
            case .launch(let decision):
                let dx = x(decision.t), dy = y + height + 10
                let ready = decision.outcome == .ready
                legend.note(ready ? .ready : .stalled)
                let color = ready ? "#1b5e20" : "#e65100"
                let what = ready ? "ready in \(formatMilliseconds(decision.launchMs)) ms" : "stalled: \(formatMilliseconds(decision.launchMs)) ms loading"
                out += "<g>\n<title>\(xmlEscaped("\(what) (at \(formatMilliseconds(decision.t)) ms)"))</title>\n"
                if ready {
                    out += "<path d=\"M\(n(dx)) \(n(dy - 6)) L\(n(dx + 6)) \(n(dy)) L\(n(dx)) \(n(dy + 6)) L\(n(dx - 6)) \(n(dy)) Z\" fill=\"\(color)\"/>\n"
                } else {
                    out += "<path d=\"M\(n(dx)) \(n(dy - 7)) L\(n(dx + 7)) \(n(dy + 6)) L\(n(dx - 7)) \(n(dy + 6)) Z\" fill=\"\(color)\"/>\n"
                }
                // Named right of its mark, or left of it at the page's edge, where it runs into
                // no name or mark before it (its hover says it either way).
                let w = textWidth(what, size: 10.5)
                if dx + 10 + w > width - 4 {
                    if dx - 10 - w > lastEnd + 4 { text(dx - 10, dy + 4, what, size: 10.5, anchor: "end", fill: color) }
                } else if dx + 10 > lastEnd + 4 {
                    text(dx + 10, dy + 4, what, size: 10.5, fill: color)
                    lastEnd = dx + 10 + w
                }
                lastEnd = max(lastEnd, dx + 8)
                out += "</g>\n"
            default:
                break
            }
        }
    }

    /// The app's own `app-screen` log, paler, hatched red where it disagreed with the policy
    /// (a mismatch still open runs to `last`, the log's last record).
    mutating func drawAppLane(
        _ appSpans: [(from: Double, to: Double, screen: String, line: Int)], mismatches: [LaunchFinding], last: Double?, y: Double, height: Double
    ) {
        for span in appSpans {
            let x0 = x(span.from), x1 = max(x(span.to), x0 + 3)
            out += "<g>\n<title>\(xmlEscaped("the app logged \(span.screen) at \(formatMilliseconds(span.from)) ms (line \(span.line))"))</title>\n"
            out +=
                "<rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(x1 - x0))\" height=\"\(n(height))\" fill=\"\(NativeTimelineSVG.color(span.screen))\" fill-opacity=\"0.6\"/>\n"
            out += "</g>\n"
            legend.note(.screen(span.screen))
            clippedLabel(span.screen, x0: x0, x1: x1, y: y, height: height)
        }
        for finding in mismatches {
            guard case .mismatch(let app, let policy, let until, let duration) = finding.detail else { continue }
            let x0 = x(finding.t), x1 = x(until ?? last ?? finding.t)
            legend.note(.mismatch)
            out +=
                "<rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(max(x1 - x0, 1)))\" height=\"\(n(height))\" fill=\"url(#tr-mismatch)\" stroke=\"#b00020\" stroke-width=\"1.5\" stroke-dasharray=\"4 2\"><title>\(xmlEscaped("\(finding.kind.rawValue): the app showed \(app), the policy says \(policy.rawValue), for \(formatMilliseconds(duration)) ms"))</title></rect>\n"
        }
    }

    /// The app's connectivity: green online, dark offline, pale hatching before the first path
    /// record (offline, assumed). The last span runs to the axis's end unless the window
    /// (`limits`) ends it, the first from its start.
    mutating func drawNativeConnectivity(
        _ connectivity: [(from: Double, to: Double, online: Bool, assumed: Bool)], limits: RenderLimits, y: Double, height: Double
    ) {
        var spans = connectivity
        if !spans.isEmpty, !limits.isWindowed || limits.to == nil { spans[spans.count - 1].to = end }
        if !spans.isEmpty, spans[0].from == -.infinity {
            if spans[0].to > start { spans[0].from = start } else { spans.removeFirst() }
        }
        for span in spans where span.to >= span.from {
            drawConnectivitySpan(span, assumedFill: "url(#tr-assumed)", y: y, height: height)
        }
    }

    /// One stretch of the app's connectivity, named where the name fits: online (green),
    /// offline (dark), or offline assumed before any record said (`assumedFill`).
    mutating func drawConnectivitySpan(
        _ span: (from: Double, to: Double, online: Bool, assumed: Bool), assumedFill: String, y: Double, height: Double
    ) {
        let x0 = x(span.from), x1 = x(span.to)
        let fill = span.assumed ? assumedFill : span.online ? "#c8e6c9" : "#455a64"
        let label = span.assumed ? "offline (assumed)" : span.online ? "online" : "offline"
        legend.note(span.assumed ? .box("offline (assumed: before any record)", fill: assumedFill, stroke: "#cfd8dc") : span.online ? .online : .offline)
        out += "<g>\n<title>\(xmlEscaped("\(label) from \(formatMilliseconds(span.from)) ms"))</title>\n"
        out += "<rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(max(x1 - x0, 0.8)))\" height=\"\(n(height))\" fill=\"\(fill)\"/>\n"
        if x1 - x0 > textWidth(label, size: 10.5) + 8 {
            text(x0 + 5, y + height / 2 + 4, label, size: 10.5, fill: span.online || span.assumed ? "#1b5e20" : "#ffffff")
        }
        out += "</g>\n"
    }

    /// `label` in white over a span from `x0` to `x1`, clipped to it, when it fits at all.
    private mutating func clippedLabel(_ label: String, x0: Double, x1: Double, y: Double, height: Double) {
        guard let (fitted, size) = fit(label, width: x1 - x0 - 10) else { return }
        clipCount += 1
        let clip = "tr-clip-\(clipCount)"
        out += "<clipPath id=\"\(clip)\"><rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(x1 - x0))\" height=\"\(n(height))\"/></clipPath>\n"
        out +=
            "<text x=\"\(n(x0 + 6))\" y=\"\(n(y + height / 2 + size / 2 - 1.5))\" font-size=\"\(n(size))\" fill=\"#ffffff\" clip-path=\"url(#\(clip))\">\(xmlEscaped(fitted))</text>\n"
    }
}

extension MarkKind {
    /// A root screen's colour, in the policy's lane and (paler) in the app's.
    static func screen(_ screen: String) -> MarkKind {
        let known = [RootScreen.loading, .web, .offseason, .error].map(\.rawValue).contains(screen)
        return box(known ? screen : "another screen", fill: NativeTimelineSVG.color(screen))
    }
    static let launch = shape("launch (a new root)", path: "M0.5 -5 L10.5 -5 L5.5 3 Z", fill: "#263238")
    static let ready = shape("ready", path: "M5.5 -6 L11.5 0 L5.5 6 L-0.5 0 Z", fill: "#1b5e20")
    static let stalled = shape("stalled", path: "M5.5 -6 L11.5 5 L-0.5 5 Z", fill: "#e65100")
    static let mismatch = box("app off the policy", fill: "url(#tr-mismatch)", stroke: "#b00020")
}
