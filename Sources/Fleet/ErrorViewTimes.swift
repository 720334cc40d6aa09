import NativeErrorPolicy
import Replay

/// The time native logs spent on error views (app-session.md v1.1's "Error views", each log on
/// its own clock, a view still up counted open to its log's end), as `stats` adds it up: every
/// view's time on screen as a `QuantileSketch`, the views still open, and the total. A log's
/// figures fit on its partial line however many views it had, and add up exactly.
package struct ErrorViewTimes: Equatable, Sendable {
    package var durations = QuantileSketch()
    package var open = 0
    /// All the time on error views, added view by view in each log and log by log.
    package var totalMs = 0.0

    package var count: Int { durations.count }

    package init() {}

    /// One log's views: `durations` in increasing order, `open` of them still up at its end.
    package init(durations: [Double], open: Int) {
        self.durations = QuantileSketch(durations)
        self.open = open
        totalMs = durations.reduce(0, +)
    }

    /// One log's views, summed up as they closed (`NativeSummary`).
    package init(sketch: QuantileSketch, open: Int, totalMs: Double) {
        durations = sketch
        self.open = open
        self.totalMs = totalMs
    }

    /// As a partial wrote them; `nil` when they cannot be one log's.
    package init?(durations: QuantileSketch, open: Int, totalMs: Double) {
        guard open <= durations.count, totalMs >= (durations.max ?? 0), durations.count > 0 || totalMs == 0 else {
            return nil
        }
        self.durations = durations
        self.open = open
        self.totalMs = totalMs
    }

    mutating func add(_ other: ErrorViewTimes) {
        durations.add(other.durations)
        open += other.open
        totalMs += other.totalMs
    }

    /// Median (the mean of the middle two), p90 (nearest rank) and maximum, each within the
    /// sketch's 0.5% but the maximum, exact; `nil` without views.
    package var distribution: Distribution? { Distribution(durations) }
}
