import Foundation
import Testing
import TurboRecording

@testable import Goldens
@testable import TestSupport

/// A golden that exists but cannot be read is not a missing golden (issue #20, item 10):
/// `check` says it cannot read it (66, naming it) and `--update` leaves it alone, since what
/// it could not read it could not diff. The tests run as root, who reads a mode-000 file
/// anyway: the CLI is run as `nobody` through setpriv for that case, and a directory where the
/// golden should be stands for "cannot be read" in process.
@Suite struct GoldenUnreadableTests {
    static func recordingWithGolden() throws -> (directory: String, golden: GoldenCase) {
        let directory = try Fixtures.scratchDirectory()
        try GoldenWriteTests.recording.write(toFile: directory + "/r.jsonl", atomically: false, encoding: .utf8)
        try GoldenWriteTests.oldGolden.write(toFile: directory + "/r.expected.jsonl", atomically: false, encoding: .utf8)
        return (directory, GoldenCase(recording: directory + "/r.jsonl"))
    }

    @Test func aGoldenThatIsNotAFileIsUnreadableEvenUnderUpdate() throws {
        let (directory, golden) = try Self.recordingWithGolden()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.removeItem(atPath: golden.golden)
        try FileManager.default.createDirectory(atPath: golden.golden, withIntermediateDirectories: false)
        for update in [false, true] {
            guard case .unreadable(let error) = golden.checkFirst(update: update) else {
                Issue.record("update \(update): \(golden.checkFirst(update: false))")
                continue
            }
            #expect(error.kind == .unreadable)
            #expect(error.description == golden.golden + ": not a regular file")
        }
        var status = stat()
        #expect(stat(golden.golden, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR)
    }

    @Test func aGoldenWithMode000IsUnreadableAndNotOverwritten() throws {
        let (directory, golden) = try Self.recordingWithGolden()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // nobody may write the directory: only the golden's own mode stands in the way.
        #expect(chmod(directory, 0o777) == 0)
        #expect(chmod(golden.golden, 0o000) == 0)
        for arguments in [["check", directory], ["check", "--update", directory]] {
            let run = try Fixtures.run(arguments, user: 65534)
            #expect(run.status == 66, "\(arguments): \(run.stderr)")
            #expect((run.stdout + run.stderr).contains(golden.golden + ": cannot open: Permission denied"), "\(arguments): \(run.stdout)")
        }
        #expect(try String(contentsOfFile: golden.golden, encoding: .utf8) == GoldenWriteTests.oldGolden)
        var status = stat()
        #expect(stat(golden.golden, &status) == 0 && status.st_mode & 0o7777 == 0)
        #expect(try GoldenWriteTests.files(in: directory) == ["r.expected.jsonl", "r.jsonl"])
    }

    @Test func updatingAReadOnlyGoldenKeepsItsMode() throws {
        let (directory, golden) = try Self.recordingWithGolden()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(chmod(golden.golden, 0o444) == 0)
        guard case .written(created: false, _) = golden.checkFirst(update: true) else {
            Issue.record("not written")
            return
        }
        #expect(try String(contentsOfFile: golden.golden, encoding: .utf8) == GoldenWriteTests.newGolden)
        var status = stat()
        #expect(stat(golden.golden, &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o444)
    }
}

/// SIGINT or SIGTERM during `check --update` (issue #20, item 11): the temporary being
/// written is removed, and the process still ends by the signal.
@Suite struct GoldenSignalTests {
    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalRemovesTheTemporaryBeingWritten(signal: Int32) async throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        await #expect(processExitsWith: .signal(signal)) { [directory = directory as String, signal = signal as Int32] in
            // As a command run from a shell has it (the test runner's child may not).
            Glibc.signal(signal, SIG_DFL)
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            sigaddset(&unblocked, signal)
            sigprocmask(SIG_UNBLOCK, &unblocked, nil)
            let temporary = directory + "/r.expected.jsonl.tmp-\(getpid())"
            _ = TemporaryRegistry.register(temporary)
            _ = FileManager.default.createFile(atPath: temporary, contents: Data("{\"t\":1,".utf8))
            _ = raise(signal)
        }
        #expect(try GoldenWriteTests.files(in: directory) == [])
    }

    /// The real thing: the CLI sent SIGTERM just as its temporary appears finishes that golden
    /// (whole, renamed into place), then stops with 143 (issue #34, item 12); sent it twice, it
    /// does not wait: the temporary is removed and the process ends by the signal.
    @Test(arguments: [1, 2]) func aTerminatedUpdateLeavesNoTemporary(signals: Int) throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.bigRecording.write(toFile: directory + "/big.jsonl", atomically: false, encoding: .utf8)
        var caught = 0
        for _ in 0..<8 where caught < 3 {
            try GoldenWriteTests.oldGolden.write(toFile: directory + "/big.expected.jsonl", atomically: false, encoding: .utf8)
            let appearing = try DirectoryEvents(directory)
            let process = Process()
            // The test runner's children inherit SIGTERM ignored: env gives the CLI the default,
            // as a shell would.
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["--default-signal=TERM", Fixtures.cli, "check", "--update", directory]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let end = ProcessEnd(process)
            try process.run()
            // env execs the CLI: the same process. Its temporary's name ends in random letters.
            let temporary = "big.expected.jsonl.tmp-\(process.processIdentifier)-"
            while process.isRunning && !appearing.next(timeout: 10).contains(where: { $0.hasPrefix(temporary) }) {}
            let writing = process.isRunning
            for k in 0..<signals where process.isRunning {
                // Two signals sent at once are one (they do not queue): the second after the first's handler.
                if k > 0 { usleep(2000) }
                kill(process.processIdentifier, SIGTERM)
            }
            end.wait()
            let golden = try String(contentsOfFile: directory + "/big.expected.jsonl", encoding: .utf8)
            if writing, signals == 1 {
                #expect(process.terminationReason == .exit && process.terminationStatus == 143)
                #expect(golden != GoldenWriteTests.oldGolden && golden.hasSuffix("}\n"), "the golden being written is finished")
                caught += 1
            } else if writing, process.terminationReason == .uncaughtSignal {
                #expect(process.terminationStatus == SIGTERM)
                #expect(golden == GoldenWriteTests.oldGolden)
                caught += 1
            }
            #expect(try GoldenWriteTests.files(in: directory).allSatisfy { !$0.contains(".tmp-") }, "\((try? GoldenWriteTests.files(in: directory)) ?? [])")
        }
        #expect(caught > 0, "no update was stopped by SIGTERM while its temporary existed")
    }

    /// A recording of 10,000 records, made once for both tests: its golden takes some 60 ms to
    /// write (the records streamed into the temporary, then its fsync), where the test needs
    /// about 3 ms from the temporary's appearing (inotify wakes it at once) to its second
    /// signal. Every run is caught at that size; each record more is only time spent.
    static let bigRecording: String = {
        var generator = RecordingGenerator(seed: 7)
        return generator.recording(records: 10_000).joined(separator: "\n") + "\n"
    }()

    @Test func strayTemporariesOfDeadWritersAreFound() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: false)
        // Written by this version (a random part), and by those before it (none).
        for name in [
            "r.expected.jsonl.tmp-\(Int32.max)-AbCdEfGh", "sub/s.launch.expected.jsonl.tmp-\(Int32.max - 1)",
            "r.expected.jsonl.tmp-\(getppid())-AbCdEfGh", "r.jsonl.tmp-\(Int32.max)", "r.expected.jsonl.tmp-x", "r.jsonl",
            "r.expected.jsonl.tmp-\(Int32.max)-short",
        ] {
            _ = FileManager.default.createFile(atPath: directory + "/" + name, contents: Data())
        }
        let stale = { (paths: [String]) in TemporarySweep.goldens(under: paths, remove: false).stale }
        #expect(
            stale([directory]) == [
                directory + "/r.expected.jsonl.tmp-\(Int32.max)-AbCdEfGh", directory + "/sub/s.launch.expected.jsonl.tmp-\(Int32.max - 1)",
            ])
        #expect(stale([directory + "/r.jsonl"]) == [directory + "/r.expected.jsonl.tmp-\(Int32.max)-AbCdEfGh"])
        #expect(stale([directory + "/sub/"]) == [directory + "/sub/s.launch.expected.jsonl.tmp-\(Int32.max - 1)"])
    }
}
