import CJSONC
import NativeErrorPolicy

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a native recording record by record, validating each line as the contract's
/// "Malformed" paragraph says, with errors naming `file:line`. Strict by default: the first
/// malformed line throws. Lenient: it is reported to `onSkip`, counted, and reading goes on —
/// except for the `meta` line, without which the file is not a native recording at all.
public final class NativeRecordingReader {
    public let lines: JSONLines
    public let lenient: Bool
    public private(set) var skipped = 0
    /// The recording's `meta`, once the first record has been read.
    public private(set) var meta: NativeMeta?
    /// The meta's `startedAt` (the wall-clock time of `t` = 0), once the first record has been
    /// read: what aligns this log with the page's on one clock.
    public var startedAt: String? { meta?.startedAt }
    private let onSkip: (RecordingError) -> Void
    private var order = TimeOrder()

    public var path: String { lines.path }
    /// The line the log was cut at (`JSONLines.cut`), once it has been read to its end.
    public var cut: Int? { lines.cut }
    /// The holes of a collector's folder (`log-gap`), all of them once it has been read to its end.
    public var gaps: [LogGap] { lines.gaps }
    /// Every place a record was lost to a writer that stopped mid-line, in the log's order: each
    /// `cut` record its logger wrote, then the log's own cut (`cut`) once it has been read to
    /// its end.
    public var cuts: [LogCut] { cutRecords + (cut.map { [LogCut(line: $0, t: lastTime)] } ?? []) }
    private var cutRecords: [LogCut] = []
    private var lastTime: Double?

    /// Opens `path`, or standard input for `-`.
    public convenience init(path: String, lenient: Bool = false, onSkip: @escaping (RecordingError) -> Void = { _ in }) throws {
        self.init(lines: try JSONLines(path: path), lenient: lenient, onSkip: onSkip)
    }

    /// Reads from lines already opened (in memory, for tests and the fuzzer).
    public init(lines: JSONLines, lenient: Bool = false, onSkip: @escaping (RecordingError) -> Void = { _ in }) {
        self.lines = lines
        self.lenient = lenient
        self.onSkip = onSkip
    }

    /// The next record, or `nil` at the end. The first is always the `meta`.
    public func next() throws -> NativeRecord? {
        while true {
            do {
                guard let record = try lines.next({ object, line in try decode(object, line: line) }) else {
                    if meta == nil { throw RecordingError(.malformed, path: path, line: nil, Self.missingMeta + " (the file has no records)") }
                    return nil
                }
                return record
            } catch let error as RecordingError where lenient && error.kind == .malformed && meta != nil {
                skipped += 1
                onSkip(error)
            }
        }
    }

    static let missingMeta = #"missing "meta": a native recording starts with {"type":"meta","version":1,"recording":"native"}"#

    // MARK: - Decoding

    private func decode(_ object: OpaquePointer, line: Int) throws -> NativeRecord {
        let typeField = Field(object, "type")
        guard let type = typeField.string else {
            throw lines.malformed(typeField.isAbsent ? #"missing "type""# : #""type" must be a string"#)
        }
        if meta == nil {
            guard type == "meta" else { throw lines.malformed(Self.missingMeta + #", not a "\#(type)" record"#) }
            let decoded = try decodeMeta(object)
            meta = decoded
            return NativeRecord(line: line, event: .meta(decoded))
        }
        if type == "meta" {
            throw lines.malformed(#"misplaced "meta": only the first record of a recording may be its meta"#)
        }

        guard let t = recordTime(object) else { throw lines.malformed(timeProblem(object)) }
        guard order.admits(t) else { throw lines.malformed(order.problem(t)) }
        let event = try decodeTimed(object, type: type, t: t)
        let removed = type == "cut" ? try removedBytes(object) : nil
        order.advance(to: t)
        lastTime = t
        if let removed { cutRecords.append(LogCut(line: line, t: t, removed: removed)) }
        return NativeRecord(line: line, event: event)
    }

    private func decodeMeta(_ object: OpaquePointer) throws -> NativeMeta {
        guard Field(object, "recording").string == "native" else {
            throw lines.malformed(#"not a native recording: its "meta" has no "recording":"native" (a web recording? replay it with turbo-replay replay)"#)
        }
        let version = Field(object, "version")
        guard version.integer == 1 else {
            throw lines.malformed(
                version.isAbsent
                    ? #"missing "version" in "meta" (this reader knows version 1)"#
                    : #""version" must be 1, the only version this reader knows"#)
        }
        let startedAt = Field(object, "startedAt")
        guard startedAt.isAbsent || startedAt.string != nil else {
            throw lines.malformed(#""startedAt" must be a string: the wall-clock time of t = 0, e.g. "2026-12-01T09:59:59.000Z""#)
        }
        let platform = Field(object, "platform")
        let (session, app) = (sessionID(object), AppRelease(object))
        if platform.isAbsent { return NativeMeta(version: 1, platform: nil, startedAt: startedAt.string, session: session, app: app) }
        guard let name = platform.string else { throw lines.malformed(#""platform" must be "ios" or "android""#) }
        guard let known = Platform(rawValue: name) else {
            throw lines.malformed(#"unknown "platform" "\#(name)": expected "ios" or "android""#)
        }
        return NativeMeta(version: 1, platform: known, startedAt: startedAt.string, session: session, app: app)
    }

    /// A `cut` record's `bytes`: a positive integer, the half line its logger removed.
    private func removedBytes(_ object: OpaquePointer) throws -> Int {
        let bytes = Field(object, "bytes")
        guard let count = bytes.integer, count > 0 else {
            throw lines.malformed(
                bytes.isAbsent
                    ? #"missing "bytes" on "cut" (how many bytes of a half line the app's logger removed)"#
                    : #""bytes" on "cut" must be a positive integer"#)
        }
        return count
    }

    private func decodeTimed(_ object: OpaquePointer, type: String, t: Double) throws -> NativeRecord.Event {
        .timed(t: t, try decodeEvent(object, type: type))
    }

    private func decodeEvent(_ object: OpaquePointer, type: String) throws -> NativeEvent {
        switch type {
        case "path":
            let online = Field(object, "online")
            guard let value = online.bool else {
                throw lines.malformed(
                    online.isAbsent
                        ? #"missing "online" (a "path" record says whether the app is online)"#
                        : #""online" must be a boolean (true or false)"#)
            }
            return .path(online: value)
        case "presented":
            let surface = try surface(object, type)
            let error = try decodeError(object)
            let url = Field(object, "url")
            guard url.isAbsent || url.string != nil else {
                throw lines.malformed(#""url" on "presented" must be a string (the visit that failed), or absent"#)
            }
            return .presented(Presented(surface: surface, error: error, url: url.string))
        case "tap-retry":
            return .tapRetry(surface: try surface(object, type))
        case "dismissed":
            return .dismissed(surface: try surface(object, type))
        case "foreground":
            return .foreground
        case "app-retry":
            let surface = try surface(object, type)
            let kind = Field(object, "kind")
            guard let name = kind.string, let known = AppRetry.Kind(rawValue: name) else {
                throw lines.malformed(
                    kind.isAbsent
                        ? #"missing "kind" ("auto" or "manual") on "app-retry""#
                        : #""kind" on "app-retry" must be "auto" or "manual""#)
            }
            return .appRetry(AppRetry(surface: surface, kind: known))
        case "launch":
            return .launch(cold: try optionalBool(object, "cold", on: type, default: true))
        case "config":
            let offseason = Field(object, "offseason")
            guard let gated = offseason.bool else {
                throw lines.malformed(
                    offseason.isAbsent
                        ? #"missing "offseason" (a boolean) on "config""#
                        : #""offseason" on "config" must be a boolean (true or false)"#)
            }
            return .config(offseason: gated, tester: try optionalBool(object, "tester", on: type, default: false))
        case "bridge":
            // A faithful record may also carry the message's `url` (its metadata.url) and `id`;
            // no policy reads them (native-logging.md), so they are not checked.
            return .bridge(
                component: try string(object, "component", on: type, what: "the bridge component, e.g. \"page-load\""),
                event: try string(object, "event", on: type, what: "the message, e.g. \"connect\""))
        case "app-screen":
            return .appScreen(try string(object, "screen", on: type, what: "loading, web, offseason or error"))
        case "finish":
            return .finish(url: try string(object, "url", on: type, what: "the page that finished loading"))
        case "url-change":
            return .urlChange(url: try string(object, "url", on: type, what: "the web view's new URL"))
        case "cache-clear":
            return .cacheClear
        case "web-session":
            // Informative, as `meta`'s identity is: one without a non-empty string `session` says nothing.
            return sessionID(object).map(NativeEvent.webSession) ?? .observed(type: type)
        case "cache-remove":
            return .cacheRemove(url: try string(object, "url", on: type, what: "the page removed from the cache"))
        default:
            return .observed(type: type)
        }
    }

    /// A boolean field that may be absent (then `value`), but not anything else.
    private func optionalBool(_ object: OpaquePointer, _ key: String, on type: String, default value: Bool) throws -> Bool {
        let field = Field(object, named: key)
        if field.isAbsent { return value }
        guard let bool = field.bool else { throw lines.malformed(#""\#(key)" on "\#(type)" must be a boolean (true or false)"#) }
        return bool
    }

    /// A string field that must be there.
    private func string(_ object: OpaquePointer, _ key: String, on type: String, what: String) throws -> String {
        let field = Field(object, named: key)
        guard let value = field.string else {
            throw lines.malformed(
                field.isAbsent
                    ? #"missing "\#(key)" on "\#(type)" (a string: \#(what))"#
                    : #""\#(key)" on "\#(type)" must be a string (\#(what))"#)
        }
        return value
    }

    private func surface(_ object: OpaquePointer, _ type: String) throws -> String {
        let field = Field(object, "surface")
        guard let surface = field.string else {
            throw lines.malformed(field.isAbsent ? #"missing "surface" on "\#(type)""# : #""surface" on "\#(type)" must be a string"#)
        }
        return surface
    }

    private static let errorShapes =
        #"{"kind":"http","status":503}, {"kind":"web","code":-1009}, {"kind":"web","turbo":"networkFailure"} or "timeout", {"kind":"ssl"}, {"kind":"load"}"#

    private func decodeError(_ object: OpaquePointer) throws -> NativeError {
        let field = Field(object, "error")
        guard let error = field.object else {
            throw lines.malformed((field.isAbsent ? #"missing "error""# : #""error" must be an object"#) + "; one of: " + Self.errorShapes)
        }
        let kind = Field(error, "kind")
        guard let name = kind.string else {
            throw lines.malformed(
                (kind.isAbsent ? #"missing "error.kind""# : #""error.kind" must be a string"#)
                    + #": "http", "web", "ssl" or "load""#)
        }
        switch name {
        case "http":
            let status = Field(error, "status")
            if status.isOutOfRangeInteger { throw lines.malformed(outOfRange("error.status")) }
            guard let code = status.integer else {
                throw lines.malformed(
                    status.isAbsent
                        ? #"missing "error.status" on an "http" error"#
                        : #""error.status" must be an integer (the HTTP status)"#)
            }
            return .http(status: code)
        case "web":
            let code = Field(error, "code"), turbo = Field(error, "turbo")
            switch (code.isAbsent, turbo.isAbsent) {
            case (false, false):
                throw lines.malformed(#"a "web" error has "code" or "turbo", not both"#)
            case (true, true):
                throw lines.malformed(#"a "web" error needs "code" (the platform's own error code) or "turbo" ("networkFailure" or "timeout")"#)
            case (false, true):
                if code.isOutOfRangeInteger { throw lines.malformed(outOfRange("error.code")) }
                guard let value = code.integer else { throw lines.malformed(#""error.code" must be an integer (the platform's own error code)"#) }
                return .web(.code(value))
            case (true, false):
                guard let value = turbo.string.flatMap(TurboFailure.init(rawValue:)) else {
                    throw lines.malformed(#""error.turbo" must be "networkFailure" or "timeout""#)
                }
                return .web(.turbo(value))
            }
        case "ssl":
            return .ssl
        case "load":
            return .load
        default:
            throw lines.malformed(#"unknown "error.kind" "\#(name)": expected "http", "web", "ssl" or "load""#)
        }
    }
}
