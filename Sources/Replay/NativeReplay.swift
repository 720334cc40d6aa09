import NativeErrorPolicy
import PolicyCore
import TurboRecording

extension TimedPolicy {
    /// Feeds one timed record: its input, if the policy reads this record, is sent at its
    /// time; otherwise the record only moves the clock (so a streamed log shows a timer's
    /// decision as soon as time has passed it).
    @inlinable
    public mutating func feed(_ input: Input?, at t: Double, into output: inout [Output]) {
        if let input {
            send(input, at: t, into: &output)
        } else {
            advance(to: t, into: &output)
        }
    }
}

extension TimedPolicy {
    /// Feeds one recorded line of a native recording; `route` says what this policy reads of
    /// it (its `…Input`, declared beside its replay), and a record it does not read only moves the clock.
    public mutating func feed(_ record: NativeRecord, reading route: (NativeEvent) -> Input?, into output: inout [Output]) {
        guard case .timed(let t, let event) = record.event else { return }
        feed(route(event), at: t, into: &output)
    }

    /// Feeds every record `reader` has left, then finishes: the replay loop of every native
    /// policy. Each record goes to `observe` as it is read and each output to `emit` as soon
    /// as it is decided, so a streamed log prints as it arrives; a malformed line throws after
    /// everything decided before it was emitted.
    public mutating func replay(
        _ reader: NativeRecordingReader, reading route: (NativeEvent) -> Input?,
        observe: (NativeRecord) throws -> Void, emit: (Output) throws -> Void
    ) throws {
        var output: [Output] = []
        while let record = try reader.next() {
            try observe(record)
            feed(record, reading: route, into: &output)
            for decided in output { try emit(decided) }
            output.removeAll(keepingCapacity: true)
        }
        finish(into: &output)
        for decided in output { try emit(decided) }
    }
}

extension RetryPolicy {
    /// Feeds one recorded line of a native recording.
    public mutating func feed(_ record: NativeRecord, into output: inout [Decision]) {
        feed(record, reading: \.retryInput, into: &output)
    }

    /// Feeds one recorded line and shows it, and what it decided, to a probe-loop detector
    /// in the order the policy saw them (a loop names the lines of its presentations); each
    /// decision's line goes to `lines`, in step with `output`.
    public mutating func feed(
        _ record: NativeRecord, into output: inout [Decision], lines: inout [Int?], watching detector: inout ProbeLoopDetector
    ) {
        guard case .timed(let t, let event) = record.event else { return }
        if let input = event.retryInput {
            send(input, at: t, line: record.line, into: &output, lines: &lines, watching: &detector)
        } else {
            advance(to: t, into: &output, lines: &lines, watching: &detector)
        }
    }
}

/// The `probe-loop` findings of the native recording at `path` (native-error-policy.md v2),
/// replayed with `config` over its `meta`, by the time of each loop's second probe retry.
public func nativeProbeLoops(path: String, config: NativeConfig = NativeConfig(), lenient: Bool = false) throws -> [ProbeLoop] {
    let reader = try NativeRecordingReader(path: path, lenient: lenient)
    guard try reader.next() != nil else { return [] }
    var policy = RetryPolicy(settings: config.settings(recorded: reader.meta?.platform))
    let limit = OpenViewLimit(config)
    var detector = ProbeLoopDetector()
    var decisions: [Decision] = [], lines: [Int?] = []
    while let record = try reader.next() {
        policy.feed(record, into: &decisions, lines: &lines, watching: &detector)
        try limit.check(policy.openViews, line: record.line, path: reader.path)
        decisions.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
    }
    policy.finish(into: &decisions, lines: &lines)
    for (decision, line) in zip(decisions, lines) { detector.decision(decision, line: line) }
    return detector.finish()
}

/// Replays a native recording through a fresh policy, with `config` over the recording's
/// `meta`, handing each decision to `emit` as soon as it is made and each record to `observe`
/// as it is read. A malformed line stops the replay by throwing, after everything decided
/// before it was emitted. Returns the settings the replay used.
@discardableResult
public func replayNative(
    _ reader: NativeRecordingReader, config: NativeConfig = NativeConfig(),
    observe: (NativeRecord) throws -> Void = { _ in },
    emit: (Decision) throws -> Void
) throws -> PolicySettings {
    // The reader's first record is the meta (it throws otherwise): the platform is known
    // before any input.
    guard let first = try reader.next() else { return config.settings(recorded: nil) }
    try observe(first)
    let settings = config.settings(recorded: reader.meta?.platform)
    var policy = RetryPolicy(settings: settings)
    let limit = OpenViewLimit(config)
    var probed = ProbedSpill()
    var output: [Decision] = []
    while let record = try reader.next() {
        try observe(record)
        guard case .timed(let t, let event) = record.event else { continue }
        let input = event.retryInput
        probed.before(input, &policy)
        // The timers due before the record decided before it: they are emitted even when the
        // record itself is one view over the bound.
        policy.advance(to: t, into: &output)
        for decided in output { try emit(decided) }
        output.removeAll(keepingCapacity: true)
        policy.feed(input, at: t, into: &output)
        probed.after(&policy)
        try limit.check(policy.openViews, line: record.line, path: reader.path)
        for decided in output { try emit(decided) }
        output.removeAll(keepingCapacity: true)
    }
    policy.finish(into: &output)
    for decided in output { try emit(decided) }
    return settings
}

/// The whole decision timeline of the native recording at `path`, for tests and golden checks.
public func nativeTimeline(path: String, config: NativeConfig = NativeConfig(), lenient: Bool = false) throws -> [Decision] {
    var timeline: [Decision] = []
    try replayNative(NativeRecordingReader(path: path, lenient: lenient), config: config) { timeline.append($0) }
    return timeline
}

/// Which records the error view reads: one app log feeds every policy, each takes what its
/// contract names and treats every other record as the passing of time.
extension NativeEvent {
    /// What the error view's retry policy reads (native-error-policy.md): `path`,
    /// `presented`, `tap-retry`, `dismissed`, `foreground`, and (v2.1) `launch`, which ends its state.
    public var retryInput: PolicyInput? {
        switch self {
        case .path(let online): return .path(online: online)
        case .presented(let presented): return .presented(surface: presented.surface, error: presented.error)
        case .tapRetry(let surface): return .tapRetry(surface: surface)
        case .dismissed(let surface): return .dismissed(surface: surface)
        case .foreground: return .foreground
        case .launch: return .launch
        case .appRetry, .config, .bridge, .appScreen, .finish, .urlChange, .cacheClear, .cacheRemove, .webSession, .observed:
            return nil
        }
    }

    /// What only the app's own timing of its error views reads (`shownMs`, `ShownTime`):
    /// the app's `app-retry`, and a page loading (`finish`, or the page's `page-load`
    /// `connect`). The rest of what ends a view there the retry policy reads too.
    public var shownRecord: AppViewRecord? {
        switch self {
        case .appRetry(let retry): return .retried(surface: retry.surface)
        case .finish: return .pageLoaded
        case .bridge(let component, let event): return component == "page-load" && event == "connect" ? .pageLoaded : nil
        case .path, .presented, .tapRetry, .dismissed, .foreground, .launch, .config, .appScreen, .urlChange, .cacheClear,
            .cacheRemove, .webSession, .observed:
            return nil
        }
    }
}
