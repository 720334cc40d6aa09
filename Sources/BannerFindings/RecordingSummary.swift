import OfflineBanner
import PolicyCore
import Replay
import TurboRecording

/// One stretch of time the amber pill was up, from raised to gone.
package struct PillEpisode: Equatable, Sendable {
    package var start: Double
    package var end: Double
    /// What raised it: `offline` (the debounce fired), `fetch-request-error`, `submit-failed`,
    /// `connect-offline`. Relabels while it is up do not change it.
    package var cause: BannerCause
    /// The recording ended with the pill still up; `end` is the end of the recording.
    package var stillUp: Bool

    package init(start: Double, end: Double, cause: BannerCause, stillUp: Bool = false) {
        self.start = start
        self.end = end
        self.cause = cause
        self.stillUp = stillUp
    }

    package var duration: Double { end - start }
}

/// A silent submission decision's reason, with its status when the server answered.
package struct SilentKey: Hashable, Comparable, Sendable {
    package var reason: String
    package var status: Int?

    package init(reason: String, status: Int? = nil) {
        self.reason = reason
        self.status = status
    }

    package init(_ reason: SubmitDecision.SilentReason) {
        self.reason = reason.name
        if case .serverResponse(let status) = reason { self.status = status } else { status = nil }
    }

    /// `success`, `server-response 422`, `server-response` (no integer status), `disconnected`.
    package var name: String { status.map { "\(reason) \($0)" } ?? reason }

    package static func < (a: SilentKey, b: SilentKey) -> Bool {
        if a.reason != b.reason { return a.reason < b.reason }
        return (a.status ?? Int.min) < (b.status ?? Int.min)
    }
}

/// What a recording amounted to: the pill's time up, toasts, silent submissions, findings.
package struct RecordingSummary: Equatable, Sendable {
    /// Records read (lines that held a record, `meta` included).
    package var records = 0
    /// Malformed lines skipped in lenient mode.
    package var skippedLines = 0
    /// The last instant the recording covers: its last record, or a timer that fired after it.
    package var end: Double?
    /// The pill's episodes, added up as they close (a bounded summary, never a list).
    package var pills = PillTotals()
    package var toasts = 0
    package var silent: [SilentKey: Int] = [:]
    package var findings: [BannerFinding.Kind: Int] = [:]
    /// The log's cut, when its last line was cut mid-line: the `log-cut` finding, of the reader's
    /// layer, counted beside the banner's but never in an exit status.
    package var cut: LogCut?
    /// The holes of a collector's folder (`log-gap`, warnings of the reader's layer).
    package var gaps: [LogGap] = []
    /// The config's rules the findings were counted under: they say each one's level.
    package var rules = FindingRules()
    /// What the page's own banner showed, held against the replay: `nil` when the recording has
    /// no `seen`; else the fit (empty when the page's timers agree, or are not consistently off).
    package var seenFit: SeenFit?

    package init() {}

    /// The level `kind`'s findings are reported at (its own, unless a rule changed it).
    package func level(of kind: BannerFinding.Kind) -> FindingLevel {
        rules.level(of: kind.id, kind.level) ?? kind.level
    }

    package var pillTime: Double { pills.ms }

    /// The raising causes in a fixed order, with their total time and episode count.
    package var pillTimeByCause: [(cause: BannerCause, ms: Double, episodes: Int)] {
        Self.raisingCauses.compactMap { cause in pills.total(of: cause).map { (cause, $0.ms, $0.episodes) } }
    }

    /// Every cause that can raise the pill, in the order summaries print them.
    package static let raisingCauses: [BannerCause] = [.offline, .fetchRequestError, .submitFailed, .connectOffline]

    package var silentSorted: [(key: SilentKey, count: Int)] {
        silent.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    package var findingsSorted: [(kind: BannerFinding.Kind, count: Int)] {
        BannerFinding.Kind.allCases.compactMap { kind in findings[kind].map { (kind, $0) } }
    }

    /// The findings counted by level.
    package var findingsByLevel: [FindingLevel: Int] {
        findings.reduce(into: [:]) { $0[level(of: $1.key), default: 0] += $1.value }
    }

    /// The levels of the findings, one per finding: what `FailOn` decides the exit status on.
    package var findingLevels: [FindingLevel] {
        findingsSorted.flatMap { Array(repeating: level(of: $0.kind), count: $0.count) }
    }

    mutating func note(_ decision: SubmitDecision) {
        switch decision.outcome {
        case .toast: toasts += 1
        case .silent(let reason): silent[SilentKey(reason), default: 0] += 1
        }
    }
}
