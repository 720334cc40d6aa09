import Foundation
import Testing

@testable import TestSupport

/// `check --update` stopped by SIGTERM or SIGINT says what it wrote before it ends (issue #34,
/// item 12): it stops between recordings, finishes the golden it is writing, lists the goldens
/// written, and exits 128 + the signal (143, 130) with no summary that would read as whole.
@Suite("An interrupted check --update says what it wrote")
struct CheckUpdateStopTests {
    @Test(arguments: [(SIGTERM, "SIGTERM", Int32(143)), (SIGINT, "SIGINT", Int32(130))])
    func stopped(signal: Int32, name: String, status: Int32) throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let count = Self.recordings.count
        for (k, text) in Self.recordings.enumerated() {
            try text.write(toFile: directory + "/r\(k).jsonl", atomically: false, encoding: .utf8)
        }
        let appearing = try DirectoryEvents(directory)
        // The built tool, signalled: its handlers are the process's, and so is the status.
        let process = try Subprocess.cli(["check", "--update", directory])
        // Once some goldens are written, and long before all of them are.
        var goldensWritten = 0
        while process.isRunning, goldensWritten < 20 {
            goldensWritten += appearing.next(timeout: 10).filter { $0.hasSuffix(".expected.jsonl") }.count
        }
        kill(process.pid, signal)
        let run = process.finish()
        let (out, err) = (run.stdout, run.stderr)
        let written = try goldens(in: directory)
        try #require(written.count < count, "the update finished before the signal: make the folder bigger")
        let ended = process.wait()
        #expect(ended == .exited(ended.status), "ended by a signal, not by itself: \(ended)")
        #expect(ended.status == status, "\(err)")
        // Recordings are checked in path order: the last written is the last of them in it.
        let last = try #require(written.sorted().last)
        #expect(
            err.contains(
                "turbo-replay: stopped by \(name): wrote \(written.count) goldens (listed above; the last was \(directory)/\(last));"),
            "\(err)")
        #expect(err.contains("\(count - written.count) recordings were not checked"), "\(err)")
        // Every golden written is listed on stdout, as an update that ran to its end lists them.
        #expect(out.components(separatedBy: "\ncreated ").count - 1 + (out.hasPrefix("created ") ? 1 : 0) == written.count)
        #expect(!out.contains(" passed, "), "a summary would read as a whole run")
        #expect(try !FileManager.default.contentsOfDirectory(atPath: directory).contains { $0.contains(".tmp-") })
    }

    /// The folder's 300 recordings of 20 records, made once for both signals. The signal lands
    /// as the 20th golden appears (inotify) and the update stops at the golden it is writing:
    /// 280 more are the margin for a test that is slow to be scheduled, where each recording
    /// more is one more file written and read for nothing.
    static let recordings: [String] = {
        var generator = RecordingGenerator(seed: 11)
        return (0..<300).map { _ in generator.recording(records: 20).joined(separator: "\n") + "\n" }
    }()

    func goldens(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".expected.jsonl") }
    }
}
