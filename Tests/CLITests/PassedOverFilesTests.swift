import Foundation
import Testing

@testable import TestSupport

/// What the commands that read directories pass over is said, and never read (a FIFO would
/// wait forever); a golden's leftover temporary is reported by check; durations past 2^53 ms
/// are refused at the command line as in recordings.
@Suite("Passed-over files at the command line")
struct PassedOverFilesTests {
    func directoryWithAFIFO() throws -> String {
        let directory = try Fixtures.scratchDirectory()
        let source = Fixtures.recordings + "/chromium/flap-short"
        try FileManager.default.copyItem(atPath: source + ".jsonl", toPath: directory + "/flap-short.jsonl")
        try FileManager.default.copyItem(atPath: source + ".expected.jsonl", toPath: directory + "/flap-short.expected.jsonl")
        #expect(mkfifo(directory + "/pipe.jsonl", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: directory + "/gone.jsonl", withDestinationPath: directory + "/nothing-here")
        return directory
    }

    @Test(
        "stats, tune, whatif and check skip a FIFO and a dangling link, and say so",
        arguments: [
            ["stats"], ["tune"], ["whatif", "--variant", "recover-on-response"], ["check"], ["archive", "--summary"],
        ])
    func skipped(_ command: [String]) throws {
        let directory = try directoryWithAFIFO()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try turboReplay(command + [directory])
        #expect(run.stderr.contains("\(directory)/pipe.jsonl: skipped: not a regular file"), "\(run.stderr)")
        #expect(run.stderr.contains("\(directory)/gone.jsonl: skipped:"), "\(run.stderr)")
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test("check reports a temporary that an interrupted --update left, and still passes")
    func strayTemporary() throws {
        let directory = try directoryWithAFIFO()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A pid that no process has: the writer is gone.
        let stray = directory + "/flap-short.expected.jsonl.tmp-999999999"
        #expect(FileManager.default.createFile(atPath: stray, contents: Data("{\"t\":1,".utf8)))
        let run = try turboReplay(["check", directory])
        #expect(run.status == 0)
        #expect(run.stderr.contains("\(stray): left by an interrupted check --update"), "\(run.stderr)")
        #expect(run.stdout.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test(
        "a duration past 2^53 ms is a usage error, as it is malformed in a recording",
        arguments: [
            ["replay", "--debounce-ms", "1e300"], ["native", "--settle-ms", "9007199254740993000"], ["tune", "--debounce-ms", "300,1e20"],
        ])
    func inexactDuration(_ arguments: [String]) throws {
        let run = try turboReplay(arguments + [Fixtures.recordings + "/chromium/flap-short.jsonl"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("beyond 2^53 ms"), "\(run.stderr)")
    }
}
