import PolicyCore

/// A stretch of the time axis left out because nothing happens in it (`from` to `to`, in the
/// recording's ms): drawn as a narrow torn band, so that a day-long log whose events sit in a
/// few busy minutes keeps one uniform scale over those minutes instead of squashing them.
struct AxisBreak: Equatable {
    var from: Double
    var to: Double
}

/// Where a picture's axis breaks. A gap between two consecutive busy times is broken when it
/// is at least five minutes and a twentieth of the whole span (shorter idle stretches are part
/// of the story and keep their width); at most twelve, the longest first. Break edges sit on
/// the axis's tick step, a step or more after the events before them (a mark's label runs to
/// its right) and a quarter step before the events after them, so that each busy stretch starts
/// and ends on a tick and no mark or label is drawn under a break.
enum AxisBreaks {
    static let minimumIdle = 300_000.0
    static let maximumBreaks = 12
    /// The band a break takes on the plot, in px.
    static let width = 22.0
    /// The least room between two ticks, in px: wider than the widest tick label.
    static let tickRoom = 72.0
    static let steps: [Double] = [
        10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10_000, 15_000, 30_000, 60_000,
        120_000, 300_000, 600_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 21_600_000, 43_200_000, 86_400_000,
    ]

    /// The idle gaps of `busy` (any order, clamped to `start`…`end`) worth breaking, in time order.
    static func gaps(busy: [Double], start: Double, end: Double) -> [AxisBreak] {
        let span = end - start
        var times = busy.filter(\.isFinite).map { min(max($0, start), end) }
        times.append(contentsOf: [start, end])
        times.sort()
        var gaps: [AxisBreak] = []
        for (a, b) in zip(times, times.dropFirst()) where b - a >= max(minimumIdle, span / 20) {
            gaps.append(AxisBreak(from: a, to: b))
        }
        return longest(gaps, span: span)
    }

    /// Of `gaps` (in time order), those worth breaking over a span of `span`: the longest
    /// `maximumBreaks` of at least `minimumIdle` and a twentieth of the span, in time order.
    static func longest(_ gaps: [AxisBreak], span: Double) -> [AxisBreak] {
        var gaps = gaps.filter { $0.to - $0.from >= max(minimumIdle, span / 20) }
        gaps.sort { ($0.to - $0.from) > ($1.to - $1.from) }
        return gaps.prefix(maximumBreaks).sorted { $0.from < $1.from }
    }

    /// `gaps` with their edges on `step`, clear of the events on either side; a gap too short
    /// for that is not broken.
    static func snapped(_ gaps: [AxisBreak], step: Double) -> [AxisBreak] {
        gaps.compactMap { gap in
            // A whole step after the last event: room for the label a mark writes to its right.
            var from = (gap.from / step).rounded(.up) * step
            if from - gap.from < step { from += step }
            var to = (gap.to / step).rounded(.down) * step
            if gap.to - to < step / 4 { to -= step }
            return to - from >= step ? AxisBreak(from: from, to: to) : nil
        }
    }

    /// The axis over `start`…`end` with `gaps` broken: the smallest round step whose ticks are
    /// at least `tickRoom` apart on `plotWidth`, the breaks on it, and the axis's ends rounded
    /// out to it (a little room at the right, as an unbroken axis has).
    static func fit(start: Double, end: Double, gaps: [AxisBreak], plotWidth: Double)
        -> (start: Double, end: Double, step: Double, breaks: [AxisBreak])
    {
        for step in steps {
            let from = (start / step).rounded(.down) * step
            let to = (end / step).rounded(.up) * step + (end.truncatingRemainder(dividingBy: step) == 0 ? step / 4 : 0)
            let breaks = snapped(gaps, step: step)
            let kept = (to - from) - breaks.reduce(0) { $0 + $1.to - $1.from }
            let scale = (plotWidth - Double(breaks.count) * width) / kept
            if !breaks.isEmpty, step * scale >= tickRoom { return (from, to, step, breaks) }
            if breaks.isEmpty { break }
        }
        return (start, end, 0, [])
    }

    /// A tick's label: seconds on an axis under 1000 s, as every short recording's picture has
    /// it; past that the clock's hours, minutes and seconds (`18:04:00`, `0:00:02.5` when the
    /// step is under a second), which a person reads without dividing by 3600.
    static func label(_ t: Double, step: Double, long: Bool) -> String {
        guard long else { return formatMilliseconds(t / 1000) + " s" }
        let sign = t < 0 ? "−" : ""
        let ms = abs(t).rounded()
        let seconds = Int(ms / 1000), hours = seconds / 3600, minutes = (seconds / 60) % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var text = "\(sign)\(hours):\(two(minutes)):\(two(seconds % 60))"
        if step < 1000 {
            var digits = String(String(Int(ms.truncatingRemainder(dividingBy: 1000)) + 1000).dropFirst())
            while digits.hasSuffix("0") { digits.removeLast() }
            if !digits.isEmpty { text += "." + digits }
        }
        return text
    }

    /// A stretch's length in words: `8 h 54 min`, `12 min`, `40 s`.
    static func duration(_ ms: Double) -> String {
        let minutes = Int((ms / 60_000).rounded())
        if minutes >= 60 { return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min" }
        return minutes >= 1 ? "\(minutes) min" : "\(Int((ms / 1000).rounded())) s"
    }
}
