import NativeErrorPolicy
import Replay

/// The time native logs spent on error views, each log on its own clock, as `stats` adds it
/// up, twice: by the retry policy (`policy`, `policyMs`: app-session.md v1.1's "Error views",
/// the retry the contract would have made) and by the app's own log (`shown`, `shownMs`: the
/// app's retry, a dismissal, a page loading, a relaunch). Each is every view's time (a
/// `DurationSample`: exact while there are at most 1,000 views, a sketch past that), the views
/// still open at their log's end, and the total. A log's figures fit on its partial line, and
/// add up exactly.
package struct ErrorViewTimes: Equatable, Sendable {
    package var policy = ViewTimes()
    package var shown = ViewTimes()

    /// The views (the same views for both figures).
    package var count: Int { policy.count }
    package var open: Int { policy.open }
    /// `policyMs`: all the time on error views by the policy, added view by view in each log
    /// and log by log.
    package var totalMs: Double { policy.totalMs }

    package init() {}

    package init(policy: ViewTimes, shown: ViewTimes) {
        self.policy = policy
        self.shown = shown
    }

    mutating func add(_ other: ErrorViewTimes) {
        policy.add(other.policy)
        shown.add(other.shown)
    }

    /// The policy's median, p90 and exact maximum; `nil` without views.
    package var distribution: Distribution? { policy.distribution }
}

/// One way of timing the views: every view's time, those still open, the total.
package struct ViewTimes: Equatable, Sendable {
    package var durations = DurationSample()
    package var open = 0

    /// Added view by view in each log (in the order they closed, then the open ones) and log
    /// by log in key order: the same bits in every process.
    package var totalMs: Double { durations.totalMs }
    package var count: Int { durations.count }

    package init() {}

    package init(_ durations: DurationSample, open: Int) {
        self.durations = durations
        self.open = open
    }

    /// One log's views: `durations` in the order they are added up, `open` of them still up.
    package init(durations: [Double], open: Int) {
        for duration in durations { self.durations.add(duration) }
        self.open = open
    }

    mutating func add(_ other: ViewTimes) {
        durations.add(other.durations)
        open += other.open
    }

    /// Median (the lower middle, `QuantileRanks`) and p90 (nearest rank), exact for at most
    /// 1,000 views and within the sketch's 0.5% past that, and the maximum, exact; `nil`
    /// without views.
    package var distribution: Distribution? { Distribution(durations) }
}
