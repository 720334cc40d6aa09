import Testing
import TurboRecording

/// A key given twice in one object, which json-c keeps the last of silently (issue #47, item
/// 16), found in the text json-c accepted: by its bytes, or as json-c reads an escaped key.
@Suite struct RepeatedKeysTests {
    static func first(_ text: String) -> (key: String, offset: Int)? {
        Array(text.utf8).withUnsafeBufferPointer { RepeatedKeys.first(in: $0) }
    }

    static func membersWritten(_ text: String) -> Int {
        Array(text.utf8).withUnsafeBufferPointer { RepeatedKeys.membersWritten(in: $0) }
    }

    @Test("json-c itself keeps the last of two, even strict: why this exists")
    func jsonCKeepsTheLast() throws {
        let value = try #require(JSONValue(parsing: #"{"version":6,"version":7}"#))
        #expect(value == .object(["version": .number(7)]))
        #expect(value.members == 1)
        #expect(Self.membersWritten(#"{"version":6,"version":7}"#) == 2)
    }

    @Test("the first key given twice, and where its second is")
    func found() throws {
        let text = #"{"format":"x","version":6,"version":6}"#
        let found = try #require(Self.first(text))
        #expect(found.key == "version")
        #expect(found.offset == text.utf8.count - #""version":6}"#.utf8.count)
        // Nested, in an array, after strings full of what looks like structure.
        let nested = #"{"a":"{\"b\":1,\"b\":2}","list":[{"x":1},{"x":2,"y":[":",","],"y":3}]}"#
        #expect(Self.first(nested)?.key == "y")
        // An escaped spelling is the same key to json-c.
        #expect(Self.first(#"{"findings":{"stale-pill":"off","st\u0061le-pill":"info"}}"#)?.key == "stale-pill")
        // Past the few compared one by one: the many a hostile object may have.
        let many = "{" + (0..<100).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + #","k57":0}"#
        #expect(Self.first(many)?.key == "k57")
    }

    @Test("distinct keys, the same key in two objects, composed and decomposed keys: none repeated")
    func notFound() {
        for text in [
            #"{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]}"#, #"{"a\"":1,"a":2}"#, #"{"café":1,"cafe\#u{301}":2}"#, "[]", #""a""#,
            #"{"s":"\\","t":"\\\""}"#, "{}",
        ] {
            #expect(Self.first(text) == nil, "\(text)")
            if let value = JSONValue(parsing: text), !text.contains("café") {
                #expect(Self.membersWritten(text) == value.members, "\(text)")
            }
        }
    }

    @Test("never reads past a text that is not JSON")
    func boundedOnGarbage() {
        for text in [#"{"a"#, #"{"a\"#, #"{"a":1,"a"#, #"{"a":1,"#, "\"", "\\", "{{{{", "}}]]", #"{"\"#] {
            _ = Self.first(text)
            _ = Self.membersWritten(text)
        }
    }
}
