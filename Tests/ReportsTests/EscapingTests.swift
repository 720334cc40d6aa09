import Reports
import Testing

/// What a log's text becomes on the way out: terminal-safe for a console, XML-escaped for an SVG.
@Suite("Escaping")
struct EscapingTests {
    @Test("plain text, accents and emoji pass to the terminal unchanged")
    func plainText() {
        #expect(terminalSafe("") == "")
        #expect(terminalSafe("tab:home") == "tab:home")
        #expect(terminalSafe("Sin conexión 📶") == "Sin conexión 📶")
    }

    @Test("C0 controls (newline, tab, escape), DEL and C1 controls print as \\u{…} escapes, in upper-case hex")
    func controls() {
        #expect(terminalSafe("a\nb") == #"a\u{A}b"#)
        #expect(terminalSafe("a\tb\r") == #"a\u{9}b\u{D}"#)
        #expect(terminalSafe("\u{1B}]0;owned\u{07}") == #"\u{1B}]0;owned\u{7}"#)
        #expect(terminalSafe("\u{7F}\u{85}\u{9F}") == #"\u{7F}\u{85}\u{9F}"#)
    }

    @Test("bidirectional overrides and isolates are escaped; their neighbours are not")
    func bidi() {
        #expect(terminalSafe("a\u{202E}b") == #"a\u{202E}b"#)
        #expect(terminalSafe("\u{2066}x\u{2069}") == #"\u{2066}x\u{2069}"#)
        #expect(terminalSafe("\u{2027}\u{202F}\u{2065}\u{206A}\u{200D}") == "\u{2027}\u{202F}\u{2065}\u{206A}\u{200D}")
    }

    @Test(
        "line and paragraph separators and every bidi control are escaped, one by one",
        arguments: [
            0x2028, 0x2029, 0x200E, 0x200F, 0x061C, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
        ] as [UInt32])
    func separatorsAndBidi(_ value: UInt32) {
        let scalar = Unicode.Scalar(value)!
        var text = "a"
        text.unicodeScalars.append(scalar)
        text += "b"
        #expect(terminalSafe(text) == "a\\u{" + String(value, radix: 16, uppercase: true) + "}b")
    }

    @Test("the five markup characters become entities in XML")
    func markup() {
        #expect(xmlEscaped(#"<a href="x">Tom & 'Jerry'</a>"#) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;")
    }

    @Test("line ends and tabs become spaces in XML: an SVG label is one line")
    func lineEnds() {
        #expect(xmlEscaped("one\ntwo\r\nthree\tfour") == "one two  three four")
    }

    @Test("characters XML 1.0 forbids or discourages become U+FFFD; others pass")
    func forbidden() {
        #expect(xmlEscaped("a\u{0}b\u{1B}c\u{7F}d\u{9F}e\u{FFFE}f\u{FFFF}") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f\u{FFFD}")
        #expect(xmlEscaped("é\u{A0}\u{FFFD}😀") == "é\u{A0}\u{FFFD}😀")
        #expect(xmlEscaped("") == "")
    }
}
