import PolicyCore

/// One layer's own finding in the session (app-session.md v1.1): what `explain` reports on
/// that log alone, with `"layer"` added after its `t` and its times moved to the session clock.
/// Everything else — ids, levels, messages — stays exactly as `explain` wrote it, so the
/// finding reads the same in both places (a message that quotes a native time keeps the log's).
public struct LayerFinding: Equatable, Sendable {
    public enum Layer: String, Sendable {
        case web
        case native
    }

    /// On the session clock.
    public var t: Double
    public var layer: Layer
    public var jsonLine: String

    /// `explain`'s JSON line of a finding (`{"t":…,…}`, as this package writes it: compact,
    /// one object), with `layer` inserted after `t` and each top-level number under a key of
    /// `timeKeys` moved by `offset`. `nil` when the line does not start with a numeric `t`.
    public init?(explained line: String, layer: Layer, offset: Double = 0, timeKeys: Set<String> = ["t"]) {
        var scanner = TopLevelNumbers(Array(line.utf8))
        var out: [UInt8] = []
        var t: Double?
        var copied = 0
        while let (key, range) = scanner.nextNumber() {
            guard timeKeys.contains(key), let value = Double(String(decoding: scanner.bytes[range], as: UTF8.self)) else { continue }
            out += scanner.bytes[copied..<range.lowerBound]
            out += Array(formatMilliseconds(value + offset).utf8)
            copied = range.upperBound
            if key == "t", t == nil {
                t = value + offset
                var head = JSONLine()
                head.string("layer", layer.rawValue)
                // `,"layer":"…"` after the number: the object's own text without its braces.
                out += Array(("," + head.text.dropFirst().dropLast()).utf8)
            }
        }
        guard let t, line.utf8.starts(with: #"{"t":"#.utf8) else { return nil }
        out += scanner.bytes[copied...]
        self.t = t
        self.layer = layer
        jsonLine = String(decoding: out, as: UTF8.self)
    }

    /// Web before native at equal `t`, each layer in `explain`'s order (a stable sort).
    public static func ordered(_ findings: [LayerFinding]) -> [LayerFinding] {
        findings.enumerated().sorted { a, b in
            if a.element.t != b.element.t { return a.element.t < b.element.t }
            if a.element.layer != b.element.layer { return a.element.layer == .web }
            return a.offset < b.offset
        }.map(\.element)
    }
}

/// The numbers that are direct members of one compact JSON object, with their keys: strings
/// (with their escapes), nested objects and arrays are stepped over.
private struct TopLevelNumbers {
    let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Runs for every byte of every finding the session orders: bytes are matched as literals
    /// over a buffer (a debug build makes each `UInt8(ascii:)` a call, and each array read a
    /// bounds check and a retain).
    mutating func nextNumber() -> (key: String, range: Range<Int>)? {
        let found: (key: Range<Int>, number: Range<Int>)? = bytes.withUnsafeBufferPointer { bytes in
            var lastString: Range<Int>?
            while index < bytes.count {
                switch bytes[index] {
                case 0x22:  // "
                    let start = index + 1
                    index = start
                    while index < bytes.count, bytes[index] != 0x22 {
                        index += bytes[index] == 0x5C ? 2 : 1  // \ escapes the next byte
                    }
                    lastString = start..<min(index, bytes.count)
                    index += 1
                case 0x7B, 0x5B:  // { [
                    depth += 1
                    index += 1
                case 0x7D, 0x5D:  // } ]
                    depth -= 1
                    index += 1
                case 0x3A where depth == 1:  // :
                    index += 1
                    let start = index
                    while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
                    if index > start, let key = lastString { return (key, start..<index) }
                default:
                    index += 1
                }
            }
            return nil
        }
        return found.map { (String(decoding: bytes[$0.key], as: UTF8.self), $0.number) }
    }

    /// 0-9, -, ., e, E, +.
    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E || byte == 0x65 || byte == 0x45 || byte == 0x2B
    }
}
