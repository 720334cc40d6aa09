/// Output lines are JSON, written here by hand (reading JSON is json-c's job, in the shell;
/// writing it needs no parser): keys in the contract's order, numbers as `appendMilliseconds`
/// prints them, strings escaped exactly as json-c escapes them (`"`, `\` and control
/// characters; `/` and non-ASCII text kept as they are), so a line can be compared byte for
/// byte with one json-c printed.

/// Appends `text` as a JSON string literal, quotes included.
public func appendJSONString(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // Every built-in message needs no escape: scanned and copied in one go over the string's
    // own bytes, on the replay's hot path.
    let copied: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
        if needsEscape(bytes) { return false }
        out.append(contentsOf: bytes)
        return true
    }
    if copied == true {
        out.append(UInt8(ascii: "\""))
        return
    }
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
        case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
        case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
        case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
        case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        case ..<0x20:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            out.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        default: out.append(byte)
        }
    }
    out.append(UInt8(ascii: "\""))
}

/// Whether `bytes` hold a byte JSON escapes: a control character, `"` or `\`. Eight bytes at
/// a time (a word's bytes tested at once, exact: a byte is flagged only when it is one of
/// them), since an output-heavy replay writes a label on most lines.
@inline(__always)
private func needsEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    var index = 0
    while index + 8 <= bytes.count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
        // A byte below 0x20, or a zero byte of `quote` or of `backslash`, sets its high bit.
        let below = (word &- ones &* 0x20) & ~word
        let zero = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
        if (below | zero) & highs != 0 { return true }
        index += 8
    }
    while index < bytes.count {
        let byte = bytes[index]
        if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
        index += 1
    }
    return false
}

/// `text` as a JSON string literal, quotes included.
public func jsonString(_ text: String) -> String {
    var bytes: [UInt8] = []
    appendJSONString(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

/// A JSON object written key by key, in the order the keys are added: the shape of every
/// output line here.
///
///     var line = JSONLine()
///     line.number("t", 1534.6)
///     line.string("banner", "offline")
///     line.text          // {"t":1534.6,"banner":"offline"}
public struct JSONLine: Sendable {
    public private(set) var bytes: [UInt8] = [UInt8(ascii: "{")]

    public init() {}

    private mutating func key(_ name: String) {
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
        appendJSONString(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    /// A number of milliseconds, as the contracts print them. JSON has no infinity or NaN,
    /// and nothing here can make one from what the readers accept (finite times within
    /// ±2^53 ms, finite settings): one reaching a line is a bug, and stops the program rather
    /// than print a line no JSON reader takes.
    public mutating func number(_ name: String, _ value: Double) {
        precondition(value.isFinite, "JSONLine.number(\(jsonString(name)), \(value)): JSON has no non-finite numbers")
        key(name)
        appendMilliseconds(value, to: &bytes)
    }

    public mutating func integer(_ name: String, _ value: Int) {
        key(name)
        bytes.append(contentsOf: String(value).utf8)
    }

    public mutating func string(_ name: String, _ value: String) {
        key(name)
        appendJSONString(value, to: &bytes)
    }

    public mutating func bool(_ name: String, _ value: Bool) {
        key(name)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    public mutating func null(_ name: String) {
        key(name)
        bytes.append(contentsOf: "null".utf8)
    }

    /// A value already written as JSON (an array, a nested object).
    public mutating func raw(_ name: String, _ json: String) {
        key(name)
        bytes.append(contentsOf: json.utf8)
    }

    /// The finished object.
    public var text: String {
        String(decoding: bytes + [UInt8(ascii: "}")], as: UTF8.self)
    }
}

/// Appends a literal's bytes (a key, a piece of punctuation) in one copy, not through the
/// generic path a `String`'s `utf8` view takes (bench/history.md).
@inlinable
public func appendLiteral(_ text: StaticString, to out: inout [UInt8]) {
    text.withUTF8Buffer { out.append(contentsOf: $0) }
}

/// Appends `text`'s UTF-8 bytes unescaped (a name the code chose, like an enum's raw value),
/// straight from the string's own storage when it has one.
@inlinable
public func appendUTF8(_ text: String, to out: inout [UInt8]) {
    if text.utf8.withContiguousStorageIfAvailable({ out.append(contentsOf: $0) }) == nil {
        out.append(contentsOf: text.utf8)
    }
}
