import CJSONC
import OfflineBanner

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns one parsed line of a web recording into a `Record`, validating it as
/// recording-format.md says: everything that can be judged from the line alone. (Time order,
/// which needs the line before, is the reader's.) A value without state, so that lines can
/// be decoded on any thread.
/// Errors are `LineProblem`s: the reader adds the file and the line.
struct WebRecordDecoder: Sendable {
    /// Observed-only records, and the informative fields of the others (a failed fetch's URL,
    /// a submission's action), cost a few strings each; a replay reads none of them.
    let keepObserved: Bool
    /// The fields that only describe a record (see `RecordingReader.keepDetails`).
    let keepDetails: Bool

    func decode(_ object: OpaquePointer, line: Int, targets: inout RecentStrings) throws -> Record {
        let head = recordHead(object)
        guard case .present(let typeValue?) = head.type, json_object_get_type(typeValue) == json_type_string else {
            throw LineProblem(head.type.isAbsent ? #"missing "type""# : #""type" must be a string"#)
        }
        let type = json_object_get_string(typeValue)!
        let kind = RecordType(type, length: Int(json_object_get_string_len(typeValue)))
        if kind == .meta {
            return Record(line: line, event: .meta(try decodeMeta(object)))
        }
        guard let t = head.t.time else { throw LineProblem(timeProblem(head.t)) }
        return Record(
            line: line, event: try decodeTimed(object, kind: kind, typeValue: typeValue, t: t, target: head.target, targets: &targets))
    }

    private func decodeTimed(
        _ object: OpaquePointer, kind: RecordType?, typeValue: OpaquePointer, t: Double, target: Field,
        targets: inout RecentStrings
    ) throws -> Record.Event {
        switch kind {
        case .offline: return .input(t: t, .offline)
        case .online: return .input(t: t, .online)
        case .submitEnd: return .input(t: t, .submitEnd(try decodeSubmitEnd(object)))
        case .fetchRequestError:
            // What a failed fetch says about itself is for the readers that show it; the
            // controller reads none of it, so a replay makes no strings for it.
            guard keepObserved else { return .input(t: t, .fetchRequestError(FetchRequestError())) }
            guard keepDetails else { return .input(t: t, .fetchRequestError(FetchRequestError(target: targets.string(target)))) }
            return .input(
                t: t,
                .fetchRequestError(
                    FetchRequestError(
                        url: Field(object, "url").string, method: Field(object, "method").string,
                        target: target.string, error: Field(object, "error").string)))
        case .connect:
            let context = Field(object, "context")
            guard context.isAbsent || context.isNull || context.string != nil else {
                throw LineProblem(#""context" must be a string or null"#)
            }
            return .input(t: t, .connect(context: context.string, online: try optionalBool(object, "online", default: true)))
        case .disconnect: return .input(t: t, .disconnect)
        case .pagehide:
            // Not one of the four fields the format type-checks: any value but `true` (absent,
            // null, "true") is a document that unloads.
            return .input(t: t, .pagehide(persisted: Field(object, "persisted").bool == true))
        case .beforeFetchResponse:
            // A third of a field log's lines: a replay takes only its time, with no lookup and
            // no string; the fields are read for the readers that show them.
            guard keepObserved else { return .input(t: t, .beforeFetchResponse()) }
            // Its frame decides which load completes it; its status decides nothing.
            guard keepDetails else { return .input(t: t, .beforeFetchResponse(BeforeFetchResponse(target: targets.string(target)))) }
            return .input(
                t: t,
                .beforeFetchResponse(
                    BeforeFetchResponse(
                        statusCode: informativeInteger(object, "statusCode"), target: target.string)))
        case .seen: return .seen(try decodeSeen(object, t: t))
        // `renderMethod` is informative: any value but "morph" (absent in Turbo 7) is another render.
        case .render: return .render(PageRender(t: t, morph: Field(object, "renderMethod").isString("morph")))
        case .morph: return .render(PageRender(t: t, morph: true))
        case .meta, nil: break
        }
        guard keepObserved else { return .passing(t: t) }
        let type = json_object_get_string(typeValue)!
        guard keepDetails else {
            return decideOnly(object, type: type, length: Int(json_object_get_string_len(typeValue)), t: t, target: target, targets: &targets)
        }
        return .observed(
            t: t,
            Observed(
                type: observedType(type) ?? wholeString(typeValue), url: Field(object, "url").string, action: Field(object, "action").string,
                target: target.string, statusCode: informativeInteger(object, "statusCode"),
                reason: Field(object, "reason").string, state: Field(object, "state").string))
    }

    /// An observed record as the findings read it: the ones they act on (a Visit, its load, a
    /// frame's load, a reload, a submission's start) as a `Marker` with what each is judged by;
    /// any other passes as time alone, as it would to a replay. Told apart by length first.
    private func decideOnly(
        _ object: OpaquePointer, type: UnsafePointer<CChar>, length: Int, t: Double, target: Field, targets: inout RecentStrings
    ) -> Record.Event {
        switch length {
        case 10 where sameBytes(type, "turbo:load"): return .marker(t: t, .load)
        case 11 where sameBytes(type, "turbo:visit"): return .marker(t: t, .visit(restore: Field(object, "action").isString("restore")))
        case 12 where sameBytes(type, "turbo:reload"):
            return .marker(t: t, .reload(requestFailed: Field(object, "reason").isString("request_failed")))
        case 16 where sameBytes(type, "turbo:frame-load"): return .marker(t: t, .frameLoad(target: targets.string(target)))
        case 18 where sameBytes(type, "turbo:submit-start"): return .marker(t: t, .submitStart)
        default: return .passing(t: t)
        }
    }

    /// `visible` and `text` are required and type-checked; `preview` (a cache preview was on
    /// screen) is informative: anything but `true` is not a preview.
    private func decodeSeen(_ object: OpaquePointer, t: Double) throws -> BannerSeen {
        guard let visible = Field(object, "visible").bool else { throw LineProblem(#""visible" must be a boolean"#) }
        guard let text = Field(object, "text").string else { throw LineProblem(#""text" must be a string"#) }
        return BannerSeen(t: t, visible: visible, text: text, preview: Field(object, "preview").bool == true)
    }

    private func decodeSubmitEnd(_ object: OpaquePointer) throws -> SubmitEnd {
        let success = try optionalBool(object, "success", default: false)
        let response = Field(object, "fetchResponse")
        var fetchResponse: FetchResponse?
        if let responseObject = response.object {
            fetchResponse = FetchResponse(statusCode: try integer(responseObject, "statusCode", named: "fetchResponse.statusCode"))
        } else if !(response.isAbsent || response.isNull) {
            throw LineProblem(#""fetchResponse" must be an object or null"#)
        }
        guard keepDetails else { return SubmitEnd(success: success, fetchResponse: fetchResponse) }
        return SubmitEnd(
            success: success, fetchResponse: fetchResponse,
            action: Field(object, "action").string, method: Field(object, "method").string)
    }

    private func optionalBool(_ object: OpaquePointer, _ key: StaticString, default value: Bool) throws -> Bool {
        let field = Field(object, key)
        if field.isAbsent { return value }
        guard let bool = field.bool else { throw LineProblem(#""\#(key)" must be a boolean"#) }
        return bool
    }

    /// An integer every reader reads: any other type reads as none, as the format allows, but
    /// an integer json-c could not hold exactly is refused rather than read as another number.
    private func integer(_ object: OpaquePointer, _ key: StaticString, named name: String? = nil) throws -> Int? {
        let field = Field(object, key)
        if field.isOutOfRangeInteger { throw LineProblem(outOfRange(name ?? "\(key)")) }
        return field.integer
    }

    /// An integer only some readers read and nothing decides on (the `statusCode` of a
    /// response, or of an observed record): one beyond ±2^53 is read as none, as one that is
    /// not an integer is. Refusing it would make a line malformed to `explain` and valid to
    /// `replay` and `stats`, which never look at it; the fuzzer's lean-read oracle found that.
    private func informativeInteger(_ object: OpaquePointer, _ key: StaticString) -> Int? {
        let field = Field(object, key)
        return field.isOutOfRangeInteger ? nil : field.integer
    }

    private func decodeMeta(_ object: OpaquePointer) throws -> Meta {
        Meta(
            version: try integer(object, "version"), source: Field(object, "source").string,
            userAgent: Field(object, "userAgent").string, page: Field(object, "page").string,
            startedAt: Field(object, "startedAt").string, recording: Field(object, "recording").string,
            platform: Field(object, "platform").string, session: sessionID(object), app: AppRelease(object))
    }
}

/// The types the controller (v1 or a variant) acts on, `meta`, and what conformance reads (`seen`,
/// Turbo's renders), told apart by length first: most lines of a field log are observed-only,
/// and this is asked of every one.
enum RecordType {
    case meta, seen, offline, online, submitEnd, fetchRequestError, connect, disconnect, pagehide, beforeFetchResponse
    case render, morph

    init?(_ type: UnsafePointer<CChar>, length: Int) {
        switch length {
        case 4 where sameBytes(type, "meta"): self = .meta
        case 4 where sameBytes(type, "seen"): self = .seen
        case 6 where sameBytes(type, "online"): self = .online
        case 7 where sameBytes(type, "offline"): self = .offline
        case 7 where sameBytes(type, "connect"): self = .connect
        case 8 where sameBytes(type, "pagehide"): self = .pagehide
        case 10 where sameBytes(type, "disconnect"): self = .disconnect
        case 11 where sameBytes(type, "turbo:morph"): self = .morph
        case 12 where sameBytes(type, "turbo:render"): self = .render
        case 16 where sameBytes(type, "turbo:submit-end"): self = .submitEnd
        case 25 where sameBytes(type, "turbo:fetch-request-error"): self = .fetchRequestError
        case 27 where sameBytes(type, "turbo:before-fetch-response"): self = .beforeFetchResponse
        default: return nil
        }
    }
}

/// The last few distinct values of a field (a page has a handful of frames and forms): a
/// record whose `target` is one of them gets that string, with no allocation, and compares
/// equal to the others at a glance (the same storage) when the analyzer matches a load to its
/// fetch.
struct RecentStrings {
    private var strings: [String] = []
    private var next = 0
    private static let capacity = 16

    mutating func string(_ field: Field) -> String? {
        guard case .present(let value?) = field, json_object_get_type(value) == json_type_string,
            let text = json_object_get_string(value)
        else { return nil }
        let length = Int(json_object_get_string_len(value))
        for string in strings where string.utf8.count == length {
            if string.utf8.withContiguousStorageIfAvailable({ memcmp($0.baseAddress!, text, length) == 0 }) == true { return string }
        }
        let made = String(cString: text)
        if strings.count < Self.capacity {
            strings.append(made)
        } else {
            strings[next] = made
            next = (next + 1) % Self.capacity
        }
        return made
    }
}

/// The observed types a recorder writes, as literals: a type longer than 15 bytes would
/// otherwise cost each record an allocation.
private func observedType(_ type: UnsafePointer<CChar>) -> String? {
    if equals(type, "turbo:frame-load") { return "turbo:frame-load" }
    if equals(type, "visibilitychange") { return "visibilitychange" }
    if equals(type, "turbo:load") { return "turbo:load" }
    if equals(type, "turbo:visit") { return "turbo:visit" }
    if equals(type, "turbo:reload") { return "turbo:reload" }
    if equals(type, "turbo:submit-start") { return "turbo:submit-start" }
    if equals(type, "turbo:before-fetch-request") { return "turbo:before-fetch-request" }
    return nil
}
