import BannerFindings
import NativeErrorPolicy
import NativeFindings
import OfflineBanner
import Replay

/// What one web log adds to a fleet's report: counts, and the pill's durations as a sketch,
/// not as episodes, so a log's share of a partial or of a merge's memory does not grow with
/// the times the pill went up. A single run and a merge both hold these, so they print alike.
package struct WebLogSummary: Equatable, Sendable {
    /// One raising cause's episodes and their total time in this log.
    package struct PillTotal: Equatable, Sendable {
        package var episodes: Int
        package var ms: Double

        package init(episodes: Int, ms: Double) {
            self.episodes = episodes
            self.ms = ms
        }
    }

    package var records = 0
    package var skippedLines = 0
    /// By raising cause; a cause with no episode is absent.
    package var pills: [BannerCause: PillTotal] = [:]
    package var durations = QuantileSketch()
    package var toasts = 0
    package var silent: [SilentKey: Int] = [:]
    package var findings: [BannerFinding.Kind: Int] = [:]
    /// The line the log was cut at (its `log-cut` finding); `nil` when it ends whole.
    package var cut: Int?
    /// What its collector's folder is missing (its `log-gap` findings), each range as
    /// `LogGap.range` writes it, in the log's order; empty for a whole log or a single file.
    package var gaps: [String] = []
    /// `RecordingSummary.seenFit`: `nil` for a log without `seen`.
    package var seenFit: SeenFit?
    /// What its `meta` says of it (`stats --by`, `--per-log`); a partial does not carry it.
    package var identity: LogIdentity?
    /// Why its `NAME.native.jsonl` beside it is not read with it: the app's log names other
    /// pages (`SessionPairing`); `nil` when it is, or there is none.
    package var pairRefused: String?

    package init() {}

    package init(_ summary: RecordingSummary) {
        records = summary.records
        skippedLines = summary.skippedLines
        cut = summary.cut?.line
        // The analyzer added them up as the episodes closed, cause by cause and into the sketch.
        for total in summary.pills.byCause { pills[total.cause] = PillTotal(episodes: total.episodes, ms: total.ms) }
        durations = summary.pills.durations
        toasts = summary.toasts
        silent = summary.silent
        findings = summary.findings
        seenFit = summary.seenFit
    }

    package var pillEpisodes: Int { pills.values.reduce(0) { $0 + $1.episodes } }

    /// The pill's time up, added cause by cause in `RecordingSummary.raisingCauses` order.
    package var pillMs: Double {
        RecordingSummary.raisingCauses.reduce(0) { $0 + (pills[$1]?.ms ?? 0) }
    }

    /// Every count a fleet adds up, by a name unique to what the report adds (web and native
    /// logs' skipped lines under one name, since the report adds them together): a merge
    /// checks their totals before any report adds them.
    func forEachCount(_ body: (String, Int) throws -> Void) rethrows {
        try body("skipped lines", skippedLines)
        try body("log gaps", gaps.count)
        for (cause, total) in pills { try body("pill episodes \(cause.rawValue)", total.episodes) }
        try body("pill episodes", pillEpisodes)
        try body("toasts", toasts)
        for (key, count) in silent { try body("silent \(key.name)", count) }
        for (kind, count) in findings { try body("finding \(kind.id)", count) }
    }

    func forEachSum(_ body: (String, Double) throws -> Void) rethrows {
        for (cause, total) in pills { try body("pill ms \(cause.rawValue)", total.ms) }
        try body("pill ms", pillMs)
    }
}

/// What one native log adds to a fleet's report: each native policy's figures
/// (`NativeStatsSections`), with the times to web as a sketch.
package struct NativeLogSummary: Equatable, Sendable {
    package var platform: Platform
    package var records = 0
    package var skippedLines = 0
    package var errorView = ErrorViewSummary()
    /// The time on its error views.
    package var errorViewTime = ErrorViewTimes()
    package var launch = LaunchLogSummary()
    package var findings: [String: Int] = [:]
    /// The line the log was cut at (its `log-cut` finding); `nil` when it ends whole.
    package var cut: Int?
    /// What its collector's folder is missing (its `log-gap` findings), as `WebLogSummary.gaps`.
    package var gaps: [String] = []
    /// What its `meta` and `web-session` records say of it (`stats --by`, `--per-log`); a
    /// partial does not carry it.
    package var identity: LogIdentity?
    /// Why it is in no app session: its `web-session` names pages none of the logs has
    /// (`SessionPairing.unfound`); `nil` otherwise.
    package var unpaired: String?

    package init(platform: Platform) {
        self.platform = platform
    }

    func forEachCount(_ body: (String, Int) throws -> Void) rethrows {
        try body("skipped lines", skippedLines)
        try body("log gaps", gaps.count)
        try NativeStatsSections.All.forEachCount(self, body)
        for (id, count) in findings { try body("native finding \(id)", count) }
    }

    func forEachSum(_ body: (String, Double) throws -> Void) rethrows {
        try NativeStatsSections.All.forEachSum(self, body)
    }
}
