import Foundation

/// The boxes a picture's texts take, read off the emitted SVG: each `<text>` at its `x`, `y`,
/// `font-size` and `text-anchor`, as wide as the pictures reckon a text (0.58 of the size a
/// glyph, 0.64 bold, what DejaVu Sans measures at most on these texts), from 0.75 of the size
/// above its baseline to 0.2 below. A text clipped to its span (`clip-path`) is left out: it
/// cannot leave it. The pictures write every attribute in double quotes and escape every `<`.
struct SVGTextBoxes {
    struct Box {
        var x0, y0, x1, y1: Double
        var text: String

        func overlaps(_ other: Box) -> Bool {
            min(x1, other.x1) - max(x0, other.x0) > 0.5 && min(y1, other.y1) - max(y0, other.y0) > 0.5
        }
    }

    let width: Double
    let boxes: [Box]

    init(_ svg: String) {
        width = Self.number(Self.attributes(of: Self.first(#"<svg [^>]*>"#, in: svg) ?? "")["width"]) ?? 0
        var boxes: [Box] = []
        for match in Self.all(#"<text ([^>]*)>([^<]*)</text>"#, in: svg) {
            let attributes = Self.attributes(of: match[1])
            guard attributes["clip-path"] == nil, let x = Self.number(attributes["x"]), let y = Self.number(attributes["y"]),
                let size = Self.number(attributes["font-size"])
            else { continue }
            let text = Self.unescaped(match[2])
            let w = Double(text.count) * size * (attributes["font-weight"] == "bold" ? 0.64 : 0.58)
            let x0 = attributes["text-anchor"] == "end" ? x - w : attributes["text-anchor"] == "middle" ? x - w / 2 : x
            boxes.append(Box(x0: x0, y0: y - size * 0.75, x1: x0 + w, y1: y + size * 0.2, text: text))
        }
        self.boxes = boxes
    }

    /// Every pair of texts that overlap, and every text past the page's left or right edge.
    var problems: [String] {
        var problems: [String] = []
        for (index, box) in boxes.enumerated() {
            if box.x0 < -0.5 || box.x1 > width + 0.5 { problems.append("past the edge: “\(box.text)” (\(Int(box.x0))…\(Int(box.x1)))") }
            for other in boxes[(index + 1)...] where box.overlaps(other) {
                problems.append("“\(box.text)” over “\(other.text)” at \(Int(box.x0)), \(Int(box.y0))")
            }
        }
        return problems
    }

    /// Each `name="value"` in the tag, a later name's value over an earlier one's, read in one
    /// pass over the bytes (it runs for every tag of every picture the suites read, where a
    /// regular expression copies the text to UTF-16 each call). A name is a letter, then
    /// letters, digits, `:` and `-`: `x1`, `stroke-width`, `xlink:href`.
    static func attributes(of tag: String) -> [String: String] {
        var result: [String: String] = [:]
        let bytes = Array(tag.utf8)
        func isLetter(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
        func isName(_ byte: UInt8) -> Bool { isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x3A || byte == 0x2D }
        var at = 0
        while at < bytes.count {
            guard isLetter(bytes[at]) else {
                at += 1
                continue
            }
            var end = at
            while end < bytes.count, isName(bytes[end]) { end += 1 }
            // Every start inside the run ends it where this one does: it matches here or nowhere.
            guard end + 1 < bytes.count, bytes[end] == 0x3D, bytes[end + 1] == 0x22,
                let close = bytes[(end + 2)...].firstIndex(of: 0x22)
            else {
                at = end
                continue
            }
            result[String(decoding: bytes[at..<end], as: UTF8.self)] = String(decoding: bytes[(end + 2)..<close], as: UTF8.self)
            at = close + 1
        }
        return result
    }

    static func number(_ text: String?) -> Double? { text.flatMap(Double.init) }

    static func unescaped(_ text: String) -> String {
        // Most texts hold no entity: Foundation's five searches are then skipped.
        guard text.utf8.contains(0x26) else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    static func first(_ pattern: String, in text: String) -> String? { all(pattern, in: text).first?[0] }

    /// Each match of `pattern` in `text`: the whole match, then its groups.
    static func all(_ pattern: String, in text: String) -> [[String]] {
        let regex = compiled(pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (0..<match.numberOfRanges).map { Range(match.range(at: $0), in: text).map { String(text[$0]) } ?? "" }
        }
    }

    /// Each pattern compiled once for the process: `attributes(of:)` alone runs for every tag
    /// of every picture the suites read.
    private static func compiled(_ pattern: String) -> NSRegularExpression {
        if let regex = regexLock.withLock({ regexes[pattern] }) { return regex }
        let regex = try! NSRegularExpression(pattern: pattern)
        regexLock.withLock { regexes[pattern] = regex }
        return regex
    }

    private static let regexLock = NSLock()
    nonisolated(unsafe) private static var regexes: [String: NSRegularExpression] = [:]
}
