import Foundation
import Testing

@testable import TestSupport

/// One rule for every command that reads many logs (issue #47, item 12): when several statuses
/// apply, the highest wins. One malformed log (65) and one that cannot be read (66) make 66 in
/// `stats`, `tune`, `whatif`, `archive --summary` and `check` alike, and in a merge of their
/// partials. The tests run as root, who reads a mode-000 file anyway: the CLI runs as `nobody`.
@Suite("fleet exit status: the highest wins")
struct FleetExitStatusTests {
    static let nobody: UInt32 = 65534

    /// A folder with a good log, a malformed one and one `nobody` cannot read, of `kind`.
    static func folder(native: Bool) throws -> String {
        let directory = try Fixtures.scratchDirectory()
        let meta = #"{"type":"meta","version":1,"recording":"native","platform":"ios"}"#
        let good = native ? meta + "\n" + #"{"t":1200,"type":"finish","url":"https://app.example.com/a"}"# : #"{"t":1,"type":"offline"}"#
        let bad = (native ? meta + "\n" : "") + "{not json\n"
        try (good + "\n").write(toFile: directory + "/a-good.jsonl", atomically: false, encoding: .utf8)
        try bad.write(toFile: directory + "/b-bad.jsonl", atomically: false, encoding: .utf8)
        try (good + "\n").write(toFile: directory + "/c-locked.jsonl", atomically: false, encoding: .utf8)
        #expect(chmod(directory + "/c-locked.jsonl", 0o000) == 0)
        return directory
    }

    @Test(
        "one malformed log and one unreadable: 66, with both named",
        arguments: [
            (["stats"], false), (["tune"], false), (["whatif", "--variant", "recover-on-response"], false),
            (["whatif", "--variant", "probe-once"], true), (["archive", "--summary"], true), (["check"], false),
        ])
    func highestWins(_ command: [String], native: Bool) throws {
        let directory = try Self.folder(native: native)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try Fixtures.run(command + [directory], user: Self.nobody)
        #expect(run.status == 66, "\(command): \(run.stderr)")
        let said = run.stdout + run.stderr
        #expect(said.contains(directory + "/b-bad.jsonl:"), "\(command): \(said)")
        #expect(said.contains(directory + "/c-locked.jsonl: cannot open: Permission denied"), "\(command): \(said)")
    }

    @Test("a merge of partials that hold both failures: 66", arguments: ["stats", "tune"])
    func mergesToo(_ command: String) throws {
        let directory = try Self.folder(native: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A mapper exits 0: its failures travel in the partial, for the merge to report.
        let partial = try Fixtures.run([command, "--partial", directory], user: Self.nobody)
        #expect(partial.status == 0, "\(partial.stderr)")
        let file = directory + "/partial.txt"
        try partial.stdout.write(toFile: file, atomically: false, encoding: .utf8)
        let merged = try turboReplay([command, "--merge", file])
        #expect(merged.status == 66, "\(merged.stderr)")
    }
}
