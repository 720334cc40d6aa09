import Testing
import TurboRecording

/// `RecordingReader.forEachInBatches` (how `stats` reads a log) decodes lines a batch at a time
/// before handing them over: what its caller sees must be what `forEach` shows, record for record,
/// with each skipped line reported and each error thrown after exactly the records before it.
struct BatchedReadCase: CustomTestStringConvertible, Sendable {
    let name: String
    /// The lines after `meta` and `connect`, by number (from 3); others are ordinary records.
    let special: [Int: String]
    let records: Int
    var testDescription: String { name }

    static let cases: [BatchedReadCase] = [
        BatchedReadCase(name: "a log of several batches and a partial one", special: [:], records: 1000),
        BatchedReadCase(name: "shorter than one batch", special: [:], records: 10),
        BatchedReadCase(
            name: "malformed lines, one on each side of a batch's end",
            special: [40: "{", 258: #"{"t":"x","type":"offline"}"#, 259: "[1]", 700: #"{"type":3}"#], records: 1000),
        BatchedReadCase(name: "time going back", special: [300: #"{"t":-5,"type":"online"}"#], records: 600),
        BatchedReadCase(name: "a cut last line", special: [601: #"{"t":9999,"ty"#], records: 600),
    ]

    /// The log's text: a record on every line, each `special` line in its place; the last line
    /// has no line end (so that one of `special` there is the log's cut).
    var text: String {
        var lines = [#"{"type":"meta","version":1,"page":"/"}"#, #"{"t":0,"type":"connect","context":null,"online":true,"page":"/"}"#]
        let types = ["offline", "online", "turbo:frame-load", "turbo:before-fetch-response", "turbo:visit", "turbo:load"]
        for line in 3...(records + 2) {
            lines.append(special[line] ?? #"{"t":\#(line * 10),"type":"\#(types[line % types.count])","target":"f\#(line % 3)"}"#)
        }
        return lines.joined(separator: "\n")
    }
}

@Suite("a log read in batches")
struct BatchedReadTests {
    /// What a caller sees, in order: each record's line, and each line reported skipped; then the
    /// error that ended the read, if one did, and the cut.
    private func seen(_ text: String, lenient: Bool, batched: Bool, buffer: Int = 1 << 16) -> [String] {
        var seen: [String] = []
        let lines = JSONLines(bytes: Array(text.utf8), name: "log.jsonl", readBufferSize: buffer)
        let reader = RecordingReader(lines: lines, lenient: lenient, keepDetails: false) { seen.append("skipped \($0)") }
        do {
            let body: (Record) -> Void = { seen.append("\($0)") }
            try batched ? reader.forEachInBatches(body) : reader.forEach(body)
        } catch {
            seen.append("threw \(error)")
        }
        seen.append("skipped \(reader.skipped), cut \(String(describing: reader.cut))")
        return seen
    }

    @Test("the same records, skips and errors as a line-by-line read", arguments: BatchedReadCase.cases)
    func sameAsForEach(_ row: BatchedReadCase) {
        for lenient in [false, true] {
            for buffer in [1 << 16, 100] {
                let batched = seen(row.text, lenient: lenient, batched: true, buffer: buffer)
                #expect(batched == seen(row.text, lenient: lenient, batched: false, buffer: buffer), "lenient: \(lenient), buffer \(buffer)")
                // Read past its malformed lines, a log is read to its end, batch after batch.
                if lenient { #expect(batched.count > row.records) }
            }
        }
    }

    @Test("what the body throws stops the read, with no record handed over after it")
    func bodyThrows() {
        struct Stop: Error, Equatable {}
        let reader = RecordingReader(lines: JSONLines(bytes: Array(BatchedReadCase.cases[0].text.utf8), name: "log.jsonl"))
        var handed = 0
        #expect(throws: Stop()) {
            try reader.forEachInBatches { _ in
                handed += 1
                if handed == 300 { throw Stop() }
            }
        }
        #expect(handed == 300)
    }
}
