import ArchiveCachePolicy
import NativeErrorPolicy
import PolicyCore
import TurboRecording

extension ArchiveConfig {
    /// The cache's settings: this config's fields, the contract's defaults for the rest.
    public var settings: ArchiveSettings {
        ArchiveSettings(
            debounce: debounce ?? ArchiveSettings.defaultDebounce, stale: stale ?? ArchiveSettings.defaultStale,
            stripParams: stripParams ?? ArchiveSettings.defaultStripParams,
            maxArchives: maxArchives ?? ArchiveSettings.defaultMaxArchives, offlineCodes: offlineCodes ?? .defaults)
    }
}

extension ArchiveCache {
    /// Feeds one recorded line of a native recording.
    public mutating func feed(_ record: NativeRecord, into output: inout [ArchiveDecision]) {
        feed(record, reading: \.archiveInput, into: &output)
    }
}

/// Why the cache cannot replay a recording: it is iOS-only (WKWebView's
/// `createWebArchiveData()`; Android's WebView caches through another API), so an Android
/// recording — by its `meta`, or by the config — is refused, and no setting makes it iOS.
/// `nil` when the cache applies.
public func archiveRefusal(path: String, meta: NativeMeta?, config: NativeConfig) -> RecordingError? {
    let why = "the web-archive cache is iOS-only (WKWebView's createWebArchiveData; Android's WebView caches through another API)"
    if meta?.platform == .android {
        return RecordingError(.malformed, path: path, line: 1, #"\#(why), and this recording's meta says "platform":"android""#)
    }
    if config.platform == .android {
        return RecordingError(.malformed, path: path, line: nil, #"\#(why), and the config says "platform":"android""#)
    }
    return nil
}

/// Replays a native recording through a fresh cache with `config.archive`'s settings, handing
/// each decision to `emit` as soon as it is made and each record to `observe` as it is read. An
/// Android recording throws before anything is emitted (see `archiveRefusal`); a malformed line
/// stops the replay by throwing, after everything decided before it was emitted. Returns the
/// settings the replay used.
@discardableResult
public func replayArchive(
    _ reader: NativeRecordingReader, config: NativeConfig = NativeConfig(),
    observe: (NativeRecord) throws -> Void = { _ in },
    emit: (ArchiveDecision) throws -> Void
) throws -> ArchiveSettings {
    guard let first = try reader.next() else { return config.archive.settings }
    if let refusal = archiveRefusal(path: reader.path, meta: reader.meta, config: config) { throw refusal }
    try observe(first)
    return try replayArchive(afterMeta: reader, config: config, observe: observe, emit: emit)
}

/// The cache's whole timeline for the native recording at `path`, for tests; `nil` for an
/// Android recording, to which the cache does not apply.
public func archiveTimeline(path: String, config: NativeConfig = NativeConfig(), lenient: Bool = false) throws -> [ArchiveDecision]? {
    var timeline: [ArchiveDecision] = []
    guard try replayArchive(path: path, config: config, lenient: lenient, emit: { timeline.append($0) }) else { return nil }
    return timeline
}

/// The cache's timeline for the native recording at `path`, each decision handed to `emit`
/// as it is made (a golden check streams it); `false`, with nothing emitted, for an Android
/// recording, to which the cache does not apply.
public func replayArchive(
    path: String, config: NativeConfig = NativeConfig(), lenient: Bool = false,
    emit: (ArchiveDecision) throws -> Void
) throws -> Bool {
    let reader = try NativeRecordingReader(path: path, lenient: lenient)
    guard try reader.next() != nil else { return true }
    if archiveRefusal(path: path, meta: reader.meta, config: config) != nil { return false }
    try replayArchive(afterMeta: reader, config: config, observe: { _ in }, emit: emit)
    return true
}

/// The records after the `meta`, through a fresh cache.
@discardableResult
private func replayArchive(
    afterMeta reader: NativeRecordingReader, config: NativeConfig,
    observe: (NativeRecord) throws -> Void,
    emit: (ArchiveDecision) throws -> Void
) throws -> ArchiveSettings {
    var cache = ArchiveCache(settings: config.archive.settings)
    try cache.replay(reader, reading: \.archiveInput, observe: observe, emit: emit)
    return cache.settings
}

/// Which records the web-archive cache reads; every other record is the passing of time to it.
extension NativeEvent {
    /// What the web-archive cache reads (archive-cache-policy.md): `finish`, `url-change`,
    /// `launch`, `cache-clear`, `cache-remove`, and `presented` with its `url`.
    public var archiveInput: ArchiveInput? {
        switch self {
        case .finish(let url): return .finish(url: url)
        case .urlChange(let url): return .urlChange(url: url)
        case .launch: return .launch
        case .cacheClear: return .cacheClear
        case .cacheRemove(let url): return .cacheRemove(url: url)
        case .presented(let presented): return .presented(error: presented.error, url: presented.url)
        case .path, .tapRetry, .dismissed, .foreground, .appRetry, .config, .bridge, .appScreen, .webSession, .observed:
            return nil
        }
    }
}
