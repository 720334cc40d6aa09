import AppSession
import NativeErrorPolicy
import OfflineBanner
import TurboRecording

/// How to replay one app session (app-session.md): each log's own settings, how to align
/// them, and the session's threshold.
public struct SessionOptions: Equatable, Sendable {
    /// The banner's settings for the web recording (copy, timings, variant).
    public var banner: BannerSettings
    /// The error view's settings for the native log, over its `meta`.
    public var native: NativeConfig
    /// Δ in milliseconds, instead of the two `startedAt` (which are then not read).
    public var offsetMs: Double?
    public var session: SessionSettings
    /// Skip malformed lines (each reported to `onSkip`) instead of stopping at the first.
    public var lenient: Bool

    public init(
        banner: BannerSettings = BannerSettings(), native: NativeConfig = NativeConfig(), offsetMs: Double? = nil,
        session: SessionSettings = SessionSettings(), lenient: Bool = false
    ) {
        self.banner = banner
        self.native = native
        self.offsetMs = offsetMs
        self.session = session
        self.lenient = lenient
    }
}

extension SessionOptions {
    /// A session config file's settings (`--config`, `NAME.session.config.json`).
    public init(config: SessionConfig, lenient: Bool = false) {
        self.init(
            banner: config.web.settings(), native: config.native, offsetMs: config.offsetMs,
            session: SessionSettings(
                lateMs: config.lateMs ?? SessionSettings.defaultLateMs,
                skewToleranceMs: config.skewToleranceMs ?? SessionSettings.defaultSkewToleranceMs),
            lenient: lenient)
    }
}

/// What reads each log for its own findings in the same pass as the session (app-session.md
/// v1.1: each layer's findings, as `explain` reports them on that log alone). It sees every
/// record the session's readers accept; `findings(offset:)` comes after both logs are read.
public protocol SessionLayerExplainer {
    mutating func feed(web record: Record)
    mutating func finishWeb(skipped: Int, cut: Int?)
    mutating func feed(native record: NativeRecord)
    mutating func finishNative(skipped: Int, cuts: [LogCut])
    /// Both layers' findings, the native ones moved by `offset`.
    func findings(offset: Double) -> [LayerFinding]
}

/// Replays the page's recording at `webPath` and the app's log at `nativePath`, each by itself
/// through its own policy, and reads the two on the web recording's clock. This is what
/// `turbo-replay session WEB NATIVE` runs.
///
/// Throws a `RecordingError` naming the file (and line, where there is one) when a file cannot
/// be read (`.unreadable`), a line is malformed, the two are given the wrong way round, or the
/// session cannot be aligned (no `offsetMs`, and a `meta` without a `startedAt` in the exact
/// form) — all `.malformed`.
public func replaySession(
    web webPath: String, native nativePath: String, options: SessionOptions = SessionOptions(),
    onSkip: @escaping (RecordingError) -> Void = { _ in },
    onCut: (_ path: String, _ cut: LogCut) -> Void = { _, _ in },
    explaining explainer: (any SessionLayerExplainer)? = nil
) throws -> AppSession {
    var explainer = explainer
    let logs = try openSessionLogs(web: webPath, native: nativePath)
    return try replaySessionWhole(web: logs.web, native: logs.native, options: options, onSkip: onSkip, onCut: onCut, explaining: &explainer)
}

/// `replaySession` of the two logs `openSessionLogs` opened, the explainer read back by the caller.
func replaySessionWhole(
    web webLines: JSONLines, native nativeLines: JSONLines, options: SessionOptions,
    onSkip: @escaping (RecordingError) -> Void, onCut: (_ path: String, _ cut: LogCut) -> Void,
    explaining explainer: inout (any SessionLayerExplainer)?
) throws -> AppSession {
    var web = WebSessionLog(settings: options.banner)
    var webMeta: (line: Int, startedAt: String?)?
    var pair = SessionPairCheck(webPath: webLines.path, nativePath: nativeLines.path)
    let webPicker = RecordPicker(SessionRecord.webKeys)
    webPicker.watch(webLines)
    // The banner's findings read what only describes a record; the session alone does not.
    let webReader = RecordingReader(lines: webLines, lenient: options.lenient, keepObserved: explainer != nil, onSkip: onSkip)
    try webReader.forEach { record in
        explainer?.feed(web: record)
        pair.web(record)
        let listed = webPicker.take(line: record.line).map { SessionRecord(t: record.t ?? 0, picked: $0) }
        web.feed(record, listed: listed, meta: &webMeta)
    }
    web.finish()
    explainer?.finishWeb(skipped: webReader.skipped, cut: webReader.cut)
    // A cut log is read to its cut, as every command reads it; the caller says so.
    if let cut = webReader.cut { onCut(webReader.path, LogCut(line: cut, t: nil)) }

    let nativePicker = RecordPicker(SessionRecord.nativeKeys)
    nativePicker.watch(nativeLines)
    let nativeReader = NativeRecordingReader(lines: nativeLines, lenient: options.lenient, onSkip: onSkip)
    var metaLine = 1
    var native: NativeSessionLog?
    while let record = try nativeReader.next() {
        explainer?.feed(native: record)
        pair.native(record)
        switch record.event {
        case .meta:
            // The reader's first record is always the meta: the platform is known before any input.
            metaLine = record.line
            native = NativeSessionLog(settings: options.native.settings(recorded: nativeReader.meta?.platform))
        case .timed(let t, let event):
            let listed = nativePicker.take(line: record.line).map { SessionRecord(t: t, picked: $0) }
            native!.feed(event.retryInput, at: t, record: listed)
            // The explainer's policy, fed the same records with the same settings, has as many.
            try OpenViewLimit(options.native).check(native!.openViews, line: record.line, path: nativeReader.path)
        }
    }
    guard var native else { throw RecordingError(.malformed, path: nativeReader.path, line: nil, "the native log has no meta") }
    native.finish()
    explainer?.finishNative(skipped: nativeReader.skipped, cuts: nativeReader.cuts)
    for cut in nativeReader.cuts { onCut(nativeReader.path, cut) }

    let offset = try sessionOffset(
        options.offsetMs, web: (webReader.path, webMeta), native: (nativeReader.path, metaLine, nativeReader.startedAt)
    ).get()
    try pair.check(
        web: LogSpan(first: web.firstRecord, last: web.lastRecord), native: LogSpan(first: native.firstRecord, last: native.lastRecord),
        offset: offset)
    // A log cut by a crash ends at its last record: nothing past it is measured as known.
    let cutAt = [webReader.cut.flatMap { _ in web.lastRecord }, nativeReader.cut.flatMap { _ in native.lastRecord.map { $0 + offset } }]
    return AppSession(
        web: web, native: native, offset: offset, settings: options.session,
        layerFindings: explainer?.findings(offset: offset) ?? [], cutAt: cutAt.compactMap { $0 })
}
