import OfflineBanner
import PolicyCore
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

/// What a session amounted to: the pill's time up, toasts, silent submissions, findings.
package struct SessionSummary: Equatable, Sendable {
    /// Records read (lines that held a record, `meta` included).
    package var records = 0
    /// Malformed lines skipped in lenient mode.
    package var skippedLines = 0
    /// The last instant the recording covers: its last record, or a timer that fired after it.
    package var end: Double?
    package var pills: [PillEpisode] = []
    package var toasts = 0
    package var silent: [SilentKey: Int] = [:]
    package var findings: [BannerFinding.Kind: Int] = [:]
    /// The log's cut, when its last line was cut mid-line: the `log-cut` finding, of the reader's
    /// layer, counted beside the banner's but never in an exit status.
    package var cut: LogCut?

    package init() {}

    package var pillTime: Double { pills.reduce(0) { $0 + $1.duration } }

    /// The raising causes in a fixed order, with their total time and episode count.
    package var pillTimeByCause: [(cause: BannerCause, ms: Double, episodes: Int)] {
        Self.raisingCauses.compactMap { cause in
            let episodes = pills.filter { $0.cause == cause }
            return episodes.isEmpty ? nil : (cause, episodes.reduce(0) { $0 + $1.duration }, episodes.count)
        }
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
        findings.reduce(into: [:]) { $0[$1.key.level, default: 0] += $1.value }
    }

    /// The levels of the findings, one per finding: what `FailOn` decides the exit status on.
    package var findingLevels: [FindingLevel] {
        findingsSorted.flatMap { Array(repeating: $0.kind.level, count: $0.count) }
    }

    mutating func note(_ decision: SubmitDecision) {
        switch decision.outcome {
        case .toast: toasts += 1
        case .silent(let reason): silent[SilentKey(reason), default: 0] += 1
        }
    }
}
