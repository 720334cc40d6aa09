import BannerFindings
import Fleet
import NativeFindings
import VariantAnalysis

/// Text from a recording is typed by users and written by pages: it goes out escaped for
/// wherever it is printed.

/// `text` made safe inside XML character data and attribute values: the five markup
/// characters as entities, and every character XML 1.0 forbids (C0 controls but tab, LF and
/// CR; U+FFFE, U+FFFF) or discourages (DEL, C1 controls) as U+FFFD. Line ends become spaces,
/// since an SVG label is one line.
package func xmlEscaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        case "\t", "\n", "\r": out += " "
        default:
            let v = scalar.value
            if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0xFFFE || v == 0xFFFF {
                out.unicodeScalars.append("\u{FFFD}")
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out
}

/// `text` made safe for a terminal: control characters (which could move the cursor, retitle
/// the window or hide what follows), Unicode's line and paragraph separators (U+2028, U+2029:
/// a line break to some viewers, none to others) and every bidirectional control (the marks
/// U+200E, U+200F and U+061C, the embeddings and overrides U+202A–U+202E, the isolates
/// U+2066–U+2069: they reorder what follows) are shown as `\u{…}` escapes.
package func terminalSafe(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
        if needsEscape(scalar) {
            out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}

private func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    return v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x061C || v == 0x200E || v == 0x200F || (0x2028...0x202E).contains(v)
        || (0x2066...0x2069).contains(v)
}
