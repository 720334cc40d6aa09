/// File names are bytes to the system: they need not be UTF-8, and two spellings of one text
/// (`é` as one character, or `e` and a combining accent) are two files. Swift's `String` holds
/// neither faithfully: made from bytes it repairs invalid UTF-8, and its `==` (and hashing)
/// holds canonically equivalent texts equal. So the tool keeps a path as a `String` that is the
/// path as it is shown, made from the bytes by one rule that can be undone, and gives the bytes
/// back to the system when it opens the path (`withFileSystemPath`):
///
/// - a byte that is not part of valid UTF-8 is shown `\xHH`, and a backslash `\\`;
/// - a part of the path (between slashes) that is not in Unicode's composed form (NFC, as
///   `==` compares texts) has each of its bytes above 0x7F shown `\xHH`;
/// - everything else is itself: an ordinary name reads as it is.
///
/// Two different byte strings never make the same `String`, nor two that `==` holds equal: every
/// name made here is in composed form, where `==` compares scalar by scalar. So sets,
/// dictionaries and `==` on these paths compare them byte for byte, and every place that prints
/// one (text, JSON, an SVG) shows the same escaped form. A `String` path from elsewhere (a
/// library user's) is read by the same rule: only `\\` and `\xHH` are read as escapes.
public enum PathBytes {
    /// The path whose bytes are `bytes` (from `argv`, `readdir`, `realpath`), as the tool
    /// shows and keeps it.
    public static func name(_ bytes: some Collection<UInt8>) -> String {
        if bytes.allSatisfy({ $0 < 0x80 && $0 != backslash }) { return String(decoding: bytes, as: UTF8.self) }
        return Array(bytes).split(separator: slash, omittingEmptySubsequences: false).map(part).joined(separator: "/")
    }

    /// The path at `pointer`, a C string.
    public static func name(cString pointer: UnsafePointer<CChar>) -> String {
        var count = 0
        while pointer[count] != 0 { count += 1 }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: count) { name(UnsafeBufferPointer(start: $0, count: count)) }
    }

    /// The bytes `name` stands for: `\\` and `\xHH` undone.
    public static func bytes(_ name: String) -> [UInt8] {
        let utf8 = Array(name.utf8)
        guard utf8.contains(backslash) else { return utf8 }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == backslash, index + 1 < utf8.count {
                if utf8[index + 1] == backslash {
                    bytes.append(backslash)
                    index += 2
                    continue
                }
                if utf8[index + 1] == UInt8(ascii: "x"), index + 3 < utf8.count,
                    let high = hexValue(utf8[index + 2]), let low = hexValue(utf8[index + 3])
                {
                    bytes.append(high << 4 | low)
                    index += 4
                    continue
                }
            }
            bytes.append(byte)
            index += 1
        }
        return bytes
    }

    /// A command-line value that is text rather than a path (a query parameter's name): its
    /// bytes as UTF-8, as `CommandLine.arguments` would have given it.
    public static func text(_ name: String) -> String { String(decoding: bytes(name), as: UTF8.self) }

    // MARK: - One part of a path

    private static let backslash = UInt8(ascii: "\\")
    private static let slash = UInt8(ascii: "/")
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// One part of a path (no slash in it), by the rules above.
    private static func part(_ bytes: some Collection<UInt8>) -> String {
        var text = ""
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var rest = bytes[...]
        parsing: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if scalar == "\\" { text += "\\\\" } else { text.unicodeScalars.append(scalar) }
                rest = rest.dropFirst(encoded.count)
            case .error(let length):
                for byte in rest.prefix(length) { escape(byte, into: &text) }
                rest = rest.dropFirst(length)
            case .emptyInput:
                break parsing
            }
        }
        guard !isComposed(text) else { return text }
        // Decomposed (or otherwise not NFC): shown byte by byte, where == cannot merge it.
        text = ""
        for byte in bytes {
            if byte == backslash {
                text += "\\\\"
            } else if byte < 0x80 {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                escape(byte, into: &text)
            }
        }
        return text
    }

    private static func escape(_ byte: UInt8, into text: inout String) {
        text += "\\x"
        text.unicodeScalars.append(Unicode.Scalar(hexDigits[Int(byte >> 4)]))
        text.unicodeScalars.append(Unicode.Scalar(hexDigits[Int(byte & 0xF)]))
    }

    /// Whether `text` is in composed form as `==` composes it: its UTF-8 is its NFC's. The
    /// standard library's own normalization is asked (the one `==` uses), so the two cannot
    /// disagree on any character.
    private static func isComposed(_ text: String) -> Bool {
        var utf8 = text.utf8.makeIterator()
        var same = true
        text._withNFCCodeUnits { unit in
            if same, utf8.next() != unit { same = false }
        }
        return same && utf8.next() == nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}

/// Calls `body` with the path `name` stands for as the system reads it (`PathBytes.bytes`,
/// NUL-terminated): every `open`, `stat`, `opendir`, `realpath` of a path the tool was given
/// or found goes through here, so that a name that is not UTF-8 opens the file it names.
public func withFileSystemPath<R>(_ name: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
    guard name.utf8.contains(UInt8(ascii: "\\")) else { return try name.withCString(body) }
    var bytes = PathBytes.bytes(name)
    bytes.append(0)
    return try bytes.withUnsafeBufferPointer { buffer in
        try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
    }
}
