import CJSONC

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small JSON file (a config), read whole, once: parsed where it is known what it configures
/// (`explain --config` reads it before the recording's first record says which layer it is,
/// and parses it as that layer's after), so a FIFO or `<(…)` is read once, as a file is.
public struct JSONDocumentFile: Sendable {
    public let path: String
    let bytes: [UInt8]

    /// Reads the file at `path`: an error (66) when it cannot be opened or read, 65 when it is
    /// larger than a config can be.
    public init(path: String) throws {
        guard let file = withFileSystemPath(path, { fopen($0, "rb") }) else {
            throw RecordingError(.unreadable, path: path, line: nil, "cannot open: \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            bytes.append(contentsOf: buffer[0..<count])
            if count < buffer.count { break }
            if bytes.count > JSONLines.defaultMaxLineBytes {
                throw RecordingError(.malformed, path: path, line: nil, "larger than \(JSONLines.defaultMaxLineBytes) bytes")
            }
        }
        if ferror(file) != 0 {
            throw RecordingError(.unreadable, path: path, line: nil, "read failed: \(String(cString: strerror(errno)))")
        }
        self.path = path
        self.bytes = bytes
    }
}

/// Reads a small JSON file (a config) whole and parses it with json-c. The returned object
/// belongs to the caller (`json_object_put`).
func parseJSONDocument(path: String) throws -> OpaquePointer {
    try parseJSONDocument(JSONDocumentFile(path: path))
}

/// Parses a JSON file read whole with json-c, strictly: one JSON value, valid UTF-8, no NUL, no
/// key twice in one object. The returned object belongs to the caller (`json_object_put`).
func parseJSONDocument(_ document: JSONDocumentFile) throws -> OpaquePointer {
    let path = document.path
    var bytes = document.bytes
    // A UTF-8 byte order mark at the start is allowed, as in a recording.
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    func line(at offset: Int) -> Int { bytes[0..<min(offset, bytes.count)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 } }
    if let nul = bytes.withUnsafeBufferPointer({ $0.isEmpty ? nil : findNul($0.baseAddress!, from: start, to: $0.count) }) {
        let lineStart = bytes[..<nul.offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        throw RecordingError(.malformed, path: path, line: line(at: nul.offset), nulMessage(escaped: nul.escaped, column: nul.offset - lineStart + 1))
    }
    bytes.append(0)
    let tokener = json_tokener_new()!
    defer { json_tokener_free(tokener) }
    json_tokener_set_flags(tokener, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8)
    let parsed = bytes.withUnsafeBufferPointer {
        $0.baseAddress!.withMemoryRebound(to: CChar.self, capacity: $0.count) { json_tokener_parse_ex(tokener, $0 + start, Int32(bytes.count - start)) }
    }
    let status = json_tokener_get_error(tokener)
    // json-c stops at the end of the value: what follows, but for spaces, would be ignored.
    let end = start + json_tokener_get_parse_end(tokener)
    if status == json_tokener_success, let parsed,
        let extra = bytes[min(end, bytes.count)...].dropLast().firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) })
    {
        json_object_put(parsed)
        throw RecordingError(.malformed, path: path, line: line(at: extra), "not valid JSON: more text after the object")
    }
    if status == json_tokener_success, let parsed,
        let bad = bytes.withUnsafeBufferPointer({ firstInvalidUTF8($0.baseAddress!, from: start, to: $0.count - 1) })
    {
        json_object_put(parsed)
        throw RecordingError(.malformed, path: path, line: line(at: bad), "not valid JSON: invalid UTF-8")
    }
    if status == json_tokener_success, let parsed,
        let repeated = bytes.withUnsafeBufferPointer({ RepeatedKeys.first(in: UnsafeBufferPointer(rebasing: $0[start..<min(end, $0.count)])) })
    {
        json_object_put(parsed)
        throw RecordingError(.malformed, path: path, line: line(at: start + repeated.offset), RepeatedKeys.message(repeated.key))
    }
    guard status == json_tokener_success, let parsed else {
        // Count the lines up to where json-c stopped, so the error points at the place.
        let line = line(at: end)
        let why = status == json_tokener_success ? "expected a JSON object, found null" : String(cString: json_tokener_error_desc(status))
        throw RecordingError(.malformed, path: path, line: line, "not valid JSON: \(why)")
    }
    return parsed
}
