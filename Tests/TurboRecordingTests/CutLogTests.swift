import Foundation
import NativeErrorPolicy
import Replay
import Testing
import TurboRecording

@testable import TestSupport

/// recording-format.md, "A cut log": the last line of a file, when it has no line end and is not
/// a complete JSON object, is the log's cut, not an error. One case per row of the rule.
struct CutCase: CustomTestStringConvertible, Sendable {
    let name: String
    /// The file's bytes after its whole first lines.
    let tail: String
    /// The cut's line, or `nil` when the log ends whole.
    let cut: Int?
    /// The error's line and message, when it is one.
    let error: (line: Int, message: String)?
    var testDescription: String { name }

    static let head =
        [
            #"{"type":"meta","version":1,"page":"/"}"#,
            #"{"t":0,"type":"connect","context":null,"online":true,"page":"/"}"#,
        ].joined(separator: "\n") + "\n"

    static let cases: [CutCase] = [
        CutCase(name: "half an object, no line end: the cut", tail: #"{"t":20,"type":"offl"#, cut: 3, error: nil),
        CutCase(name: "a key cut short, no line end: the cut", tail: #"{"t":20,"ty"#, cut: 3, error: nil),
        CutCase(name: "an object and text after it, no line end: the cut", tail: #"{"t":20,"type":"offline"}{"t":3"#, cut: 3, error: nil),
        CutCase(name: "JSON that is not an object, no line end: the cut", tail: "42", cut: 3, error: nil),
        CutCase(name: "a CR but no LF: still no line end, the cut", tail: "{\"t\":20,\"type\":\"offl\r", cut: 3, error: nil),
        CutCase(name: "a whole object with no line end: read, not a cut", tail: #"{"t":20,"type":"offline"}"#, cut: nil, error: nil),
        CutCase(
            name: "half an object with its line end: malformed", tail: #"{"t":20,"type":"offl"# + "\n", cut: nil,
            error: (3, "not valid JSON: unexpected end of data")),
        CutCase(
            name: "half an object, then a blank last line: malformed", tail: #"{"t":20,"type":"offl"# + "\n\n", cut: nil,
            error: (3, "not valid JSON: unexpected end of data")),
        CutCase(
            name: "cut anywhere but the last line: malformed", tail: #"{"t":20,"type":"offl"# + "\n" + #"{"t":30,"type":"online"}"#, cut: nil,
            error: (3, "not valid JSON: unexpected end of data")),
        CutCase(
            name: "a whole object, no line end, that breaks the format: malformed", tail: #"{"t":-1,"type":"offline"}"#, cut: nil,
            error: (3, #""t" goes back in time: -1 after 0"#)),
    ]
}

@Suite("a cut log")
struct CutLogTests {
    private func read(_ text: String, lenient: Bool = false, buffer: Int = 1 << 16) throws -> (records: [Record], reader: RecordingReader) {
        let lines = JSONLines(bytes: Array(text.utf8), name: "cut.jsonl", readBufferSize: buffer)
        let reader = RecordingReader(lines: lines, lenient: lenient)
        var records: [Record] = []
        try reader.forEach { records.append($0) }
        return (records, reader)
    }

    @Test("the rule, on a web recording, in strict and lenient mode, whatever the read buffer", arguments: CutCase.cases)
    func rule(_ row: CutCase) throws {
        for buffer in [1 << 16, 7] {
            let text = CutCase.head + row.tail
            if let error = row.error {
                #expect(throws: RecordingError(.malformed, path: "cut.jsonl", line: error.line, error.message)) {
                    _ = try read(text, buffer: buffer)
                }
                continue
            }
            for lenient in [false, true] {
                let (records, reader) = try read(text, lenient: lenient, buffer: buffer)
                #expect(reader.cut == row.cut)
                #expect(reader.skipped == 0, "a cut is not a skipped line")
                #expect(records.count == (row.cut == nil ? 3 : 2), "every line before the cut is read")
            }
        }
    }

    @Test("a native log: every line before the cut is read and replayed, the cut is its line")
    func native() throws {
        let text =
            [
                androidMeta, #"{"t":0,"type":"path","online":true}"#,
                #"{"t":10,"type":"presented","surface":"sheet","error":{"kind":"web","code":-8}}"#,
            ].joined(separator: "\n") + "\n" + #"{"t":20,"type":"pres"#
        let reader = NativeRecordingReader(lines: JSONLines(bytes: Array(text.utf8), name: "cut.jsonl"))
        var timeline: [Decision] = []
        try replayNative(reader) { timeline.append($0) }
        #expect(
            timeline.map(\.jsonLine) == [
                #"{"t":10,"surface":"sheet","view":"offline"}"#,
                #"{"t":2510,"surface":"sheet","retry":"auto","trigger":"probe"}"#,
            ])
        #expect(reader.cut == 4)
        #expect(reader.skipped == 0)
    }

    @Test("a native log cut in its meta line has no records: not a native log")
    func cutMeta() throws {
        let reader = NativeRecordingReader(lines: JSONLines(bytes: Array(#"{"type":"meta","vers"#.utf8), name: "cut.jsonl"))
        #expect(throws: RecordingError.self) { _ = try reader.next() }
    }

    @Test("a golden is written whole: its cut last line is an error")
    func goldenIsNeverCut() throws {
        let path = try Fixtures.file(#"{"t":0,"view":"offline"}"# + "\n" + #"{"t":1,"vi"#, name: "cut.expected.jsonl")
        #expect(throws: RecordingError(.malformed, path: path, line: 2, "not valid JSON: unexpected end of data")) {
            _ = try readJSONLineValues(path: path)
        }
    }
}
