import Testing
import TurboRecording

/// Golden values are compared by their UTF-8 bytes (issue #34, item 17): a label with
/// e + U+0301 is not the label with é, though Swift's `String ==` says it is.
@Suite("JSON values compare strings by bytes")
struct ByteValueTests {
    static let spellings: [(String, String)] = [("Sin conexi\u{F3}n", "Sin conexio\u{301}n"), ("K", "\u{212A}")]

    @Test("a string value", arguments: spellings)
    func value(_ pair: (String, String)) {
        #expect(pair.0 == pair.1, "the row must be canonically equivalent")
        #expect(JSONValue(parsing: #"{"label":""# + pair.0 + #""}"#) != JSONValue(parsing: #"{"label":""# + pair.1 + #""}"#))
        #expect(JSONValue(parsing: #"{"label":""# + pair.0 + #""}"#) == JSONValue(parsing: #"{"label":""# + pair.0 + #""}"#))
    }

    @Test("a key", arguments: spellings)
    func key(_ pair: (String, String)) {
        #expect(JSONValue(parsing: #"{""# + pair.0 + #"":1}"#) != JSONValue(parsing: #"{""# + pair.1 + #"":1}"#))
    }
}
