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

    mutating func nextNumber() -> (key: String, range: Range<Int>)? {
        var lastString: Range<Int>?
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let start = index + 1
                index = start
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                lastString = start..<min(index, bytes.count)
                index += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                index += 1
            case UInt8(ascii: ":") where depth == 1:
                index += 1
                let start = index
                while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
                if index > start, let key = lastString {
                    return (String(decoding: bytes[key], as: UTF8.self), start..<index)
                }
            default:
                index += 1
            }
        }
        return nil
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+")
    }
}
