import CJSONC
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses one line of JSON Lines with json-c, strictly, into an object, or says why the line
/// is malformed. A json-c tokener is reused from line to line and is not thread-safe: one
/// parser per thread.
final class JSONLineParser {
    let maxDepth: Int
    private let tokener: UnsafeMutablePointer<json_tokener>

    init(maxDepth: Int = JSONLines.defaultMaxDepth) {
        self.maxDepth = maxDepth
        tokener = json_tokener_new_ex(Int32(maxDepth))!
        json_tokener_set_flags(tokener, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8)
    }

    deinit {
        json_tokener_free(tokener)
    }

    /// Calls `body` with the line's object, which lives only for the call; `nil` for a blank
    /// line. Errors are made by `malformed`, which knows the file and the line.
    func parse<R>(_ bytes: UnsafeBufferPointer<UInt8>, malformed: (String) -> RecordingError,
                  _ body: (OpaquePointer) throws -> R) throws -> R? {
        var length = bytes.count
        while length > 0, isSpace(bytes[length - 1]) { length -= 1 }
        var start = 0
        while start < length, isSpace(bytes[start]) { start += 1 }
        if start == length { return nil }  // blank

        json_tokener_reset(tokener)
        // json-c switches the thread's locale to "C" around every parse, through glibc's
        // duplocale and newlocale, which take a process-wide lock: with the thread already on
        // the C locale object, that switch copies nothing and takes no lock. It cut a parse's
        // cost by a sixth, and two threads no longer wait on each other (check/stats --jobs).
        let previousLocale = uselocale(Self.cLocale)
        defer { uselocale(previousLocale) }
        var object: OpaquePointer? = bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            json_tokener_parse_ex(tokener, $0 + start, Int32(length - start))
        }
        var status = json_tokener_get_error(tokener)
        if status == json_tokener_continue {
            // A bare number, `true` or `null` waits for a terminator; the line is all there is.
            var terminator: CChar = 0
            object = json_tokener_parse_ex(tokener, &terminator, 1)
            status = json_tokener_get_error(tokener)
        }
        guard let object else {
            switch status {
            case json_tokener_success: throw malformed("expected a JSON object, found null")
            case json_tokener_continue: throw malformed("not valid JSON: the line ends inside a value")
            case json_tokener_error_depth: throw malformed("not valid JSON: nested deeper than \(maxDepth) levels")
            default: throw malformed("not valid JSON: \(String(cString: json_tokener_error_desc(status)))")
            }
        }
        defer { json_object_put(object) }
        guard json_object_get_type(object) == json_type_object else {
            throw malformed("expected a JSON object, found \(Self.describe(json_object_get_type(object)))")
        }
        return try body(object)
    }

    /// The C locale, made once: what json-c switches to anyway. (locale_t is a pointer to
    /// glibc's data; it is never changed or freed, so sharing it between threads is safe.)
    nonisolated(unsafe) static let cLocale: locale_t = turbo_replay_c_locale()

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }

    static func describe(_ type: json_type) -> String {
        switch type {
        case json_type_null: return "null"
        case json_type_boolean: return "a boolean"
        case json_type_double, json_type_int: return "a number"
        case json_type_string: return "a string"
        case json_type_array: return "an array"
        default: return "an object"
        }
    }
}
