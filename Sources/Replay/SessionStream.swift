import AppSession
import NativeErrorPolicy
import OfflineBanner
import TurboRecording

/// Where a streamed session goes, in order: Δ first, then the merged timeline's lines as each
/// is final, and the drops, edges and findings as the measurer is sure of each (the drops and
/// edges in the order of their connectivity lines, the findings in their own order).
public protocol SessionOutput: AnyObject {
    func begin(offset: Double, nativeSettings: PolicySettings) throws
    func line(_ line: SessionLine) throws
    func measure(_ measure: SessionMeasure) throws
}

/// What a streamed session knows at its end: what `AppSession` has besides its lists.
public struct StreamedSession: Sendable {
    public var offset: Double
    public var settings: SessionSettings
    public var nativeSettings: PolicySettings
    /// The findings' counts are every finding's: a config's rules are the caller's.
    public var summary: AppSessionSummary
}

/// `replaySession`, streamed: both logs are read at once, the one behind first, and what the
/// session says goes to `output` as soon as it is final, so that memory does not grow with the
/// logs. The lines, measures, summary and errors are `replaySession`'s, and in its order: the
/// web recording's errors (and skipped lines, and cut) before the native log's, and an
/// alignment error after both logs were read. What the timeline printed before a malformed
/// line stays printed, as for every streaming command.
///
/// Δ must be known before the first native time: from `offsetMs`, or the two `meta` records.
/// The web recording's may come after its first timed records; a regular file is then looked
/// through for it first. What is read as it arrives (standard input, a FIFO, `<(…)`) cannot be
/// read twice: its `meta` must be its first record (as every recorder writes it), or the
/// session is refused as one that cannot be aligned, rather than read whole into memory.
public func streamSession<Explainer: SessionLayerExplainer>(
    web webPath: String, native nativePath: String, options: SessionOptions = SessionOptions(),
    onSkip: @escaping (RecordingError) -> Void = { _ in },
    onCut: @escaping (_ path: String, _ cut: LogCut) -> Void = { _, _ in },
    explaining explainer: inout Explainer, into output: some SessionOutput
) throws -> StreamedSession {
    let logs = try openSessionLogs(web: webPath, native: nativePath)
    var reading = try SessionReading<Explainer>(web: logs.web, native: logs.native, options: options, onSkip: onSkip, onCut: onCut)
    defer { explainer = reading.explainer ?? explainer }
    reading.explainer = explainer
    return try reading.run(into: output)
}

/// Reads the web recording until its first `meta` (nothing else is decided), for its line and
/// `startedAt`; `nil` when it has none, or cannot be read (the session's own reading says why).
func firstWebMeta(path: String, lenient: Bool) -> (line: Int, startedAt: String?)? {
    guard let reader = try? RecordingReader(path: path, lenient: lenient, keepObserved: false) else { return nil }
    while let record = try? reader.next() {
        if case .meta(let meta) = record.event { return (record.line, meta.startedAt) }
    }
    return nil
}

extension WebSessionLog {
    /// One record of the web recording, as both session readers take it: its `meta`'s
    /// `startedAt` noted once, every timed record fed (the banner's input, if it has one), with
    /// its record line when the session lists it.
    mutating func feed(_ record: Record, listed: SessionRecord?, meta: inout (line: Int, startedAt: String?)?) {
        switch record.event {
        case .meta(let first):
            if meta == nil { meta = (record.line, first.startedAt) }
        case .input(let t, let input):
            feed(input, at: t, record: listed)
        case .observed(let t, _), .passing(let t), .marker(let t, _):
            feed(nil, at: t, record: listed)
        case .seen(let seen):
            feed(nil, at: seen.t, record: listed)
        case .render(let render):
            feed(nil, at: render.t, record: listed)
        }
    }
}

extension SessionRecord {
    init(t: Double, picked: (type: String, fields: [(key: String, json: String)])) {
        self.init(t: t, type: picked.type, fields: picked.fields.map { Field(key: $0.key, json: $0.json) })
    }
}

/// Δ: the offset given, or the two `meta` records' `startedAt` apart; an error names the log
/// (and its `meta` line) that cannot be aligned.
func sessionOffset(
    _ offsetMs: Double?, web: (path: String, meta: (line: Int, startedAt: String?)?),
    native: (path: String, metaLine: Int, startedAt: String?)
) -> Result<Double, RecordingError> {
    if let offsetMs { return .success(offsetMs) }
    switch Alignment.startedAt(web: web.meta?.startedAt, native: native.startedAt).offset() {
    case .success(let delta):
        return .success(delta)
    case .failure(let error):
        guard error.side == .web else {
            return .failure(RecordingError(.malformed, path: native.path, line: native.metaLine, error.description))
        }
        guard let meta = web.meta else {
            return .failure(
                RecordingError(
                    .malformed, path: web.path, line: nil,
                    #"the web recording has no "meta" record with a "startedAt", so the session cannot be aligned; give the offset instead (--offset-ms, or the config's offsetMs)"#
                ))
        }
        return .failure(RecordingError(.malformed, path: web.path, line: meta.line, error.description))
    }
}

/// Opens the session's two logs, each once, and refuses them given the wrong way round (the
/// readers would each say "replay it with the other command"; the session says which argument
/// is which). Each log's first record is looked at and left to be read (`JSONLines.peek`), so
/// standard input, a FIFO or `<(…)` is read once, as a file is.
func openSessionLogs(web webPath: String, native nativePath: String) throws -> (web: JSONLines, native: JSONLines) {
    if webPath == "-" && nativePath == "-" {
        throw RecordingError(
            .malformed, path: "<stdin>", line: nil,
            "the web recording and the native log cannot both be standard input: give at least one as a file")
    }
    let web = try JSONLines(path: webPath)
    try refuseEmpty(web, "the web recording (the page's)")
    if try RecordingKind.of(lines: web) == .native {
        throw RecordingError(
            .malformed, path: web.path, line: 1,
            "a native log (the app's) where the page's web recording is expected: the session takes the web recording first, then the native log")
    }
    let native = try JSONLines(path: nativePath)
    try refuseEmpty(native, "the native log (the app's)")
    if try RecordingKind.of(lines: native) == .web {
        throw RecordingError(
            .malformed, path: native.path, line: 1,
            #"a web recording (its first record is not a "meta" with "recording":"native") where the app's native log is expected: the session takes the web recording first, then the native log"#
        )
    }
    return (web, native)
}

/// A log with no record at all (0 bytes, or only blank lines) is named as empty, whichever
/// side it is given on: it is neither a web recording nor a native log, and a session of it
/// would say nothing while looking as if it had read something. A first line that is not
/// JSON is left to its reader, which names it.
private func refuseEmpty(_ lines: JSONLines, _ what: String) throws {
    let any: Bool?
    do {
        any = try lines.peek { _, _ in true }
    } catch let error as RecordingError where error.kind == .malformed {
        return
    }
    guard any == nil else { return }
    let cut = lines.cut.map { " (its only line, \($0), was cut)" } ?? ""
    throw RecordingError(.malformed, path: lines.path, line: nil, "\(what) is empty: it has no record\(cut), so there is no session to read")
}
