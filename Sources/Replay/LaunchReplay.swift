import LaunchPolicy
import NativeErrorPolicy
import TurboRecording

extension LaunchPolicy {
    /// Feeds one recorded line of a native recording.
    public mutating func feed(_ record: NativeRecord, into output: inout [LaunchRecord]) {
        feed(record, reading: \.launchInput, into: &output)
    }
}

extension NativeConfig {
    /// The launch's settings for a recording that says `recorded` (its `meta`): the platform
    /// as the error view gets it (it classifies `presented` the same way), the stall from
    /// `"launch"`, else the default; the offline code lists as the error view gets them.
    public func launchSettings(recorded: Platform?) -> LaunchSettings {
        LaunchSettings(
            platform: platform ?? recorded ?? .ios, stall: launch.stall ?? LaunchSettings.defaultStall,
            offlineCodes: resolvedOfflineCodes)
    }
}

/// Replays a native recording through a fresh launch policy, with `config` over the
/// recording's `meta`, handing each screen change and decision to `emit` as soon as it is made
/// and each record to `observe` as it is read. A malformed line stops the replay by throwing,
/// after everything decided before it was emitted. Returns the settings the replay used.
@discardableResult
public func replayLaunch(
    _ reader: NativeRecordingReader, config: NativeConfig = NativeConfig(),
    observe: (NativeRecord) throws -> Void = { _ in },
    emit: (LaunchRecord) throws -> Void
) throws -> LaunchSettings {
    // The reader's first record is the meta (it throws otherwise): the platform is known
    // before any input.
    guard let first = try reader.next() else { return config.launchSettings(recorded: nil) }
    try observe(first)
    let settings = config.launchSettings(recorded: reader.meta?.platform)
    var policy = LaunchPolicy(settings: settings)
    try policy.replay(reader, reading: \.launchInput, observe: observe, emit: emit)
    return settings
}

/// The whole launch timeline of the native recording at `path`, for tests and golden checks.
public func launchTimeline(path: String, config: NativeConfig = NativeConfig(), lenient: Bool = false) throws -> [LaunchRecord] {
    var timeline: [LaunchRecord] = []
    try replayLaunch(NativeRecordingReader(path: path, lenient: lenient), config: config) { timeline.append($0) }
    return timeline
}

/// Which records the launch reads; every other record is the passing of time to it.
extension NativeEvent {
    /// What the launch policy reads (launch-policy.md): `launch`, `config`, `bridge`,
    /// `presented`. `app-screen` is the app's own log, compared with the policy, never fed to it.
    public var launchInput: LaunchInput? {
        switch self {
        case .launch(let cold): return .launch(cold: cold)
        case .config(let offseason, let tester): return .config(offseason: offseason, tester: tester)
        case .bridge(let component, let event): return .bridge(component: component, event: event)
        case .presented(let presented): return .presented(surface: presented.surface, error: presented.error)
        case .path, .tapRetry, .dismissed, .foreground, .appRetry, .appScreen, .finish, .urlChange, .cacheClear, .cacheRemove, .webSession, .observed:
            return nil
        }
    }
}
