import Testing

@testable import TurboRecording

/// `JSONLines.peek`: the first record looked at, to tell which kind of log this is, and then
/// read again as part of the log, so standard input can be told apart and read as it arrives.
@Suite("Looking at the first record")
struct PeekTests {
    static let native = #"{"type":"meta","version":1,"recording":"native","platform":"ios"}"#
    static let path = #"{"t":5,"type":"path","online":false}"#

    /// Every line's type and number, read with `next`.
    static func rest(_ lines: JSONLines) throws -> [String] {
        var read: [String] = []
        while let line = try lines.next({ object, number in "\(number):\(Field(object, "type").string ?? "?")" }) { read.append(line) }
        return read
    }

    @Test(
        "the line looked at is read again, with its number, whatever the read buffer and the blank lines before it",
        arguments: [1, 7, 64, 1 << 16])
    func peekThenRead(readBufferSize: Int) throws {
        let bytes = Array(("\n  \n" + Self.native + "\r\n" + Self.path + "\n").utf8)
        let lines = JSONLines(bytes: bytes, name: "x", readBufferSize: readBufferSize)
        #expect(try RecordingKind.of(lines: lines) == .native)
        #expect(try Self.rest(lines) == ["3:meta", "4:path"])
    }

    @Test("a web recording's first record is read again as well")
    func web() throws {
        let lines = JSONLines(bytes: Array(#"{"t":1,"type":"offline"}"#.utf8), name: "x")
        #expect(try RecordingKind.of(lines: lines) == .web)
        let reader = RecordingReader(lines: lines)
        #expect(try reader.next()?.event == .input(t: 1, .offline))
        #expect(try reader.next() == nil)
    }

    @Test("a malformed first line makes a web recording, and its error comes again on reading, naming line 1")
    func malformedFirstLine() throws {
        let lines = JSONLines(bytes: Array("{oops\n{\"t\":1,\"type\":\"offline\"}\n".utf8), name: "x")
        #expect(try RecordingKind.of(lines: lines) == .web)
        #expect(throws: RecordingError.self) { try lines.next { _, _ in true } }
        #expect(lines.lineNumber == 1)
        #expect(try Self.rest(lines) == ["2:offline"])
    }

    @Test("an overlong first line is refused on reading too, and the line after it is read")
    func overlongFirstLine() throws {
        let long = "{\"t\":1,\"type\":\"" + String(repeating: "x", count: 300) + "\"}"
        let lines = JSONLines(bytes: Array((long + "\n" + Self.path + "\n").utf8), name: "x", maxLineBytes: 100, readBufferSize: 16)
        #expect(try RecordingKind.of(lines: lines) == .web)
        #expect(throws: RecordingError.self) { try lines.next { _, _ in true } }
        #expect(try Self.rest(lines) == ["2:path"])
    }

    @Test("an empty input has no first record: a web recording with nothing in it")
    func empty() throws {
        let lines = JSONLines(bytes: Array("\n\n".utf8), name: "x")
        #expect(try RecordingKind.of(lines: lines) == .web)
        #expect(try Self.rest(lines) == [])
    }
}
