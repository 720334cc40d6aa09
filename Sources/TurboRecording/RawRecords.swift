import CJSONC
import PolicyCore

/// One line of a log as the HTML report points at it: its number, its `t` and `type` when it
/// has them, and its text as written, kept up to `keptBytes` (a report holds thousands of them;
/// the length says how long it was). A `meta` record also keeps its top-level strings and
/// numbers, which the report's header shows (the app's version, platform, user agent, startedAt).
package struct RawRecord: Sendable {
    package static let keptBytes = 512

    package var line: Int
    package var t: Double?
    package var type: String?
    /// A native record's `surface`, when it names one (its error views are drawn per surface).
    package var surface: String?
    /// The line's first `keptBytes` bytes, cut between scalars.
    package var text: String
    /// The line's length in bytes.
    package var length: Int
    /// A `meta` record's scalar keys, as `key` and its value's text; empty for any other.
    package var meta: [(key: String, value: String)]
}

/// Reads every line of the log at `path` once, in order, for the report: each parsed line
/// handed to `body` (a line that is not a JSON object is passed over: the replay already said
/// so, or skipped it under --lenient). Returns the log's cut line, if its last line was cut.
package func forEachRawRecord(path: String, _ body: (RawRecord) throws -> Void) throws -> Int? {
    let lines = try JSONLines(path: path)
    var failedAt = -1
    while true {
        let record: RawRecord?
        do {
            record = try lines.nextWithBytes { object, line, bytes in rawRecord(object, line: line, bytes: bytes) }
        } catch let error as RecordingError where error.kind == .malformed {
            // The same line twice means the reader cannot move past it: stop, what was read stands.
            if lines.lineNumber == failedAt { break }
            failedAt = lines.lineNumber
            continue
        }
        guard let record else { break }
        try body(record)
    }
    return lines.cut
}

private func rawRecord(_ object: OpaquePointer, line: Int, bytes: UnsafeBufferPointer<UInt8>) -> RawRecord {
    let type = Field(object, "type").string
    var meta: [(key: String, value: String)] = []
    if type == "meta" {
        var iterator = json_object_iter_begin(object), end = json_object_iter_end(object)
        while json_object_iter_equal(&iterator, &end) == 0 {
            let key = String(cString: json_object_iter_peek_name(&iterator))
            if let value = json_object_iter_peek_value(&iterator), json_object_get_type(value) != json_type_object,
                json_object_get_type(value) != json_type_array
            {
                let text = json_object_get_type(value) == json_type_string ? wholeString(value) : String(cString: json_object_to_json_string(value))
                meta.append((key, boundedText(text)))
            }
            json_object_iter_next(&iterator)
        }
    }
    let whole = String(decoding: bytes, as: UTF8.self)
    return RawRecord(
        line: line, t: Field(object, "t").time, type: type, surface: Field(object, "surface").string.map(boundedText),
        text: boundedText(whole), length: bytes.count, meta: meta)
}

/// `text`'s first `RawRecord.keptBytes` UTF-8 bytes, cut between scalars.
package func boundedText(_ text: String) -> String {
    guard text.utf8.count > RawRecord.keptBytes else { return text }
    var kept = String.UnicodeScalarView()
    var bytes = 0
    for scalar in text.unicodeScalars {
        bytes += String(scalar).utf8.count
        if bytes > RawRecord.keptBytes { break }
        kept.append(scalar)
    }
    return String(kept)
}
