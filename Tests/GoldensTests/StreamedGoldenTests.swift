import Foundation
import Testing
import TurboRecording

@testable import Goldens
@testable import TestSupport

/// `check` compares a timeline with its golden as both stream (issue #20, item 13): what it
/// holds is bounded whatever their length, a long diff shows its first difference in context
/// and says what it leaves out, and a new golden's listing says how many records it did not list.
@Suite struct StreamedGoldenTests {
    /// A web recording of `cycles` network cuts, each giving three banner records (the pill at
    /// the end of the debounce, back online, hidden after the flash): 3 × `cycles` records.
    static func longRecording(cycles: Int) -> String {
        var lines = [#"{"type":"meta","version":1,"source":"test"}"#, #"{"t":0,"type":"connect","context":null,"online":true,"page":"/"}"#]
        for k in 0..<cycles {
            let t = 10_000 * (k + 1)
            lines.append(#"{"t":\#(t),"type":"offline"}"#)
            lines.append(#"{"t":\#(t + 1000),"type":"online"}"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func setUp(cycles: Int) throws -> (directory: String, golden: GoldenCase) {
        let directory = try Fixtures.scratchDirectory()
        try longRecording(cycles: cycles).write(toFile: directory + "/long.jsonl", atomically: false, encoding: .utf8)
        return (directory, GoldenCase(recording: directory + "/long.jsonl"))
    }

    static func goldenLines(_ golden: GoldenCase) throws -> [String] {
        try String(contentsOfFile: golden.golden, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test func aNewLongGoldenListsItsFirstRecordsAndSaysHowManyMore() throws {
        let (directory, golden) = try Self.setUp(cycles: 500)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        guard case .written(created: true, let diff) = golden.checkFirst(update: true) else {
            Issue.record("\(golden.checkFirst(update: false))")
            return
        }
        let rows = diff.split(separator: "\n")
        #expect(rows.count == TimelineComparison.keptInFull + 1)
        #expect(rows.last == "… and 500 more records (1500 in all)")
        #expect(try Self.goldenLines(golden).count == 1500)
        #expect(golden.checkFirst() == .passed)
    }

    @Test func aLongDiffShowsTheFirstDifferenceInContextAndSaysWhereItIsCut() throws {
        let (directory, golden) = try Self.setUp(cycles: 500)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = golden.checkFirst(update: true)
        var lines = try Self.goldenLines(golden)
        let changed = lines[900]
        lines[900] = changed.replacingOccurrences(of: "Sin conexión", with: "Sin conexion")
        #expect(lines[900] != changed)
        try (lines.joined(separator: "\n") + "\n").write(toFile: golden.golden, atomically: false, encoding: .utf8)

        guard case .mismatch(let diff) = golden.checkFirst() else {
            Issue.record("\(golden.checkFirst())")
            return
        }
        let rows = diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(rows[0] == "    … 897 equal records")
        #expect(rows[1...3] == ArraySlice(lines[897..<900].map { "    " + $0 }))
        #expect(rows[4] == "> - " + lines[900])
        #expect(rows[5] == "  + " + changed)
        #expect(
            rows.contains(
                "    … the diff is cut here: 580 more golden records and 580 more replayed records are not shown (the golden has 1500 records, the replay 1500)"
            ))
        #expect(rows.contains("  \(golden.golden):901: label: \"Sin conexion\" ≠ \"Sin conexión\""))
        #expect(rows.count < 60)
    }

    @Test func aToleranceHoldsOverALongTimeline() throws {
        let (directory, golden) = try Self.setUp(cycles: 500)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = golden.checkFirst(update: true)
        // Every time 2 ms later, as a re-capture would have it.
        let shifted = try Self.goldenLines(golden).map { line -> String in
            let value = line.split(separator: ",", maxSplits: 1)
            let t = Double(value[0].dropFirst(#"{"t":"#.count))!
            return #"{"t":\#(Int(t) + 2),"# + value[1]
        }
        try (shifted.joined(separator: "\n") + "\n").write(toFile: golden.golden, atomically: false, encoding: .utf8)
        #expect(golden.checkFirst(tolerance: Tolerance(milliseconds: 5)) == .passed)
        guard case .mismatch(let diff) = golden.checkFirst() else {
            Issue.record("exact: \(golden.checkFirst())")
            return
        }
        #expect(diff.hasPrefix("> - " + shifted[0]))
        #expect(diff.contains("the diff is cut here"))
        // Within the tolerance, --update leaves the golden as it was.
        #expect(golden.checkFirst(update: true, tolerance: Tolerance(milliseconds: 5)) == .passed)
        #expect(try Self.goldenLines(golden) == shifted)
    }

    @Test func aComparisonHoldsABoundedNumberOfRecordsWhateverTheirCount() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Ten times the records the comparison may hold (2,046): held whole, they would be plain.
        let count = 20_000
        let line = { (k: Int) in Array(#"{"t":\#(k),"banner":"hidden"}"#.utf8) }
        var text: [UInt8] = []
        for k in 0..<count { text += (k == 12_000 ? Array(#"{"t":1,"banner":"hidden"}"#.utf8) : line(k)) + [0x0A] }
        let path = directory + "/big.expected.jsonl"
        try Data(text).write(to: URL(fileURLWithPath: path))
        let comparison = TimelineComparison(golden: path, reader: try JSONLines(path: path), tolerance: .exact)
        var most = 0
        for k in 0..<count {
            comparison.replayed(line(k))
            most = max(most, comparison.recordsHeld)
        }
        comparison.finish()
        #expect(most <= 2 * TimelineComparison.keptInFull + 2 * TimelineComparison.context + 2 * TimelineComparison.window)
        #expect(!comparison.passed)
        #expect(comparison.firstDifference == 12_000)
        #expect(comparison.diff.hasPrefix("    … 11997 equal records\n"))
    }

    @Test func aComparisonOfLongRecordsHoldsABoundedNumberOfBytes() throws {
        // 40 records of 400 KB each (a log of huge URLs): a thousand of them would be 400 MB
        // on each side; the bound in bytes keeps a few, and the diff still shows the first difference.
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Put together as bytes: a 400 KB string made an array byte by byte 81 times is seconds of a debug build.
        let padding = [UInt8](repeating: UInt8(ascii: "a"), count: 400_000)
        let line = { (k: Int) in Array(#"{"t":\#(k),"url":"https://app.example.com/"#.utf8) + padding + Array(#""}"#.utf8) }
        var text: [UInt8] = []
        for k in 0..<40 { text += (k == 30 ? line(1000) : line(k)) + [0x0A] }
        let path = directory + "/long.expected.jsonl"
        try Data(text).write(to: URL(fileURLWithPath: path))
        let comparison = TimelineComparison(golden: path, reader: try JSONLines(path: path), tolerance: .exact)
        var most = 0
        for k in 0..<40 {
            comparison.replayed(line(k))
            most = max(most, comparison.bytesHeld)
        }
        comparison.finish()
        let record = line(0).count
        #expect(most <= 4 * (TimelineComparison.keptBytes + record) + 2 * TimelineComparison.context * record)
        #expect(!comparison.passed && comparison.firstDifference == 30)
        #expect(comparison.diff.contains("the diff is cut here"))
    }
}
