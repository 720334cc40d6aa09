import CJSONC
import Glibc

/// Reads JSON Lines through json-c one line at a time, in constant memory: a fixed read
/// buffer, a line buffer capped at `maxLineBytes`, one reused tokener. Each non-blank line is
/// handed over as a parsed `json_object` that lives only for the call; the caller copies out
/// what it keeps.
public final class JSONLines {
    /// A hostile log must not take the machine: longer lines are an error, not an allocation.
    public static let defaultMaxLineBytes = 1 << 20
    /// json-c's own default; deeper nesting is an error naming the line.
    public static let defaultMaxDepth = 32

    public let path: String
    public let maxLineBytes: Int
    private let file: UnsafeMutablePointer<FILE>
    private let ownsFile: Bool
    private let tokener: UnsafeMutablePointer<json_tokener>
    private var chunk: [UInt8]
    private var chunkStart = 0
    private var chunkEnd = 0
    private var carry: [UInt8] = []
    private var atEOF = false
    private(set) public var lineNumber = 0

    /// Opens `path`, or standard input for `-`.
    public init(path: String, maxLineBytes: Int = defaultMaxLineBytes, maxDepth: Int = defaultMaxDepth) throws {
        if path == "-" {
            file = fdopen(STDIN_FILENO, "rb")!
            ownsFile = false
        } else {
            guard let opened = fopen(path, "rb") else {
                throw RecordingError(.unreadable, path: path, line: nil, "cannot open: \(String(cString: strerror(errno)))")
            }
            file = opened
            ownsFile = true
        }
        self.path = path == "-" ? "<stdin>" : path
        self.maxLineBytes = maxLineBytes
        tokener = json_tokener_new_ex(Int32(maxDepth))!
        json_tokener_set_flags(tokener, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8)
        // Standard input is read as lines arrive (a piped capture); files in large blocks.
        chunk = [UInt8](repeating: 0, count: path == "-" ? 4096 : 1 << 16)
    }

    deinit {
        json_tokener_free(tokener)
        if ownsFile { fclose(file) }
    }

    /// Calls `body` with the next non-blank line's object and its line number, or returns
    /// false at the end of the input. A malformed line throws with its number; reading may
    /// go on after it (lenient mode).
    public func next<R>(_ body: (OpaquePointer, Int) throws -> R) throws -> R? {
        while true {
            guard let line = try nextRawLine() else { return nil }
            if let result = try parse(line, body) { return result }
        }
    }

    // MARK: - Lines

    private enum RawLine {
        /// The line lies whole in the read buffer, at this range: parsed in place, no copy.
        case inChunk(Range<Int>)
        /// The line crossed a buffer refill and was gathered in `carry`.
        case carried
        case overlong
    }

    /// Finds the next line without copying it when it lies whole in the read buffer.
    private func nextRawLine() throws -> RawLine? {
        carry.removeAll(keepingCapacity: true)
        var overlong = false
        while true {
            if chunkStart == chunkEnd {
                if atEOF { break }
                try refill()
                if chunkStart == chunkEnd { break }
            }
            let found: Int? = chunk.withUnsafeBufferPointer { buffer in
                let start = buffer.baseAddress! + chunkStart
                return memchr(start, 0x0A, chunkEnd - chunkStart).map {
                    UnsafeRawPointer($0) - UnsafeRawPointer(buffer.baseAddress!)
                }
            }
            if let newline = found {
                let start = chunkStart
                chunkStart = newline + 1
                lineNumber += 1
                if overlong || carry.count + (newline - start) > maxLineBytes { return .overlong }
                if carry.isEmpty { return .inChunk(start..<newline) }
                carry.append(contentsOf: chunk[start..<newline])
                return .carried
            }
            // The line goes on past the buffer: keep it, up to the cap.
            if !overlong {
                if carry.count + (chunkEnd - chunkStart) > maxLineBytes {
                    overlong = true
                    carry.removeAll(keepingCapacity: false)
                } else {
                    carry.append(contentsOf: chunk[chunkStart..<chunkEnd])
                }
            }
            chunkStart = chunkEnd
        }
        // The last line, without a final newline.
        guard overlong || !carry.isEmpty else { return nil }
        lineNumber += 1
        return overlong ? .overlong : .carried
    }

    private func refill() throws {
        let count = chunk.withUnsafeMutableBytes { raw in
            path == "<stdin>" ? readAvailable(into: raw) : fread(raw.baseAddress, 1, raw.count, file)
        }
        chunkStart = 0
        chunkEnd = count
        if count == 0 {
            if ferror(file) != 0 {
                throw RecordingError(.unreadable, path: path, line: nil, "read failed: \(String(cString: strerror(errno)))")
            }
            atEOF = true
        }
    }

    /// For a pipe, returns what has arrived rather than waiting for a whole buffer, so that
    /// `tail -f log | turbo-replay explain -` shows each record as soon as it is decided.
    private func readAvailable(into raw: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let n = read(fileno(file), raw.baseAddress, raw.count)
            if n >= 0 { return n }
            if errno != EINTR {
                clearerr(file)
                return 0
            }
        }
    }

    // MARK: - Parsing

    private func parse<R>(_ line: RawLine, _ body: (OpaquePointer, Int) throws -> R) throws -> R? {
        switch line {
        case .overlong:
            throw malformed("line is longer than \(maxLineBytes) bytes")
        case .inChunk(let range):
            return try chunk.withUnsafeBufferPointer { try parse(UnsafeBufferPointer(rebasing: $0[range]), body) }
        case .carried:
            return try carry.withUnsafeBufferPointer { try parse($0, body) }
        }
    }

    private func parse<R>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (OpaquePointer, Int) throws -> R) throws -> R? {
        var length = bytes.count
        while length > 0, isSpace(bytes[length - 1]) { length -= 1 }
        var start = 0
        while start < length, isSpace(bytes[start]) { start += 1 }
        if start == length { return nil }  // blank

        json_tokener_reset(tokener)
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
            case json_tokener_error_depth: throw malformed("not valid JSON: nested deeper than \(JSONLines.defaultMaxDepth) levels")
            default: throw malformed("not valid JSON: \(String(cString: json_tokener_error_desc(status)))")
            }
        }
        defer { json_object_put(object) }
        guard json_object_get_type(object) == json_type_object else {
            throw malformed("expected a JSON object, found \(JSONLines.describe(json_object_get_type(object)))")
        }
        return try body(object, lineNumber)
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }

    func malformed(_ message: String) -> RecordingError {
        RecordingError(.malformed, path: path, line: lineNumber, message)
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
