import NativeErrorPolicy
import PolicyCore
import Reports

/// A surface's error views in the session picture, under its decisions: each view a span from
/// its `presented`, solid to what ended it in the app's log (what the user lived, `shownMs`),
/// outlined to what ended it by the policy (`policyMs`); and the app's own records about its
/// views (`app-retry`, `tap-retry`, `dismissed`) as marks on the spans' row.
extension TimeChart {
    /// The spans on the row from `y` (`height` tall), to `end` when still up; each labelled
    /// with its times where they fit before the surface's next view, whole on hover. In a
    /// `window`, each is drawn only where it is inside it (a view presented before its start
    /// from the start), its label and hover still saying the whole view's times.
    mutating func drawErrorViewSpans(_ spans: [ErrorViewSpan], end: Double, y: Double, height: Double, window: RenderLimits = RenderLimits()) {
        // Where the row's last label ends: a lane of several surfaces has spans over spans.
        var labelEnd = -Double.infinity
        for (index, span) in spans.enumerated() {
            let color = span.variant == .offline ? "#ef6c00" : "#c62828"
            let appEnd = span.app?.t ?? end, policyEnd = span.policy?.t ?? end
            guard let shown = window.clip(span.from, max(appEnd, policyEnd)) else { continue }
            var x0 = x(shown.from)
            // A view presented at the window's very end is still 1.5 px wide, inside it.
            if let to = window.to, x0 + 1.5 > x(to) { x0 = x(to) - 1.5 }
            let xa = max(x(min(appEnd, shown.to)), x0 + 1.5), xp = max(x(min(policyEnd, shown.to)), x0 + 1.5)
            legend.note(.shownView(span.variant, color))
            legend.note(.policyView(span.variant, color))
            out += "<g>\n<title>\(xmlEscaped(Self.viewTitle(span, end: end)))</title>\n"
            // A view the app's log ended before the window opened has only the policy's span in it.
            if appEnd >= shown.from {
                out +=
                    "<rect x=\"\(n(x0))\" y=\"\(n(y + 2))\" width=\"\(n(xa - x0))\" height=\"\(n(height - 4))\" fill=\"\(color)\" fill-opacity=\"0.55\"/>\n"
            }
            if policyEnd >= shown.from {
                out +=
                    "<rect x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(xp - x0))\" height=\"\(n(height))\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\"/>\n"
            }
            let label =
                "\(formatSeconds(appEnd - span.from))\(span.app == nil ? "+" : "") · policy \(formatSeconds(policyEnd - span.from))\(span.policy == nil ? "+" : "")"
            let room = spans[(index + 1)...].map { x($0.from) - 4 }.min() ?? left + plotWidth
            // After the span, past the mark of what ended it; else inside the longer one.
            let after = max(xa, xp) + 9, labelWidth = textWidth(label, size: 10)
            if after + labelWidth <= min(room, width - 8), after > labelEnd + 4 {
                text(after, y + height / 2 + 3.5, label, size: 10, fill: color)
                labelEnd = after + labelWidth
            } else if labelWidth <= min(max(xa, xp), room) - x0 - 16, x0 + 5 > labelEnd + 4 {
                text(x0 + 5, y + height / 2 + 3.5, label, size: 10, fill: "#3e2723")
                labelEnd = x0 + 5 + labelWidth
            }
            out += "</g>\n"
        }
    }

    /// What a view's span says on hover: both its times and what ended each.
    static func viewTitle(_ span: ErrorViewSpan, end: Double) -> String {
        func part(_ end: (t: Double, cause: String)?, _ fallback: Double) -> String {
            guard let end else { return "\(formatSeconds(fallback - span.from)), still up at \(formatMilliseconds(fallback)) ms" }
            return "\(formatSeconds(end.t - span.from)), to \(end.cause) at \(formatMilliseconds(end.t)) ms"
        }
        return "\(span.variant.rawValue) view on \(span.surface) from \(formatMilliseconds(span.from)) ms: "
            + "the app's log \(part(span.app, end)) (shownMs); the policy \(part(span.policy, end)) (policyMs)"
    }

    /// The app's records about one surface's views, on the spans' row centred at `cy`: a
    /// hollow green triangle for its `app-retry` (a dot in it when manual), a hollow green
    /// square for the user's `tap-retry`, a grey cross for `dismissed`. Marks closer than
    /// `MarkSpacing.minimum` are set apart, each joined to its time by a thin line.
    /// `on`: whether a surface is this lane's (a `presented` is the decision's mark already).
    mutating func drawAppViewMarks(_ marks: [AppViewMark], on: (String) -> Bool, cy: Double) {
        var spacing = MarkSpacing()
        for mark in marks {
            guard let surface = mark.kind.surface, on(surface) else { continue }
            if case .presented = mark.kind { continue }
            let tx = x(mark.t), mx = spacing.place(tx)
            let title = xmlEscaped(
                "the app's \(mark.kind.name) on \(mark.kind.surface ?? "every surface") at \(formatMilliseconds(mark.t)) ms (its line \(mark.line))")
            var svg = "<g>\n<title>\(title)</title>\n"
            if mx != tx { svg += "<line x1=\"\(n(tx))\" y1=\"\(n(cy - 7))\" x2=\"\(n(mx))\" y2=\"\(n(cy - 5))\" stroke=\"#757575\" stroke-width=\"0.8\"/>\n" }
            let kind: MarkKind
            switch mark.kind {
            case .appRetry(_, let manual):
                kind = manual ? .appRetryManual : .appRetryAuto
                svg +=
                    "<path d=\"M\(n(mx)) \(n(cy - 5)) L\(n(mx + 5)) \(n(cy + 4)) L\(n(mx - 5)) \(n(cy + 4)) Z\" fill=\"#ffffff\" stroke=\"#2e7d32\" stroke-width=\"1.6\"/>\n"
                if manual { svg += "<circle cx=\"\(n(mx))\" cy=\"\(n(cy + 1))\" r=\"1.4\" fill=\"#2e7d32\"/>\n" }
            case .tapRetry:
                kind = .tapRetry
                svg += "<rect x=\"\(n(mx - 4))\" y=\"\(n(cy - 4))\" width=\"8\" height=\"8\" fill=\"#ffffff\" stroke=\"#2e7d32\" stroke-width=\"1.6\"/>\n"
            default:
                kind = .dismissed
                svg +=
                    "<path d=\"M\(n(mx - 4)) \(n(cy - 4)) L\(n(mx + 4)) \(n(cy + 4)) M\(n(mx + 4)) \(n(cy - 4)) L\(n(mx - 4)) \(n(cy + 4))\" stroke=\"#424242\" stroke-width=\"2\"/>\n"
            }
            drawMark(kind, svg + "</g>\n")
        }
    }
}

extension TimeChart {
    /// The app's `foreground` records among `marks`, as rings centred on `cy`.
    mutating func drawForegrounds(_ marks: [AppViewMark], cy: Double) {
        var spacing = MarkSpacing()
        for mark in marks where mark.kind == .foreground {
            let tx = x(mark.t), mx = spacing.place(tx)
            let title = xmlEscaped("the app came to the foreground at \(formatMilliseconds(mark.t)) ms (its line \(mark.line))")
            drawMark(
                .foreground,
                "<circle cx=\"\(n(mx))\" cy=\"\(n(cy))\" r=\"3.5\" fill=\"#ffffff\" stroke=\"#283593\" stroke-width=\"1.8\"><title>\(title)</title></circle>\n"
            )
        }
    }
}

/// Where marks close in time go so that none hides another: at its time, or `minimum` px
/// right of the last one placed when that is nearer (a long log's marks 0.6 s apart are under
/// a pixel apart).
struct MarkSpacing {
    static let minimum = 14.0
    private var last = -Double.infinity

    mutating func place(_ x: Double) -> Double {
        let placed = max(x, last + Self.minimum)
        last = placed
        return placed
    }
}

/// A duration in seconds to a tenth (`14.4 s`), in milliseconds under a second.
func formatSeconds(_ ms: Double) -> String {
    guard abs(ms) >= 1000 else { return "\(formatMilliseconds(ms.rounded())) ms" }
    return "\(formatMilliseconds((ms / 100).rounded() / 10)) s"
}

extension MarkKind {
    /// A view's span by the app's log, in its variant's colour.
    static func shownView(_ variant: ErrorVariant, _ color: String) -> MarkKind {
        box("\(variant.rawValue) view, as the app's log has it (shownMs)", fill: color, opacity: 0.55)
    }
    /// A view's span by the policy, in its variant's colour.
    static func policyView(_ variant: ErrorVariant, _ color: String) -> MarkKind {
        box("\(variant.rawValue) view, by the policy (policyMs)", fill: "none", stroke: color)
    }
    static let appRetryAuto = MarkKind(
        label: "app-retry (auto), the app's record", swatch: "<path d=\"M5.5 -5 L10.5 4 L0.5 4 Z\" fill=\"#ffffff\" stroke=\"#2e7d32\" stroke-width=\"1.6\"/>")
    static let appRetryManual = MarkKind(
        label: "app-retry (manual), the app's record",
        swatch:
            "<path d=\"M5.5 -5 L10.5 4 L0.5 4 Z\" fill=\"#ffffff\" stroke=\"#2e7d32\" stroke-width=\"1.6\"/><circle cx=\"5.5\" cy=\"1\" r=\"1.4\" fill=\"#2e7d32\"/>"
    )
    static let tapRetry = MarkKind(
        label: "tap-retry, the user's", swatch: "<rect x=\"1.5\" y=\"-4\" width=\"8\" height=\"8\" fill=\"#ffffff\" stroke=\"#2e7d32\" stroke-width=\"1.6\"/>")
    static let dismissed = MarkKind(
        label: "dismissed, the app's record", swatch: "<path d=\"M1.5 -4 L9.5 4 M9.5 -4 L1.5 4\" stroke=\"#424242\" stroke-width=\"2\"/>")
    static let foreground = MarkKind(
        label: "foreground, the app's record", swatch: "<circle cx=\"5.5\" cy=\"0\" r=\"4\" fill=\"#ffffff\" stroke=\"#283593\" stroke-width=\"1.8\"/>")
}
