import OfflineBanner
import PolicyCore
import TurboRecording

/// One stretch of time the amber pill was up, from raised to gone.
public struct PillEpisode: Equatable, Sendable {
    public var start: Double
    public var end: Double
    /// What raised it: `offline` (the debounce fired), `fetch-request-error`, `submit-failed`,
    /// `connect-offline`. Relabels while it is up do not change it.
    public var cause: BannerCause
    /// The recording ended with the pill still up; `end` is the end of the recording.
    public var stillUp: Bool

    public init(start: Double, end: Double, cause: BannerCause, stillUp: Bool = false) {
        self.start = start
        self.end = end
        self.cause = cause
        self.stillUp = stillUp
    }

    public var duration: Double { end - start }
}

/// A silent submission decision's reason, with its status when the server answered.
public struct SilentKey: Hashable, Comparable, Sendable {
    public var reason: String
    public var status: Int?

    public init(reason: String, status: Int? = nil) {
        self.reason = reason
        self.status = status
    }

    public init(_ reason: SubmitDecision.SilentReason) {
        self.reason = reason.name
        if case .serverResponse(let status) = reason { self.status = status } else { status = nil }
    }

    /// `success`, `server-response 422`, `server-response` (no integer status), `disconnected`.
    public var name: String { status.map { "\(reason) \($0)" } ?? reason }

    public static func < (a: SilentKey, b: SilentKey) -> Bool {
        if a.reason != b.reason { return a.reason < b.reason }
        return (a.status ?? Int.min) < (b.status ?? Int.min)
    }
}

/// What a session amounted to: the pill's time up, toasts, silent submissions, findings.
public struct SessionSummary: Equatable, Sendable {
    /// Records read (lines that held a record, `meta` included).
    public var records = 0
    /// Malformed lines skipped in lenient mode.
    public var skippedLines = 0
    /// The last instant the recording covers: its last record, or a timer that fired after it.
    public var end: Double?
    public var pills: [PillEpisode] = []
    public var toasts = 0
    public var silent: [SilentKey: Int] = [:]
    public var findings: [BannerFinding.Kind: Int] = [:]

    public init() {}

    public var pillTime: Double { pills.reduce(0) { $0 + $1.duration } }

    /// The raising causes in a fixed order, with their total time and episode count.
    public var pillTimeByCause: [(cause: BannerCause, ms: Double, episodes: Int)] {
        Self.raisingCauses.compactMap { cause in
            let episodes = pills.filter { $0.cause == cause }
            return episodes.isEmpty ? nil : (cause, episodes.reduce(0) { $0 + $1.duration }, episodes.count)
        }
    }

    /// Every cause that can raise the pill, in the order summaries print them.
    public static let raisingCauses: [BannerCause] = [.offline, .fetchRequestError, .submitFailed, .connectOffline]

    public var silentSorted: [(key: SilentKey, count: Int)] {
        silent.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    public var findingsSorted: [(kind: BannerFinding.Kind, count: Int)] {
        BannerFinding.Kind.allCases.compactMap { kind in findings[kind].map { (kind, $0) } }
    }

    /// The findings counted by level.
    public var findingsByLevel: [FindingLevel: Int] {
        findings.reduce(into: [:]) { $0[$1.key.level, default: 0] += $1.value }
    }

    /// The levels of the findings, one per finding: what `FailOn` decides the exit status on.
    public var findingLevels: [FindingLevel] {
        findingsSorted.flatMap { Array(repeating: $0.kind.level, count: $0.count) }
    }

    mutating func note(_ decision: SubmitDecision) {
        switch decision.outcome {
        case .toast: toasts += 1
        case .silent(let reason): silent[SilentKey(reason), default: 0] += 1
        }
    }
}
