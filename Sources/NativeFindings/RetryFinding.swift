import NativeErrorPolicy
import PolicyCore
import Replay

/// The error view's findings against the app's own `app-retry` lines, with their levels and
/// their rows of docs/native-error-view.md; read by the policies' registry
/// (`PolicyDescription.errorView`). `RetryFinding` holds one with its evidence.
package enum RetryFindingKind: String, CaseIterable, Equatable, Sendable {
    /// The policy retried automatically and the app logged no automatic retry on that
    /// surface within the window: a starved surface, or a "retrying automatically" caption
    /// that was not true.
    case missedRetry = "missed-retry"
    /// The app logged an automatic retry where the policy has none within the window: a
    /// server view hammered, a second retry of one instance, a retry inside the cooldown.
    case unexpectedRetry = "unexpected-retry"

    /// Both are the app off its policy: a user left waiting, or a server hammered.
    package var level: FindingLevel { .warning }

    /// Its row of docs/native-error-view.md's table, after the id: its level, what is left over and why.
    package var docs: [String] {
        switch self {
        case .missedRetry:
            return [
                "warning",
                """
                the policy retried automatically and the app did not within 1 s — the surface that starved after the tunnel, \
                the sheet whose deferred retry was dropped, a "retrying automatically" caption that was not true. A warning: a \
                user was left on an error view the policy would have retried.
                """,
            ]
        case .unexpectedRetry:
            return [
                "warning",
                """
                the app retried automatically where the policy has no automatic retry within 1 s, with what the policy had on \
                that surface then — a `server` view hammered, a second retry of one instance, a retry inside the Android \
                cooldown, an offline view whose retry was not due. A warning: the app is off its policy, and a server may be \
                taking the load.
                """,
            ]
        }
    }

    /// The error view's findings, as every list of them needs them: the app's retries against
    /// the policy, then the policy's own probe loops (`ProbeLoop`, a finding of the pure policy).
    package static let findings: [FindingDescription] =
        allCases.map { FindingDescription(id: $0.rawValue, level: $0.level, docs: $0.docs) } + [
            FindingDescription(
                id: ProbeLoop.finding, level: ProbeLoop.level,
                docs: [
                    "warning",
                    """
                    the policy itself polls: two or more probe retries on one surface with no edge between \
                    ([above](#the-probe-once-variant-and-the-probe-loop-finding)). Raised whether or not the app logs its retries. \
                    A warning, not info: the design does not want it ("never a polling loop"), a server that cannot answer is asked \
                    again every few seconds for as long as the path stays up, and each fresh view tells the user it is retrying \
                    when it will fail the same way; `--variant probe-once` shows what the change would do \
                    (`turbo-replay whatif --variant probe-once LOGS`).
                    """,
                ])
        ]
}

/// What the policy had on a surface at some moment (timers due by then having fired): why an
/// automatic retry the app logged there was not the policy's.
package enum PolicyState: Equatable, Sendable {
    /// No error view on the surface: never presented, dismissed, or replaced.
    case noView
    /// A `server` view, which never retries by itself.
    case serverView
    /// A 401: no view at all, the auth shell has it.
    case authShell
    /// The surface's instance was already retried at this time (single-shot).
    case alreadyRetried(at: Double)
    /// The instance waits for the Android cooldown, until this time.
    case cooldown(until: Double)
    /// An offline view whose retry is not due yet: due at this time, or `nil` when it waits
    /// for an edge.
    case notDue(at: Double?)

    package var name: String {
        switch self {
        case .noView: return "no-view"
        case .serverView: return "server-view"
        case .authShell: return "auth-shell"
        case .alreadyRetried: return "already-retried"
        case .cooldown: return "cooldown"
        case .notDue: return "not-due"
        }
    }

    /// Why the policy has no automatic retry here, in words.
    package var explanation: String {
        switch self {
        case .noView: return "no error view on this surface"
        case .serverView: return "a server view never retries by itself"
        case .authShell: return "a 401 shows no view (the auth shell has it)"
        case .alreadyRetried(let t): return "the policy already retried this instance at \(formatMilliseconds(t)) (single-shot)"
        case .cooldown(let until): return "inside the cooldown: the policy waits until \(formatMilliseconds(until))"
        case .notDue(let t?): return "the offline view's retry is due at \(formatMilliseconds(t))"
        case .notDue(nil): return "the offline view waits for the path to come back"
        }
    }

    /// The time the state names, if any.
    package var at: Double? {
        switch self {
        case .alreadyRetried(let t), .cooldown(let t): return t
        case .notDue(let t): return t
        case .noView, .serverView, .authShell: return nil
        }
    }
}

/// A disagreement between the policy and the app's own `app-retry` lines.
package struct RetryFinding: Equatable, Sendable {
    package typealias Kind = RetryFindingKind

    package enum Detail: Equatable, Sendable {
        /// The policy's retry and its trigger.
        case missed(RetryTrigger)
        /// The app's `app-retry` line, and what the policy had on the surface then.
        case unexpected(line: Int, policy: PolicyState)

        var isMissed: Bool {
            if case .missed = self { return true }
            return false
        }
    }

    /// The policy's retry time (missed), or the app's log time (unexpected).
    package var t: Double
    package var surface: String
    package var detail: Detail
    /// The line a missed retry rests on: the `presented` of the view the policy retried (`nil`
    /// where the comparison was not told it).
    package var presentedLine: Int?

    package init(t: Double, surface: String, detail: Detail, presentedLine: Int? = nil) {
        self.t = t
        self.surface = surface
        self.detail = detail
        self.presentedLine = presentedLine
        level = (detail.isMissed ? Kind.missedRetry : Kind.unexpectedRetry).level
    }

    /// The line the finding rests on: the app's `app-retry` (unexpected), the view's
    /// `presented` (missed).
    package var line: Int? {
        switch detail {
        case .missed: return presentedLine
        case .unexpected(let line, _): return line
        }
    }

    /// What it means, in a sentence.
    package var message: String {
        switch detail {
        case .missed(let trigger):
            return "The policy retried automatically (\(trigger.rawValue)); the app logged no automatic retry here within 1 s."
        case .unexpected(_, let policy):
            return "The app retried automatically; the policy has no automatic retry here within 1 s: \(policy.explanation)."
        }
    }

    package var kind: Kind { detail.isMissed ? .missedRetry : .unexpectedRetry }

    /// Its kind's level, unless a config's rule gave it another (`FindingRules`).
    package var level: FindingLevel
}

extension RetryFinding: CustomStringConvertible {
    /// A finding as one JSON line: `t`, `surface`, `finding`, `level`, then its details.
    package var jsonLine: String {
        var line = JSONLine()
        line.number("t", t)
        line.string("surface", surface)
        line.string("finding", kind.rawValue)
        line.string("level", level.rawValue)
        if let at = self.line { line.integer("line", at) }
        switch detail {
        case .missed(let trigger):
            line.string("trigger", trigger.rawValue)
        case .unexpected(_, let policy):
            line.string("policy", policy.name)
            if let t = policy.at { line.number("at", t) }
        }
        line.string("message", message)
        return line.text
    }

    package var description: String { jsonLine }
}
