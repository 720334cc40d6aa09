import Foundation
import Testing

@testable import TestSupport

/// `check` prints file names escaped, as the other commands do (issue #34, item 14): a line
/// end in a name cannot forge a `FAIL` or a summary line, and an escape sequence never
/// reaches the terminal.
@Suite("check escapes the names it prints")
struct CheckNamesEscapedTests {
    static let forged = "x\nFAIL forged\u{1B}[2J"

    func folder() throws -> String {
        let directory = try Fixtures.scratchDirectory()
        var generator = RecordingGenerator(seed: 3)
        let text = generator.recording(records: 30).joined(separator: "\n") + "\n"
        try text.write(toFile: directory + "/\(Self.forged).jsonl", atomically: false, encoding: .utf8)
        return directory
    }

    static func expectSafe(_ run: Fixtures.Run) {
        for text in [run.stdout, run.stderr] {
            #expect(!text.contains("\nFAIL forged"), "a name's line end started a line: \(text)")
            #expect(!text.unicodeScalars.contains("\u{1B}"), "ESC reached the output raw: \(text)")
        }
    }

    @Test("a recording with no golden")
    func missingGolden() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try turboReplay(["check", directory])
        #expect(run.status == 1)
        #expect(run.stdout.contains(#"x\u{A}FAIL forged\u{1B}[2J.jsonl: no golden at"#), "\(run.stdout)")
        Self.expectSafe(run)
    }

    @Test("a golden that differs: the diff names it too")
    func mismatch() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try #"{"t":1,"banner":"hidden","cause":"connect"}"#.appending("\n")
            .write(toFile: directory + "/\(Self.forged).expected.jsonl", atomically: false, encoding: .utf8)
        let run = try turboReplay(["check", directory])
        #expect(run.status == 1)
        #expect(run.stdout.contains(#"timeline differs from "# + directory + #"/x\u{A}FAIL forged\u{1B}[2J.expected.jsonl"#), "\(run.stdout)")
        Self.expectSafe(run)
    }

    @Test("a golden created by --update")
    func created() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try turboReplay(["check", "--update", directory])
        #expect(run.status == 0)
        #expect(run.stdout.contains(#"created "# + directory + #"/x\u{A}FAIL forged\u{1B}[2J.expected.jsonl"#), "\(run.stdout)")
        Self.expectSafe(run)
    }

    @Test("a golden with no recording")
    func stray() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "".write(toFile: directory + "/\(Self.forged).expected.jsonl", atomically: false, encoding: .utf8)
        let run = try turboReplay(["check", directory])
        #expect(run.status == 1)
        #expect(run.stdout.contains(#"FAIL "# + directory + #"/x\u{A}FAIL forged\u{1B}[2J.expected.jsonl: a golden with no recording"#), "\(run.stdout)")
        Self.expectSafe(run)
    }
}
