import Foundation
import Testing

@testable import TestSupport

/// Every input named on the command line is opened once and read once (issue #47, item 2): a
/// pipe (`<(cat FILE)`, `/dev/fd/N`) gives every command what the file gives, never an empty log
/// from a second open that finds the pipe drained; where a second pass cannot be avoided, the
/// command says so instead of waiting for a writer that is gone.
@Suite("inputs are read once")
struct ReadOnceTests {
    static let web = "recordings/chromium/offline-form-submit.jsonl"
    static let native = "recordings/native/contract-example.jsonl"
    static let archive = "recordings/archive/contract-example.jsonl"
    static let launch = "recordings/launch/app-screen-lags.jsonl"
    static let sessionWeb = "recordings/session/airplane.jsonl"
    static let sessionNative = "recordings/session/airplane.native.jsonl"

    /// Runs `script` in bash from the repository's root, `$TR` the CLI: what it printed, its
    /// standard error after it, every name of an input (`/dev/fd/N`, a recording's path, its
    /// real path) made `IN`, so that a pipe's run and a file's can be compared.
    static func bash(_ script: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.environment = ["TR": Fixtures.cli, "PATH": "/usr/bin:/bin"]
        process.currentDirectoryURL = Fixtures.root
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var text = String(decoding: data, as: UTF8.self)
        text = text.replacing(/\/dev\/fd\/[0-9]+/, with: "IN").replacing(Fixtures.root.path + "/", with: "")
        for input in [web, native, archive, launch, sessionWeb, sessionNative] { text = text.replacing(input, with: "IN") }
        return (process.terminationStatus, text)
    }

    /// Each command that takes a file, with `F` where the file goes.
    static let commands: [(command: String, file: String)] = [
        ("replay F", web), ("replay --config <(echo '{\"locale\":\"en\"}') F", web),
        ("explain --config <(echo '{\"locale\":\"en\"}') F", web), ("render --config <(echo '{\"platform\":\"ios\"}') F -o -", native),
        ("native F", native),
        ("native --explain F", native), ("launch F", launch), ("archive F", archive), ("explain F", web), ("explain F", native),
        ("render F -o -", web), ("stats F", web), ("stats F", native), ("stats --partial F", web),
        ("whatif --variant recover-on-response F", web), ("whatif --variant recover-on-response --format jsonl F", web),
        ("whatif --variant probe-once F", native), ("tune F", web), ("tune --partial F", web), ("archive --summary F", archive),
        ("session F \(sessionNative)", sessionWeb), ("session \(sessionWeb) <(cat \(sessionNative))", sessionWeb),
        ("session --format jsonl F <(cat \(sessionNative))", sessionWeb),
    ]

    @Test("a pipe gives what the file gives", arguments: commands.indices)
    func aPipeIsAFile(_ index: Int) throws {
        let (command, file) = Self.commands[index]
        let fromFile = try Self.bash("\"$TR\" " + command.replacing("F", with: file))
        let fromPipe = try Self.bash("\"$TR\" " + command.replacing("F", with: "<(cat \(file))"))
        #expect(fromFile.status == fromPipe.status, "\(command)")
        #expect(fromFile.output == fromPipe.output, "\(command)")
        #expect(fromPipe.output.count > 100, "\(command): \(fromPipe.output)")
    }

    @Test("a merge reads a partial given as a pipe once, into a copy", arguments: ["stats", "tune"])
    func mergesCopyAPipe(_ command: String) throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let partial = directory + "/partial.jsonl"
        #expect(try Self.bash("\"$TR\" \(command) --partial recordings/chromium > \(partial)").status == 0)
        let fromFile = try Self.bash("\"$TR\" \(command) --merge \(partial)")
        let fromPipe = try Self.bash("\"$TR\" \(command) --merge <(cat \(partial))")
        #expect(fromFile.status == 0 && fromPipe.status == 0, "\(fromPipe.output)")
        #expect(fromFile.output == fromPipe.output)
    }

    @Test("check refuses a recording that is a FIFO (64), never waiting for a writer")
    func checkRefusesAFIFO() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: Fixtures.root.path + "/" + Self.web, toPath: directory + "/r.jsonl")
        #expect(mkfifo(directory + "/f.jsonl", 0o644) == 0)
        // With no writer: check used to open the FIFO (three or four times over), and wait.
        let run = try Self.bash("timeout -s KILL 20 \"$TR\" check \(directory)/f.jsonl")
        #expect(run.status == 64, "\(run.output)")
        #expect(run.output.contains("f.jsonl' is not a regular file (a FIFO or a pipe can be read once)"), "\(run.output)")
        let piped = try Self.bash("\"$TR\" check <(cat \(directory)/r.jsonl)")
        #expect(piped.status == 64, "\(piped.output)")
    }

    @Test("stats says a web log given as a FIFO cannot be read again for its app session (66)")
    func statsSaysTheSessionNeedsASecondRead() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: Fixtures.root.path + "/" + Self.sessionNative, toPath: directory + "/s.native.jsonl")
        #expect(mkfifo(directory + "/s.jsonl", 0o644) == 0)
        // One writer, bounded in time (its open of the FIFO too): the second read used to wait
        // for another, forever.
        let writer = "timeout -s KILL 20 sh -c 'cat \(Self.sessionWeb) > \(directory)/s.jsonl' >/dev/null 2>&1 &"
        let run = try Self.bash(writer + " timeout -s KILL 20 \"$TR\" stats \(directory)/s.jsonl; s=$?; kill -9 $! 2>/dev/null; exit $s")
        #expect(run.status == 66, "\(run.output)")
        #expect(run.output.contains("sessions: 1 read, 0 malformed, 0 unreadable\n"), "\(run.output)")
        #expect(run.output.contains("s.jsonl: its app session with \(directory)/s.native.jsonl reads it a second time"), "\(run.output)")
    }

    @Test("tune - reads the paths of its logs from standard input, as stats - does, each log once")
    func tuneListsFromStandardInput() throws {
        let listed = try Fixtures.run(["tune", "-"], input: Self.web + "\n" + Self.sessionWeb + "\n")
        let named = try Fixtures.run(["tune", Self.web, Self.sessionWeb])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout == named.stdout)
        #expect(listed.stdout.hasPrefix("tune: 2 sessions;"), "\(listed.stdout)")
    }
}
