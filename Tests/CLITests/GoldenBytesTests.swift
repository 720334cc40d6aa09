import Foundation
import Testing

@testable import TestSupport

/// A golden is held to its replay byte for byte (issue #34, item 17): a label spelled
/// e + U+0301 where the replay writes é (canonically equivalent, other bytes) fails `check`,
/// and `--update` rewrites it.
@Suite("A golden differing only in bytes")
struct GoldenBytesTests {
    /// (the precomposed character in the golden, its decomposed spelling).
    static let spellings: [(String, String)] = [("\u{F3}", "o\u{301}"), ("\u{ED}", "i\u{301}")]

    @Test(arguments: spellings)
    func failsAndIsRewritten(_ spelling: (String, String)) throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let source = Fixtures.recordings + "/chromium/airplane-mid-session"
        for suffix in [".jsonl", ".expected.jsonl"] {
            try FileManager.default.copyItem(atPath: source + suffix, toPath: directory + "/r" + suffix)
        }
        if FileManager.default.fileExists(atPath: source + ".config.json") {
            try FileManager.default.copyItem(atPath: source + ".config.json", toPath: directory + "/r.config.json")
        }
        let golden = directory + "/r.expected.jsonl"
        let original = try String(contentsOfFile: golden, encoding: .utf8)
        let respelled = original.replacingOccurrences(of: spelling.0, with: spelling.1, options: .literal)
        try #require(!Array(respelled.utf8).elementsEqual(Array(original.utf8)), "the golden has no \(spelling.0)")
        try respelled.write(toFile: golden, atomically: false, encoding: .utf8)

        let check = try turboReplay(["check", directory])
        #expect(check.status == 1, "\(check.stdout)")
        #expect(check.stdout.contains("FAIL \(directory)/r.jsonl: timeline differs"), "\(check.stdout)")
        let update = try turboReplay(["check", "--update", directory])
        #expect(update.status == 0)
        #expect(update.stdout.contains("updated \(golden)"), "\(update.stdout)")
        #expect(Array(try String(contentsOfFile: golden, encoding: .utf8).utf8) == Array(original.utf8))
    }
}
