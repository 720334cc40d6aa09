import Testing

@testable import PolicyRegistry
@testable import Replay
@testable import Reports

/// The per-log table's columns and how a cell is written.
@Suite("PerLogTable: the columns and the cells")
struct PerLogTableTests {
    @Test("the findings' columns are the registry's ids, in its order, after identity and figures")
    func columns() {
        #expect(PerLogTable.columns.suffix(PolicyDescription.findingIDs.count) == ArraySlice(PolicyDescription.findingIDs))
        #expect(PerLogTable.columns.count == Set(PerLogTable.columns).count, "no column named twice")
        #expect(PerLogTable.header(.csv) == PerLogTable.columns.joined(separator: ","))
        #expect(PerLogTable.header(.jsonl) == nil)
    }

    @Test("a field with a comma or a quote is quoted, its quotes doubled")
    func quoting() {
        #expect(PerLogTable.csvField("a,b") == #""a,b""#)
        #expect(PerLogTable.csvField(#"say "hi""#) == #""say ""hi""""#)
        #expect(PerLogTable.csvField("plain") == "plain")
        #expect(PerLogTable.line([.text("x\ny"), .count(3), .ms(1.5), .flag(false), .none], .csv) == "\"x\ny\",3,1.5,false,")
    }

    @Test("the format is the file's extension, whatever its case")
    func format() {
        #expect(PerLogTable.Format(path: "out/rows.csv") == .csv)
        #expect(PerLogTable.Format(path: "rows.JSONL") == .jsonl)
        #expect(PerLogTable.Format(path: "rows.json") == nil)
        #expect(PerLogTable.Format(path: "csv") == nil)
        #expect(PerLogTable.line([.text("a"), .none], .jsonl).hasPrefix(#"{"path":"a","kind":null"#))
    }
}
