import NativeErrorPolicy
import PolicyCore
import Replay
import TurboRecording

/// What the policy had on a surface at some moment (timers due by then having fired): why an
/// automatic retry the app logged there was not the policy's.
public enum PolicyState: Equatable, Sendable {
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

    public var name: String {
        switch self {
        case .noView: return "no-view"
        case .serverView: return "server-view"
        case .authShell: return "auth-shell"
        case .alreadyRetried: return "already-retried"
        case .cooldown: return "cooldown"
        case .notDue: return "not-due"
        }
    }

    /// The time the state names, if any.
    public var at: Double? {
        switch self {
        case .alreadyRetried(let t), .cooldown(let t): return t
        case .notDue(let t): return t
        case .noView, .serverView, .authShell: return nil
        }
    }
}

/// A disagreement between the policy and the app's own `app-retry` lines.
public struct RetryFinding: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Equatable, Sendable {
        /// The policy retried automatically and the app logged no automatic retry on that
        /// surface within the window: a starved surface, or a "retrying automatically" caption
        /// that was not true.
        case missedRetry = "missed-retry"
        /// The app logged an automatic retry where the policy has none within the window: a
        /// server view hammered, a second retry of one instance, a retry inside the cooldown.
        case unexpectedRetry = "unexpected-retry"

        /// Both are the app off its policy: a user left waiting, or a server hammered.
        public var level: FindingLevel { .warning }
    }

    public enum Detail: Equatable, Sendable {
        /// The policy's retry and its trigger.
        case missed(RetryTrigger)
        /// The app's `app-retry` line, and what the policy had on the surface then.
        case unexpected(line: Int, policy: PolicyState)
    }

    /// The policy's retry time (missed), or the app's log time (unexpected).
    public var t: Double
    public var surface: String
    public var detail: Detail

    public init(t: Double, surface: String, detail: Detail) {
        self.t = t
        self.surface = surface
        self.detail = detail
    }

    public var kind: Kind {
        if case .missed = detail { return .missedRetry }
        return .unexpectedRetry
    }

    public var level: FindingLevel { kind.level }
}

/// An automatic retry the app logged, with what the policy had on its surface at that moment.
public struct LoggedRetry: Equatable, Sendable {
    public var line: Int
    public var t: Double
    public var surface: String
    public var policy: PolicyState

    public init(line: Int, t: Double, surface: String, policy: PolicyState) {
        self.line = line
        self.t = t
        self.surface = surface
        self.policy = policy
    }
}

/// Pairs the policy's automatic retries with the app's, surface by surface, each at most once,
/// when they are at most `window` ms apart; what is left over is a finding. Both lists are in
/// time order. Taking the earliest of each in turn pairs as many as any pairing could.
public func retryFindings(decisions: [Decision], appRetries: [LoggedRetry], window: Double = 1000) -> [RetryFinding] {
    var policyBySurface: [String: [(t: Double, trigger: RetryTrigger)]] = [:]
    var surfaces: [String] = []
    for decision in decisions {
        guard case .retry(.automatic(let trigger)) = decision.outcome else { continue }
        if policyBySurface[decision.surface] == nil { surfaces.append(decision.surface) }
        policyBySurface[decision.surface, default: []].append((decision.t, trigger))
    }
    var appBySurface: [String: [LoggedRetry]] = [:]
    for retry in appRetries {
        if policyBySurface[retry.surface] == nil && appBySurface[retry.surface] == nil { surfaces.append(retry.surface) }
        appBySurface[retry.surface, default: []].append(retry)
    }

    var findings: [RetryFinding] = []
    for surface in surfaces {
        let policy = policyBySurface[surface] ?? [], app = appBySurface[surface] ?? []
        var i = 0, j = 0
        while i < policy.count || j < app.count {
            if i < policy.count, j < app.count, abs(policy[i].t - app[j].t) <= window {
                i += 1; j += 1
            } else if j == app.count || (i < policy.count && policy[i].t < app[j].t) {
                findings.append(RetryFinding(t: policy[i].t, surface: surface, detail: .missed(policy[i].trigger)))
                i += 1
            } else {
                findings.append(RetryFinding(t: app[j].t, surface: surface,
                                             detail: .unexpected(line: app[j].line, policy: app[j].policy)))
                j += 1
            }
        }
    }
    // In time order; a tie keeps the surfaces' order of first appearance.
    return findings.enumerated().sorted { ($0.element.t, $0.offset) < ($1.element.t, $1.offset) }.map(\.element)
}

/// What `explain` says about a native recording.
public struct NativeExplanation: Equatable, Sendable {
    public var settings: PolicySettings
    public var decisions: [Decision]
    /// The app's automatic retries.
    public var loggedAutomatic: [LoggedRetry]
    /// How many `app-retry` lines the recording has, automatic and manual. With none there is
    /// nothing to compare, and no findings.
    public var appRetryLines: Int
    public var findings: [RetryFinding]
    /// Records read, `meta` included.
    public var records: Int
}

/// Replays a native recording and compares the policy's automatic retries with the app's
/// `app-retry` lines (when it has any). `observe` sees every record as it is read, so that the
/// other native policies' analyses ride along the same pass.
public func explainNative(_ reader: NativeRecordingReader, config: NativeConfig = NativeConfig(),
                          window: Double = 1000, observe: (NativeRecord) -> Void = { _ in }) throws -> NativeExplanation {
    var settings = config.settings(recorded: nil)
    var policy: RetryPolicy?
    var decisions: [Decision] = []
    var logged: [LoggedRetry] = []
    var appRetryLines = 0
    var records = 0
    while let record = try reader.next() {
        records += 1
        observe(record)
        guard var current = policy else {
            // The first record is the meta: the platform is known before any input.
            settings = config.settings(recorded: reader.meta?.platform)
            policy = RetryPolicy(settings: settings)
            continue
        }
        current.feed(record, into: &decisions)
        if case .timed(let t, .appRetry(let retry)) = record.event {
            appRetryLines += 1
            if retry.kind == .auto {
                logged.append(LoggedRetry(line: record.line, t: t, surface: retry.surface,
                                          policy: state(of: current, on: retry.surface, after: decisions)))
            }
        }
        policy = current
    }
    policy?.finish(into: &decisions)
    let findings = appRetryLines == 0 ? [] : retryFindings(decisions: decisions, appRetries: logged, window: window)
    return NativeExplanation(settings: settings, decisions: decisions, loggedAutomatic: logged,
                             appRetryLines: appRetryLines, findings: findings, records: records)
}

private func state(of policy: RetryPolicy, on surface: String, after decisions: [Decision]) -> PolicyState {
    if let instance = policy.instance(on: surface) {
        if instance.variant == .server { return .serverView }
        if let wait = instance.wait { return .cooldown(until: wait.due) }
        return .notDue(at: [instance.settle?.due, instance.probe?.due].compactMap { $0 }.min())
    }
    guard let last = decisions.last(where: { $0.surface == surface }) else { return .noView }
    switch last.outcome {
    case .retry: return .alreadyRetried(at: last.t)
    case .view(.none): return .authShell
    default: return .noView
    }
}

extension RetryFinding: CustomStringConvertible {
    /// A finding as one JSON line: `t`, `surface`, `finding`, `level`, then its details.
    public var jsonLine: String {
        var line = JSONLine()
        line.number("t", t)
        line.string("surface", surface)
        line.string("finding", kind.rawValue)
        line.string("level", level.rawValue)
        switch detail {
        case .missed(let trigger):
            line.string("trigger", trigger.rawValue)
        case .unexpected(let at, let policy):
            line.integer("line", at)
            line.string("policy", policy.name)
            if let t = policy.at { line.number("at", t) }
        }
        return line.text
    }

    public var description: String { jsonLine }
}
