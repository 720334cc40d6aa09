import CJSONC

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses one line of JSON Lines with json-c, strictly, into an object, or says why the line
/// is malformed. A json-c tokener is reused from line to line and is not thread-safe: one
/// parser per thread. A value, not an object, and its errors carry only their message: the
/// per-line call then costs no reference counting. The owner frees it (`free()`).
struct JSONLineParser {
    let maxDepth: Int
    private let tokener: UnsafeMutablePointer<json_tokener>
    /// `cLocale`, held here: the static's lazy initialisation is checked at every access.
    private let locale: locale_t

    /// Why json-c, or the checks around it, refused the line; `JSONLines` adds the file and the
    /// line. (Not a `LineProblem`: those come from `body`, which `JSONLines` passes through.)
    struct Malformed: Error {
        let message: String

        init(_ message: String) {
            self.message = message
        }
    }

    init(maxDepth: Int = JSONLines.defaultMaxDepth) {
        self.maxDepth = maxDepth
        locale = Self.cLocale
        tokener = json_tokener_new_ex(Int32(maxDepth))!
        // No JSON_TOKENER_VALIDATE_UTF8: json-c's check makes a call a byte and lets forms
        // through that `firstInvalidUTF8` refuses. Every line goes through ours, parsed or not.
        json_tokener_set_flags(tokener, JSON_TOKENER_STRICT)
    }

    func free() {
        json_tokener_free(tokener)
    }

    /// Calls `body` with the line's object, which lives only for the call; `nil` for a blank
    /// line. A malformed line throws `Malformed`; what `body` throws goes through as it is.
    /// `atFileStart`: the line is the file's first, where a UTF-8 byte order mark is allowed.
    func parse<R>(
        _ bytes: UnsafeBufferPointer<UInt8>, atFileStart: Bool = false, _ body: (OpaquePointer) throws -> R
    ) throws -> R? {
        var length = bytes.count
        while length > 0, isSpace(bytes[length - 1]) { length -= 1 }
        var start = atFileStart && hasByteOrderMark(bytes, length: length) ? 3 : 0
        while start < length, isSpace(bytes[start]) { start += 1 }
        if start == length { return nil }  // blank
        // One pass says what the line holds that needs a closer look: most lines are ASCII with
        // no NUL and no backslash, and are judged by it alone.
        let holds = turbo_replay_line_bytes(bytes.baseAddress! + start, length - start)
        if holds & UInt32(TURBO_REPLAY_NUL | TURBO_REPLAY_BACKSLASH) != 0,
            let nul = findNul(bytes.baseAddress!, from: start, to: length)
        {
            throw Malformed(nulMessage(escaped: nul.escaped, column: nul.offset + 1))
        }
        let ascii = holds & UInt32(TURBO_REPLAY_NOT_ASCII) == 0

        json_tokener_reset(tokener)
        // json-c switches the thread's locale to "C" around every parse, through glibc's
        // duplocale and newlocale, which take a process-wide lock: with the thread already on
        // the C locale object, that switch copies nothing and takes no lock, and two threads do
        // not wait on each other (check/stats --jobs).
        let previousLocale = uselocale(locale)
        defer { uselocale(previousLocale) }
        var object: OpaquePointer? = bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            json_tokener_parse_ex(tokener, $0 + start, Int32(length - start))
        }
        var status = json_tokener_get_error(tokener)
        let end = start + json_tokener_get_parse_end(tokener)
        let endedInLine = status == json_tokener_success
        if status == json_tokener_continue {
            // A bare number, `true` or `null` waits for a terminator; the line is all there is.
            var terminator: CChar = 0
            object = json_tokener_parse_ex(tokener, &terminator, 1)
            status = json_tokener_get_error(tokener)
        }
        guard let object else {
            // What json-c read before it stopped is judged as its own check would have: bad
            // UTF-8 there is the first thing wrong with the line.
            if !ascii, let bad = firstInvalidUTF8(bytes.baseAddress!, from: start, to: min(length, end + 1)) {
                throw Malformed("not valid JSON: invalid UTF-8 at column \(bad + 1)")
            }
            switch status {
            case json_tokener_success: throw Malformed("expected a JSON object, found null")
            case json_tokener_continue: throw Malformed("not valid JSON: the line ends inside a value")
            case json_tokener_error_depth: throw Malformed("not valid JSON: nested deeper than \(maxDepth) levels")
            default: throw Malformed("not valid JSON: \(String(cString: json_tokener_error_desc(status)))")
            }
        }
        defer { json_object_put(object) }
        // json-c stops at the end of the first value; anything after it on the line would be
        // dropped without a word. (Strict mode refuses most of it itself; this is the guarantee.)
        if endedInLine, end < length {
            throw Malformed("not valid JSON: more text after the object, at column \(end + 1)")
        }
        if !ascii, let bad = firstInvalidUTF8(bytes.baseAddress!, from: start, to: length) {
            throw Malformed("not valid JSON: invalid UTF-8 at column \(bad + 1)")
        }
        guard json_object_get_type(object) == json_type_object else {
            throw Malformed("expected a JSON object, found \(Self.describe(json_object_get_type(object)))")
        }
        return try body(object)
    }

    /// The C locale, made once: what json-c switches to anyway. (locale_t is a pointer to
    /// glibc's data; it is never changed or freed, so sharing it between threads is safe.)
    nonisolated(unsafe) static let cLocale: locale_t = turbo_replay_c_locale()

    private func hasByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>, length: Int) -> Bool {
        length >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

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

/// Where the bytes `start..<end` hold a NUL character, raw or escaped, or `nil`. json-c ends
/// its input at a raw NUL (the rest of the line would be dropped) and keeps keys as C strings
/// (`"t\u0000x"` would read as a second `"t"`): a NUL anywhere is refused, never cut.
func findNul(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> (offset: Int, escaped: Bool)? {
    if let found = memchr(base + start, 0, end - start) {
        return (UnsafeRawPointer(found) - UnsafeRawPointer(base), false)
    }
    var next = start
    // A backslash only starts an escape inside a string, and every escape is read as a
    // pair, so `\\u0000` (a backslash, then text) is not taken for a NUL.
    while next < end, let found = memchr(base + next, 0x5C, end - next) {
        let at = UnsafeRawPointer(found) - UnsafeRawPointer(base)
        if at + 5 < end, base[at + 1] == UInt8(ascii: "u"), base[at + 2] == 0x30, base[at + 3] == 0x30,
            base[at + 4] == 0x30, base[at + 5] == 0x30
        {
            return (at, true)
        }
        next = at + 2
    }
    return nil
}

/// What `findNul` found, at a 1-based byte column of its line.
func nulMessage(escaped: Bool, column: Int) -> String {
    escaped
        ? #""\u0000" (an escaped NUL) at column \#(column): a recording's text may not hold NUL characters"#
        : "not valid JSON: NUL byte at column \(column)"
}

/// Where the bytes `start..<end` stop being well-formed UTF-8 (RFC 3629), or `nil`. json-c's
/// own check lets overlong forms (`C1 A9` for `i`), surrogates (`ED A0 80`) and code points
/// past U+10FFFF through, and Swift reads each as U+FFFD: a URL would change without a word.
/// Runs after json-c accepted the line, so its messages for what it refuses stay as they are.
func firstInvalidUTF8(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
    var index = start
    let raw = UnsafeRawPointer(base)
    let high: UInt64 = 0x8080_8080_8080_8080
    while index < end {
        // Eight ASCII bytes at a time: a line that gets here holds another byte somewhere.
        if index + 8 <= end, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & high == 0 {
            index += 8
            continue
        }
        let lead = base[index]
        if lead < 0x80 {
            index += 1
            continue
        }
        let count: Int, second: ClosedRange<UInt8>
        switch lead {
        case 0xC2...0xDF: count = 2; second = 0x80...0xBF
        case 0xE0: count = 3; second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: count = 3; second = 0x80...0xBF
        case 0xED: count = 3; second = 0x80...0x9F
        case 0xF0: count = 4; second = 0x90...0xBF
        case 0xF1...0xF3: count = 4; second = 0x80...0xBF
        case 0xF4: count = 4; second = 0x80...0x8F
        default: return index
        }
        guard index + count <= end, second.contains(base[index + 1]) else { return index }
        for next in 2..<count where !(0x80...0xBF).contains(base[index + next]) { return index }
        index += count
    }
    return nil
}
