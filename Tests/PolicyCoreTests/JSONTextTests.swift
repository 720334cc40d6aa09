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

    @Test(
        "text beyond ASCII, slashes and quotes",
        arguments: [
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

/// JSON has no infinity or NaN: a JSONLine refuses to print one (issue #20, item 6), and
/// stops the program, since only a bug could bring one there.
@Suite("JSON numbers are finite")
struct JSONNumberTests {
    /// By index: the value goes to the child process as JSON, which cannot carry these.
    @Test("a non-finite number stops the program", arguments: 0..<3)
    func nonFinite(_ index: Int) async {
        await #expect(processExitsWith: .failure) { [index = index as Int] in
            var line = JSONLine()
            line.number("t", [Double.infinity, -Double.infinity, Double.nan][index])
        }
    }

    @Test("the largest times the readers accept print as JSON numbers")
    func largest() {
        var line = JSONLine()
        line.number("t", 9_007_199_254_740_992)
        line.number("u", -9_007_199_254_740_992)
        #expect(line.text == #"{"t":9007199254740992,"u":-9007199254740992}"#)
        #expect(JSONValue(parsing: line.text) != nil)
    }
}
