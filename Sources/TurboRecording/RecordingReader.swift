import CJSONC
import Glibc
import OfflineBanner

/// Reads a web recording (recording-format.md, v1) record by record, validating each line.
/// Strict by default: the first malformed line throws. Lenient: it is reported to `onSkip`,
/// counted, and reading goes on.
public final class RecordingReader {
    public let lines: JSONLines
    public let lenient: Bool
    /// Observed-only records cost a few strings each; a replay that ignores them skips that.
    public let keepObserved: Bool
    public private(set) var skipped = 0
    private let onSkip: (RecordingError) -> Void
    private var lastT = -Double.infinity
    private var readARecord = false
    /// The first record says this is a native recording: an error even in lenient mode.
    private var isNative = false

    public var path: String { lines.path }

    public convenience init(path: String, lenient: Bool = false, keepObserved: Bool = true,
                            onSkip: @escaping (RecordingError) -> Void = { _ in }) throws {
        self.init(lines: try JSONLines(path: path), lenient: lenient, keepObserved: keepObserved, onSkip: onSkip)
    }

    /// Reads from lines already opened (in memory, for tests and the fuzzer).
    public init(lines: JSONLines, lenient: Bool = false, keepObserved: Bool = true,
                onSkip: @escaping (RecordingError) -> Void = { _ in }) {
        self.lines = lines
        self.lenient = lenient
        self.keepObserved = keepObserved
        self.onSkip = onSkip
    }

    /// The next record, or `nil` at the end.
    public func next() throws -> Record? {
        while true {
            do {
                return try lines.next { object, line in try decode(object, line: line) }
            } catch let error as RecordingError where lenient && error.kind == .malformed && !isNative {
                skipped += 1
                onSkip(error)
            }
        }
    }

    // MARK: - Decoding

    private func decode(_ object: OpaquePointer, line: Int) throws -> Record {
        guard case .present(let typeValue?) = Field(object, "type"),
              json_object_get_type(typeValue) == json_type_string else {
            throw lines.malformed(Field(object, "type").isAbsent ? #"missing "type""# : #""type" must be a string"#)
        }
        let type = json_object_get_string(typeValue)!
        if strcmp(type, "meta") == 0 {
            let meta = decodeMeta(object)
            if meta.recording == "native" && !readARecord {
                isNative = true
                throw lines.malformed(#"a native recording ("recording":"native"): replay it with turbo-replay native"#)
            }
            readARecord = true
            return Record(line: line, event: .meta(meta))
        }
        readARecord = true

        let tField = Field(object, "t")
        guard let t = tField.finiteNumber else {
            throw lines.malformed(tField.isAbsent ? #"missing "t""# : #""t" must be a finite number"#)
        }
        guard t >= lastT else {
            throw lines.malformed(#""t" goes back in time: \#(formatMilliseconds(t)) after \#(formatMilliseconds(lastT))"#)
        }
        let event = try decodeTimed(object, type: type, t: t)
        lastT = t
        return Record(line: line, event: event)
    }

    private func decodeTimed(_ object: OpaquePointer, type: UnsafePointer<CChar>, t: Double) throws -> Record.Event {
        if strcmp(type, "offline") == 0 { return .input(t: t, .offline) }
        if strcmp(type, "online") == 0 { return .input(t: t, .online) }
        if strcmp(type, "turbo:submit-end") == 0 { return .input(t: t, .submitEnd(try decodeSubmitEnd(object))) }
        if strcmp(type, "turbo:fetch-request-error") == 0 {
            return .input(t: t, .fetchRequestError(FetchRequestError(
                url: Field(object, "url").string, method: Field(object, "method").string,
                target: Field(object, "target").string, error: Field(object, "error").string)))
        }
        if strcmp(type, "connect") == 0 {
            let context = Field(object, "context")
            guard context.isAbsent || context.isNull || context.string != nil else {
                throw lines.malformed(#""context" must be a string or null"#)
            }
            return .input(t: t, .connect(context: context.string, online: try optionalBool(object, "online", default: true)))
        }
        if strcmp(type, "disconnect") == 0 { return .input(t: t, .disconnect) }
        guard keepObserved else { return .observed(t: t, Observed(type: "")) }
        return .observed(t: t, Observed(
            type: String(cString: type), url: Field(object, "url").string, action: Field(object, "action").string,
            target: Field(object, "target").string, statusCode: Field(object, "statusCode").integer,
            reason: Field(object, "reason").string, state: Field(object, "state").string))
    }

    private func decodeSubmitEnd(_ object: OpaquePointer) throws -> SubmitEnd {
        let success = try optionalBool(object, "success", default: false)
        let response = Field(object, "fetchResponse")
        var fetchResponse: FetchResponse?
        if let responseObject = response.object {
            fetchResponse = FetchResponse(statusCode: Field(responseObject, "statusCode").integer)
        } else if !(response.isAbsent || response.isNull) {
            throw lines.malformed(#""fetchResponse" must be an object or null"#)
        }
        return SubmitEnd(success: success, fetchResponse: fetchResponse,
                         action: Field(object, "action").string, method: Field(object, "method").string)
    }

    private func optionalBool(_ object: OpaquePointer, _ key: String, default value: Bool) throws -> Bool {
        let field = Field(object, key)
        if field.isAbsent { return value }
        guard let bool = field.bool else { throw lines.malformed(#""\#(key)" must be a boolean"#) }
        return bool
    }

    private func decodeMeta(_ object: OpaquePointer) -> Meta {
        Meta(version: Field(object, "version").integer, source: Field(object, "source").string,
             userAgent: Field(object, "userAgent").string, page: Field(object, "page").string,
             startedAt: Field(object, "startedAt").string, recording: Field(object, "recording").string,
             platform: Field(object, "platform").string)
    }
}
