import Foundation
import Testing

@testable import TestSupport

/// `stats` (and `tune`, `archive --summary`, `whatif`) says how far it has read on standard error, never
/// on standard output: to a pipe, a
/// whole line every `TURBO_REPLAY_PROGRESS_SECONDS` (10 s by default, so a short run prints
/// none), and nothing with `--quiet`.
@Suite("stats: progress on standard error")
struct StatsProgressTests {
    /// `turbo-replay ARGUMENTS` with the progress interval set to `seconds`, standard error a
    /// file (not a terminal, as a CI log is).
    static func run(_ arguments: [String], every seconds: String) throws -> Fixtures.Run {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let errPath = directory + "/stderr"
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Fixtures.cli)
        process.arguments = arguments
        process.currentDirectoryURL = Fixtures.root
        process.environment = ProcessInfo.processInfo.environment.merging(["TURBO_REPLAY_PROGRESS_SECONDS": seconds]) { $1 }
        let stdout = Pipe()
        let stderr = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        let end = ProcessEnd(process)
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        end.wait()
        try stderr.close()
        let err = try String(contentsOfFile: errPath, encoding: .utf8)
        return Fixtures.Run(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: err)
    }

    @Test("to a file: whole lines of logs read, bytes, rate and time left; the report unchanged")
    func lines() throws {
        let quiet = try Fixtures.run(["stats", "--quiet", "--jobs", "1", "recordings"])
        #expect(quiet.stderr.isEmpty)
        let run = try Self.run(["stats", "--jobs", "1", "recordings"], every: "0.000001")
        #expect(run.status == quiet.status)
        #expect(run.stdout == quiet.stdout)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        let total = quiet.stdout.split(separator: "\n").first.flatMap { $0.split(separator: " ").dropFirst().first }.map(String.init)
        #expect(lines.count > 10, "\(run.stderr)")
        let pattern = #/turbo-replay: ([0-9,]+) of ([0-9,]+) logs read, [0-9.]+ [KMG]?B, [0-9.]+ [KMG]?B/s(, about [0-9.]+ (s|min|h) left)?/#
        var previous = 0
        for line in lines {
            guard let match = try pattern.wholeMatch(in: line) else {
                Issue.record("not a progress line: \(line)"); continue
            }
            let read = Int(match.1.replacingOccurrences(of: ",", with: ""))!
            #expect(read > previous, "logs read only go up: \(line)")
            #expect(String(match.2) == total, "of the listing's \(total ?? "?") logs: \(line)")
            previous = read
        }
        #expect(!run.stderr.contains("\r"), "whole lines to a file, nothing redrawn")
    }

    @Test("a run shorter than the interval prints none, nor does --quiet at any interval")
    func none() throws {
        #expect(try Self.run(["stats", "recordings/chromium"], every: "3600").stderr.isEmpty)
        #expect(try Self.run(["stats", "--quiet", "recordings/chromium"], every: "0.000001").stderr.isEmpty)
        let partial = try Self.run(["stats", "--partial", "--quiet", "recordings/chromium"], every: "0.000001")
        #expect(partial.stderr.isEmpty)
        #expect(try Self.run(["stats", "--partial", "recordings/chromium"], every: "0.000001").stdout == partial.stdout)
    }

    @Test(
        "tune, archive --summary and whatif say it too, between their own lines; --quiet silences them",
        arguments: [
            ["tune", "--debounce-ms", "300,800"], ["archive", "--summary"], ["whatif", "--variant", "recover-on-response"],
            ["whatif", "--variant", "probe-once"], ["whatif", "--variant", "recover-on-response", "--format", "jsonl"],
        ])
    func otherCommands(_ command: [String]) throws {
        let quiet = try Fixtures.run(command + ["--quiet", "--jobs", "1", "recordings"])
        let run = try Self.run(command + ["--jobs", "1", "recordings"], every: "0.000001")
        #expect(run.status == quiet.status)
        #expect(run.stdout == quiet.stdout)
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        let progress = lines.filter { $0.hasPrefix("turbo-replay: ") && $0.contains(" logs read, ") }
        #expect(progress.count > 10, "\(run.stderr)")
        // Its own lines are the quiet run's, in their order, whole.
        #expect(lines.filter { !progress.contains($0) }.joined(separator: "\n") == quiet.stderr)
    }
}
