import PolicyCore
import Testing
import TurboRecording

/// Output lines are written by hand; json-c is the reference for how a string is escaped.
@Suite("JSON text")
struct JSONTextTests {
    @Test("every ASCII character is escaped as json-c escapes it", arguments: 0..<128)
    func ascii(_ code: Int) {
        let text = "a" + String(UnicodeScalar(UInt8(code))) + "z"
        #expect(jsonString(text) == jsonCString(text))
    }

    @Test("text beyond ASCII, slashes and quotes", arguments: [
        "Sin conexión — tu viaje se sigue registrando", "No se ha podido enviar. Tu texto sigue aquí…",
        "a/b", #"say "hi""#, #"back\slash"#, "tab\there", "\u{1F}\u{7F}\u{80}\u{FEFF}", "", "😀 \u{202E}",
    ])
    func text(_ text: String) {
        #expect(jsonString(text) == jsonCString(text))
    }

    @Test("a line keeps its keys in the order written")
    func line() {
        var line = JSONLine()
        line.number("t", 816.0360000000001)
        line.string("banner", "offline")
        line.integer("status", 422)
        line.bool("cached", true)
        line.null("until")
        line.raw("lines", "[1,2]")
        #expect(line.text == #"{"t":816.036,"banner":"offline","status":422,"cached":true,"until":null,"lines":[1,2]}"#)
    }
}
