import NativeErrorPolicy
import PolicyCore
import Replay
import TurboRecording

/// An automatic retry the app logged, with what the policy had on its surface at that moment.
package struct LoggedRetry: Equatable, Sendable {
    package var line: Int
    package var t: Double
    package var surface: String
    package var policy: PolicyState

    package init(line: Int, t: Double, surface: String, policy: PolicyState) {
        self.line = line
        self.t = t
        self.surface = surface
        self.policy = policy
    }
}

/// Pairs the policy's automatic retries with the app's, surface by surface, each at most once,
/// when they are at most `window` ms apart; what is left over is a finding. Both lists are in
/// time order. Taking the earliest of each in turn pairs as many as any pairing could.
package func retryFindings(decisions: [Decision], appRetries: [LoggedRetry], window: Double = 1000) -> [RetryFinding] {
    var comparison = RetryComparison(window: window)
    var i = 0
    for decision in decisions {
        guard case .retry(.automatic(let trigger)) = decision.outcome else { continue }
        while i < appRetries.count, appRetries[i].t < decision.t {
            comparison.app(appRetries[i])
            i += 1
        }
        comparison.policy(t: decision.t, surface: decision.surface, trigger: trigger)
    }
    for retry in appRetries[i...] { comparison.app(retry) }
    return comparison.finish()
}

/// The pairing of `retryFindings`, as a stream: retries go in as the replay decides them (the
/// policy's) and reads them (the app's), and a finding comes out as soon as no later record
/// can pair it otherwise. Only the retries of the last `window` ms are held, surface by
/// surface, so a log of any length is compared in flat memory. Findings come out in time
/// order (a tie in the order the surfaces first appeared).
package struct RetryComparison: Sendable {
    package let window: Double
    /// The order of the surfaces with something pending, by when each last became pending: a
    /// surface leaves it when nothing of it is held, so it is bounded by the pending surfaces,
    /// not by every surface the log ever named.
    private var order: [ByteString: Int] = [:]
    private var nextOrder = 0
    private var policy: [ByteString: [(t: Double, trigger: RetryTrigger, line: Int?)]] = [:]
    private var app: [ByteString: [LoggedRetry]] = [:]
    /// The surfaces with something pending.
    private var pending: Set<ByteString> = []
    /// Decided, not yet handed out: an earlier finding on another surface may still come.
    private var decided: [(finding: RetryFinding, order: Int)] = []

    package init(window: Double = 1000) {
        self.window = window
    }

    /// An automatic retry of the policy.
    /// `line`: the `presented` of the view it retries, what a missed one rests on.
    package mutating func policy(t: Double, surface: String, trigger: RetryTrigger, line: Int? = nil) {
        note(ByteString(surface))
        policy[ByteString(surface), default: []].append((t, trigger, line))
    }

    /// An automatic retry the app logged.
    package mutating func app(_ retry: LoggedRetry) {
        note(ByteString(retry.surface))
        app[ByteString(retry.surface), default: []].append(retry)
    }

    /// The replay has reached `now`: every retry still to come is at or after it. Returns the
    /// findings no later retry can change, in time order.
    package mutating func advance(to now: Double) -> [RetryFinding] {
        guard !pending.isEmpty || !decided.isEmpty else { return [] }
        for surface in pending { resolve(surface, now: now) }
        let bound = pending.reduce(now) { bound, surface in
            min(bound, policy[surface]?.first?.t ?? .infinity, app[surface]?.first?.t ?? .infinity)
        }
        return take { $0.t < bound }
    }

    /// The end of the log: nothing more will come, so whatever is left over is a finding.
    package mutating func finish() -> [RetryFinding] {
        for surface in pending { resolve(surface, now: nil) }
        return take { _ in true }
    }

    /// Surfaces with anything held: bounded by the surfaces with a retry within the window.
    package var retainedSurfaces: Int { order.count + policy.count + app.count }

    private mutating func note(_ surface: ByteString) {
        if order[surface] == nil {
            order[surface] = nextOrder
            nextOrder += 1
        }
        pending.insert(surface)
    }

    /// Takes the earliest of each side in turn, as far as `now` allows (`nil`: the end): a
    /// retry with nothing on the other side is left over only once nothing can come within
    /// the window.
    private mutating func resolve(_ surface: ByteString, now: Double?) {
        var policy = self.policy[surface] ?? [], app = self.app[surface] ?? []
        var i = 0, j = 0
        let window = self.window
        func settled(_ t: Double) -> Bool { now.map { $0 > t + window } ?? true }
        while true {
            if i < policy.count, j < app.count {
                if abs(policy[i].t - app[j].t) <= window {
                    i += 1; j += 1
                } else if policy[i].t < app[j].t {
                    missed(policy[i], on: surface.text); i += 1
                } else {
                    unexpected(app[j]); j += 1
                }
            } else if i < policy.count, settled(policy[i].t) {
                missed(policy[i], on: surface.text); i += 1
            } else if j < app.count, settled(app[j].t) {
                unexpected(app[j]); j += 1
            } else {
                break
            }
        }
        policy.removeFirst(i)
        app.removeFirst(j)
        if policy.isEmpty && app.isEmpty {
            self.policy[surface] = nil
            self.app[surface] = nil
            pending.remove(surface)
            order[surface] = nil
        } else {
            self.policy[surface] = policy
            self.app[surface] = app
        }
    }

    private mutating func missed(_ retry: (t: Double, trigger: RetryTrigger, line: Int?), on surface: String) {
        decided.append(
            (RetryFinding(t: retry.t, surface: surface, detail: .missed(retry.trigger), presentedLine: retry.line), order[ByteString(surface)] ?? 0))
    }

    private mutating func unexpected(_ retry: LoggedRetry) {
        decided.append(
            (
                RetryFinding(t: retry.t, surface: retry.surface, detail: .unexpected(line: retry.line, policy: retry.policy)),
                order[ByteString(retry.surface)] ?? 0
            ))
    }

    private mutating func take(_ ready: (RetryFinding) -> Bool) -> [RetryFinding] {
        guard !decided.isEmpty else { return [] }
        decided.sort { ($0.finding.t, $0.order) < ($1.finding.t, $1.order) }
        let count = decided.prefix(while: { ready($0.finding) }).count
        defer { decided.removeFirst(count) }
        return decided.prefix(count).map(\.finding)
    }
}

/// A native log's retry half of `explain`, fed one record at a time: the retry policy replayed,
/// its automatic retries held against the app's `app-retry` lines, and its probe loops found.
/// Each finding is handed out as soon as it is decided and only a window of pending retries is
/// held, so a log of any length is explained in flat memory.
///
/// A log can be cut (a crash, a log rotation, a copy taken mid-session). What the policy
/// decides after its last record (the timers `finish()` fires) is not held against the app,
/// which had no chance to log it: those decisions come out as `afterEnd`, and are neither
/// findings nor counted.
package struct NativeExplainer: Sendable {
    /// What comes out of the explanation, as soon as it is decided.
    package enum Event: Equatable, Sendable {
        case retry(RetryFinding)
        case probeLoop(ProbeLoop)
        /// A decision of the policy after the log's last record (`end`).
        case afterEnd(Decision)
    }

    package private(set) var settings: PolicySettings
    /// Records read, `meta` included.
    package private(set) var records = 0
    /// How many `app-retry` lines the log has, automatic and manual. With none there is
    /// nothing to compare, and no retry findings (probe loops need none).
    package private(set) var appRetryLines = 0
    /// The app's automatic retries.
    package private(set) var loggedAutomatic = 0
    /// The policy's automatic retries up to the end of the log.
    package private(set) var automaticRetries = 0
    /// The `t` of the log's last record.
    package private(set) var end: Double?
    /// Levels of the findings handed out, in order.
    package private(set) var levels: [FindingLevel] = []

    private let config: NativeConfig
    private var policy: RetryPolicy?
    private var detector = ProbeLoopDetector()
    /// The detector's runs on surfaces with no view, past a bound: a log probing ever new
    /// surfaces with no edge holds them on disk, not in the detector.
    private var idleRuns: IdleProbeRuns
    /// Under `probe-once`, the policy's surfaces probed since the last edge, past a bound.
    private var probedSurfaces: ProbedSpill
    private var comparison: RetryComparison
    /// Each surface's last decision, when it is one an unexpected retry's state reads (a retry,
    /// or no view at all); any other last decision reads as "no view", so it is not kept: a log
    /// of a million surfaces each presented and dismissed holds none of them. A log of a million
    /// surfaces each retried holds them all, past a few thousand on disk.
    private var last: RetriedSurfaces
    /// The bound on views open at once (`--max-open-views`), which the caller checks after
    /// each record (`checkOpenViews`).
    private let limit: OpenViewLimit
    /// Retry findings decided before the log's first `app-retry` line: they are findings only
    /// once one comes (an app that logs no retries has nothing to compare). Past a few thousand
    /// they wait on disk, so a log with no `app-retry` line is explained in flat memory.
    private var held: HeldRetryFindings
    private var output: [Decision] = []
    /// The line each decision in `output` rests on: the `presented` of its view, which the
    /// policy keeps in the view's instance (what a missed retry names), so no table of lines
    /// is kept here beside it.
    private var outputLines: [Int?] = []
    /// The config's `findings`, as the command checked them.
    private let rules: FindingRules

    /// `heldInMemory`: how many findings waiting for an `app-retry` line stay in memory before
    /// they go to disk (tests make it small).
    package init(
        config: NativeConfig = NativeConfig(), window: Double = 1000, heldInMemory: Int = HeldRetryFindings.inMemory,
        surfacesInMemory: Int = RetriedSurfaces.inMemory
    ) {
        self.config = config
        last = RetriedSurfaces(inMemory: surfacesInMemory)
        idleRuns = IdleProbeRuns(inMemory: surfacesInMemory)
        probedSurfaces = ProbedSpill(inMemory: surfacesInMemory)
        rules = FindingRules(checked: config.findings)
        settings = config.settings(recorded: nil)
        comparison = RetryComparison(window: window)
        held = HeldRetryFindings(inMemory: heldInMemory)
        limit = OpenViewLimit(config)
    }

    /// Error views open now, in the explainer's policy.
    package var openViews: Int { policy?.openViews ?? 0 }

    /// Throws the data error of `OpenViewLimit` when `record` (just fed, read from `path`) left
    /// more views open than the bound: every caller's loop asks after each record.
    package func checkOpenViews(after record: NativeRecord, path: String) throws {
        try limit.check(openViews, line: record.line, path: path)
    }

    /// One record. `decided` sees each decision of the policy up to the end of the log, as it
    /// is made; `emit` each finding.
    package mutating func feed(
        _ record: NativeRecord, decided: (Decision) throws -> Void = { _ in },
        emit: (Event) throws -> Void
    ) rethrows {
        records += 1
        guard var current = policy else {
            // The first record is the meta: the platform is known before any input.
            var platform: Platform?
            if case .meta(let meta) = record.event { platform = meta.platform }
            settings = config.settings(recorded: platform)
            policy = RetryPolicy(settings: settings)
            return
        }
        guard case .timed(let t, let event) = record.event else { return }
        end = t
        policy = nil  // `current` is the only copy while it changes: no copy-on-write of its heap
        // A run of the surface's held elsewhere comes back before its view can probe again.
        if case .presented(let surface, _)? = event.retryInput { idleRuns.restore(surface, into: &detector) }
        probedSurfaces.before(event.retryInput, &current)
        let runsEnded = detector.runsEnded
        current.feed(record, into: &output, lines: &outputLines, watching: &detector)
        probedSurfaces.after(&current)
        for (decision, line) in zip(output, outputLines) { try take(decision, line: line, decided: decided) }
        output.removeAll(keepingCapacity: true)
        outputLines.removeAll(keepingCapacity: true)
        if case .appRetry(let retry) = event {
            appRetryLines += 1
            if retry.kind == .auto {
                loggedAutomatic += 1
                comparison.app(
                    LoggedRetry(
                        line: record.line, t: t, surface: retry.surface,
                        policy: state(of: current, on: retry.surface)))
            }
        }
        policy = current
        if !held.isEmpty && appRetryLines > 0 { try release(emit: emit) }
        for finding in comparison.advance(to: t) { try report(finding, emit: emit) }
        if detector.runsEnded != runsEnded {
            // The runs held apart ended too: their loops come out among the detector's.
            var ended = idleRuns.end(merging: detector.takeEndedInOrder(), loopsBegun: detector.loopsBegun)
            while let loop = ended.next() { try report(loop, emit: emit) }
        } else {
            for loop in detector.takeEnded() { try report(loop, emit: emit) }
        }
        // Only now, so that every run held apart began before the edge it ends at.
        idleRuns.relieve(&detector, policy: current)
    }

    /// The end of the log: the timers still pending fire; what is due after the last record
    /// comes out as `afterEnd`, after the last findings.
    package mutating func finish(decided: (Decision) throws -> Void = { _ in }, emit: (Event) throws -> Void) rethrows {
        guard var current = policy else { return }
        policy = nil
        current.finish(into: &output, lines: &outputLines)
        policy = current
        var late: [Decision] = []
        for (decision, line) in zip(output, outputLines) {
            if let end, decision.t > end {
                // Still paired with an app retry logged just before the end; a missed one is
                // dropped below, since the app could not have logged it.
                if case .retry(.automatic(let trigger)) = decision.outcome {
                    comparison.policy(t: decision.t, surface: decision.surface, trigger: trigger, line: line)
                }
                late.append(decision)
            } else {
                detector.decision(decision, line: line)
                try take(decision, line: line, decided: decided)
            }
        }
        output.removeAll()
        outputLines.removeAll()
        for finding in comparison.finish() where end.map({ finding.t <= $0 }) ?? true { try report(finding, emit: emit) }
        held.removeAll()
        var ended = idleRuns.end(merging: detector.finishInOrder(), loopsBegun: detector.loopsBegun)
        while let loop = ended.next() { try report(loop, emit: emit) }
        for decision in late { try emit(.afterEnd(decision)) }
    }

    /// What is held per surface (`last`, the open views) and per pending retry: flat on a log
    /// of any length, whatever its shape, once its open views are bounded (the growth tests
    /// read it).
    package var retainedSurfaces: Int {
        last.inMemoryCount + openViews + comparison.retainedSurfaces + detector.retainedSurfaces + idleRuns.inMemoryCount
    }

    private mutating func take(_ decision: Decision, line: Int?, decided: (Decision) throws -> Void) rethrows {
        switch decision.outcome {
        case .retry: last[ByteString(decision.surface)] = .retried(at: decision.t)
        case .view(.none): last[ByteString(decision.surface)] = .authShell
        default: last[ByteString(decision.surface)] = nil
        }
        if case .retry(.automatic(let trigger)) = decision.outcome {
            automaticRetries += 1
            comparison.policy(t: decision.t, surface: decision.surface, trigger: trigger, line: line)
        }
        try decided(decision)
    }

    private mutating func report(_ finding: RetryFinding, emit: (Event) throws -> Void) rethrows {
        guard appRetryLines > 0 else {
            held.append(finding)
            return
        }
        // The config's `findings` may switch it off or change its level.
        guard let level = rules.level(of: finding.kind.rawValue, finding.level) else { return }
        var finding = finding
        finding.level = level
        levels.append(level)
        try emit(.retry(finding))
    }

    /// The log's first `app-retry` line: what was held is a finding after all.
    private mutating func release(emit: (Event) throws -> Void) rethrows {
        var earlier = held
        held = HeldRetryFindings()
        try earlier.release { try report($0, emit: emit) }
    }

    /// Findings waiting for an `app-retry` line, in memory (the growth tests read it).
    package var heldInMemory: Int { held.inMemoryCount }

    private mutating func report(_ loop: ProbeLoop, emit: (Event) throws -> Void) rethrows {
        guard let level = rules.level(of: ProbeLoop.finding, ProbeLoop.level) else { return }
        levels.append(level)
        try emit(.probeLoop(loop))
    }

    private func state(of policy: RetryPolicy, on surface: String) -> PolicyState {
        if let instance = policy.instance(on: surface) {
            if instance.variant == .server { return .serverView }
            if let wait = instance.wait { return .cooldown(until: wait.due) }
            return .notDue(at: [instance.settle?.due, instance.probe?.due].compactMap { $0 }.min())
        }
        switch last[ByteString(surface)] {
        case .retried(let t)?: return .alreadyRetried(at: t)
        case .authShell?: return .authShell
        case nil: return .noView
        }
    }
}

/// What `explain` says about a native recording, read whole: for tests and for the reports
/// that need every decision (`render`). `explain` itself streams through `NativeExplainer`.
package struct NativeExplanation: Equatable, Sendable {
    package var settings: PolicySettings
    /// Up to the end of the log.
    package var decisions: [Decision]
    /// After the log's last record: not compared.
    package var afterEnd: [Decision]
    /// How many automatic `app-retry` lines the log has.
    package var loggedAutomatic: Int
    /// How many `app-retry` lines the recording has, automatic and manual. With none there is
    /// nothing to compare, and no retry findings.
    package var appRetryLines: Int
    package var findings: [RetryFinding]
    package var probeLoops: [ProbeLoop]
    /// Records read, `meta` included.
    package var records: Int
    /// The `t` of the last record.
    package var end: Double?
}

/// Replays a native recording and compares the policy's automatic retries with the app's
/// `app-retry` lines (when it has any), and finds its probe loops. `observe` sees every record
/// as it is read, so that the other native policies' analyses ride along the same pass.
package func explainNative(
    _ reader: NativeRecordingReader, config: NativeConfig = NativeConfig(),
    window: Double = 1000, observe: (NativeRecord) -> Void = { _ in }
) throws -> NativeExplanation {
    var explainer = NativeExplainer(config: config, window: window)
    var decisions: [Decision] = [], afterEnd: [Decision] = [], findings: [RetryFinding] = [], loops: [ProbeLoop] = []
    let collect: (NativeExplainer.Event) -> Void = { event in
        switch event {
        case .retry(let finding): findings.append(finding)
        case .probeLoop(let loop): loops.append(loop)
        case .afterEnd(let decision): afterEnd.append(decision)
        }
    }
    while let record = try reader.next() {
        observe(record)
        explainer.feed(record, decided: { decisions.append($0) }, emit: collect)
        try explainer.checkOpenViews(after: record, path: reader.path)
    }
    explainer.finish(decided: { decisions.append($0) }, emit: collect)
    return NativeExplanation(
        settings: explainer.settings, decisions: decisions, afterEnd: afterEnd,
        loggedAutomatic: explainer.loggedAutomatic, appRetryLines: explainer.appRetryLines,
        findings: findings, probeLoops: loops, records: explainer.records, end: explainer.end)
}
