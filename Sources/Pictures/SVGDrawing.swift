import BannerFindings
import NativeFindings
import PolicyCore
import Reports
import VariantAnalysis

/// What every picture here is drawn with: an SVG document built as text, coordinates to a
/// tenth of a unit, and text — always XML-escaped, since most of it comes from recordings —
/// measured with a rough width for the sans-serif fonts a viewer falls back to.
protocol SVGDrawing {
    var out: String { get set }
    /// The width of a glyph as a fraction of the font size.
    var glyphWidth: Double { get }
}

extension SVGDrawing {
    var glyphWidth: Double { 0.58 }

    /// The fonts every picture asks for, widest first (the glyph widths are measured on it).
    var font: String { "font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\"" }

    /// Starts the document: the root at `width` × `height` with the fonts, its `title` (what a
    /// viewer names the picture), any `defs`, and a white page under everything.
    mutating func begin(width: Double, height: Double, title: String, defs: String = "") {
        out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" \(font) font-size=\"12\">\n"
        out += "<title>\(xmlEscaped(title))</title>\n"
        out += defs
        out += "<rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#ffffff\"/>\n"
    }

    /// A coordinate, to a tenth of a unit.
    func n(_ value: Double) -> String {
        formatMilliseconds((value * 10).rounded() / 10)
    }

    mutating func text(
        _ x: Double, _ y: Double, _ content: String, size: Double = 12, weight: String? = nil,
        anchor: String? = nil, fill: String = "#000000"
    ) {
        var attributes = "x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\" fill=\"\(fill)\""
        if let weight { attributes += " font-weight=\"\(weight)\"" }
        if let anchor { attributes += " text-anchor=\"\(anchor)\"" }
        out += "<text \(attributes)>\(xmlEscaped(content))</text>\n"
    }

    /// A rough width for `text` at `size`; `bold` text is wider (measured on DejaVu Sans Bold).
    func textWidth(_ text: String, size: Double, bold: Bool = false) -> Double {
        Double(text.count) * size * (bold ? boldGlyphWidth : glyphWidth)
    }

    var boldGlyphWidth: Double { 0.64 }

    /// `text` at the largest of three sizes that fits `width`, or cut short with "…" at the
    /// smallest; `nil` when not even that fits.
    func fit(_ text: String, width: Double) -> (String, Double)? {
        for size in [12.0, 10.5, 9.5] where textWidth(text, size: size) <= width {
            return (text, size)
        }
        let room = Int(width / (9.5 * glyphWidth)) - 1
        guard room >= 3 else { return nil }
        return (String(text.prefix(room)) + "…", 9.5)
    }

    func shortened(_ text: String, to length: Int) -> String {
        text.count <= length ? text : String(text.prefix(length - 1)) + "…"
    }

    /// `text` in lines of at most `width` characters, broken at spaces.
    func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = String(word)
            } else {
                line += line.isEmpty ? String(word) : " " + word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
