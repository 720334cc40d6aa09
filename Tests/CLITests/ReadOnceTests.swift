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

    /// A word of a command line: text, the file under test (`F`: its path, or a pipe that
    /// carries it), or a pipe that carries a file or a text, as bash's `<(cat FILE)` and
    /// `<(echo TEXT)` give one: a name, /dev/fd/N, that can be read once.
    enum Word: ExpressibleByStringLiteral, Sendable {
        case text(String)
        case file
        case pipe(of: String)
        case echo(String)

        init(stringLiteral text: String) { self = text == "F" ? .file : .text(text) }
    }

    /// Runs `words` in this process, with `file` (a path under the repository) in place of `F`
    /// (through a pipe when `piped`): the exit status, and what it printed with standard error
    /// in its place among standard output (`2>&1`), every name of an input (`/dev/fd/N`, a
    /// recording's path, its real path) made `IN`, so that a pipe's run and a file's can be
    /// compared.
    static func run(_ words: [Word], file: String? = nil, piped: Bool = false) throws -> (status: Int32, output: String) {
        var pipes: [Int32] = []
        defer { for fd in pipes { close(fd) } }
        func pipe(carrying bytes: [UInt8]) throws -> String {
            let ends = try Subprocess.pipe()
            pipes.append(ends.read)
            PipeWriter.write(bytes, to: ends.write)
            return "/dev/fd/\(ends.read)"
        }
        func contents(_ path: String) throws -> [UInt8] {
            Array(try Data(contentsOf: URL(fileURLWithPath: path.hasPrefix("/") ? path : Fixtures.root.path + "/" + path)))
        }
        let arguments: [String] = try words.map { word in
            switch word {
            case .text(let text): text
            case .file: piped ? try pipe(carrying: contents(file!)) : file!
            case .pipe(let path): try pipe(carrying: contents(path))
            case .echo(let text): try pipe(carrying: Array((text + "\n").utf8))
            }
        }
        let run = try InProcess.run(arguments.map { Array($0.utf8) }, combined: true)
        var text = String(decoding: run.stdout, as: UTF8.self)
        text = text.replacing(/\/dev\/fd\/[0-9]+/, with: "IN").replacing(Fixtures.root.path + "/", with: "")
        for input in [web, native, archive, launch, sessionWeb, sessionNative] { text = text.replacing(input, with: "IN") }
        return (run.status, text)
    }

    /// Each command that takes a file, with `F` where the file goes.
    static let commands: [(command: [Word], file: String)] = [
        (["replay", "F"], web), (["replay", "--config", .echo(#"{"locale":"en"}"#), "F"], web),
        (["explain", "--config", .echo(#"{"locale":"en"}"#), "F"], web), (["render", "--config", .echo(#"{"platform":"ios"}"#), "F", "-o", "-"], native),
        (["native", "F"], native),
        (["native", "--explain", "F"], native), (["launch", "F"], launch), (["archive", "F"], archive), (["explain", "F"], web), (["explain", "F"], native),
        (["render", "F", "-o", "-"], web), (["stats", "F"], web), (["stats", "F"], native), (["stats", "--partial", "F"], web),
        (["whatif", "--variant", "recover-on-response", "F"], web), (["whatif", "--variant", "recover-on-response", "--format", "jsonl", "F"], web),
        (["whatif", "--variant", "probe-once", "F"], native), (["tune", "F"], web), (["tune", "--partial", "F"], web),
        (["archive", "--summary", "F"], archive),
        (["session", "F", .text(sessionNative)], sessionWeb), (["session", .text(sessionWeb), .pipe(of: sessionNative)], sessionWeb),
        (["session", "--format", "jsonl", "F", .pipe(of: sessionNative)], sessionWeb),
    ]

    @Test("a pipe gives what the file gives", arguments: commands.indices)
    func aPipeIsAFile(_ index: Int) throws {
        let (command, file) = Self.commands[index]
        let fromFile = try Self.run(command, file: file)
        let fromPipe = try Self.run(command, file: file, piped: true)
        #expect(fromFile.status == fromPipe.status, "\(command)")
        #expect(fromFile.output == fromPipe.output, "\(command)")
        #expect(fromPipe.output.count > 100, "\(command): \(fromPipe.output)")
    }

    @Test("session streams a web recording given as a pipe; one whose meta is not its first record is refused (65), not read whole")
    func sessionPipeNeedsItsMetaFirst() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The recording with its meta moved after its first timed record.
        var lines = try String(contentsOfFile: Fixtures.root.path + "/" + Self.sessionWeb, encoding: .utf8).split(separator: "\n").map(String.init)
        lines.swapAt(0, 1)
        let late = directory + "/late.jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: late, atomically: false, encoding: .utf8)
        let file = try Self.run(["session", .text(late), .text(Self.sessionNative)])
        let original = try Self.run(["session", .text(Self.sessionWeb), .text(Self.sessionNative)])
        #expect(file.status == original.status, "a file is looked ahead in for its meta: \(file.output)")
        #expect(file.output.contains("dropToPill"), "\(file.output)")
        let piped = try Self.run(["session", .pipe(of: late), .text(Self.sessionNative)])
        #expect(piped.status == 65, "\(piped.output)")
        #expect(
            piped.output.contains(
                "IN:1: the session cannot be aligned as this web recording arrives: its first record is not its \"meta\""),
            "\(piped.output)")
        // With the offset given, no meta is needed: the pipe is read as it comes.
        let offset = try Self.run(["session", "--offset-ms", "0", .pipe(of: late), .text(Self.sessionNative)])
        #expect(offset.status == original.status, "\(offset.output)")
    }

    @Test("a merge reads a partial given as a pipe once, into a copy", arguments: ["stats", "tune"])
    func mergesCopyAPipe(_ command: String) throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let partial = directory + "/partial.jsonl"
        let made = try turboReplay([command, "--partial", "recordings/chromium"])
        try made.stdout.write(toFile: partial, atomically: false, encoding: .utf8)
        #expect(made.status == 0)
        let fromFile = try Self.run([.text(command), "--merge", .text(partial)])
        let fromPipe = try Self.run([.text(command), "--merge", .pipe(of: partial)])
        #expect(fromFile.status == 0 && fromPipe.status == 0, "\(fromPipe.output)")
        #expect(fromFile.output == fromPipe.output)
    }

    @Test("check refuses a recording that is a FIFO (64), never waiting for a writer")
    func checkRefusesAFIFO() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: Fixtures.root.path + "/" + Self.web, toPath: directory + "/r.jsonl")
        #expect(mkfifo(directory + "/f.jsonl", 0o644) == 0)
        // With no writer: check used to open the FIFO (three or four times over), and wait. The
        // built tool, killed after 20 s: a command that waited here would stop every test.
        let run = try Fixtures.shell(#"exec "$CLI" check "$D/f.jsonl" 2>&1"#, environment: ["D": directory], timeout: 20)
        #expect(run.status == 64, "\(run.stdout)")
        #expect(run.stdout.contains("f.jsonl' is not a regular file (a FIFO or a pipe can be read once)"), "\(run.stdout)")
        let piped = try Self.run(["check", .pipe(of: directory + "/r.jsonl")])
        #expect(piped.status == 64, "\(piped.output)")
    }

    @Test("stats says a web log given as a FIFO cannot be read again for its app session (66)")
    func statsSaysTheSessionNeedsASecondRead() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: Fixtures.root.path + "/" + Self.sessionNative, toPath: directory + "/s.native.jsonl")
        #expect(mkfifo(directory + "/s.jsonl", 0o644) == 0)
        // One writer, bounded in time (its open of the FIFO too): the second read used to wait
        // for another, forever. The built tool, then: a command waiting here would stop every test.
        let writer = "timeout -s KILL 20 sh -c 'cat \(Self.sessionWeb) > \(directory)/s.jsonl' >/dev/null 2>&1 &"
        let script = writer + #" timeout -s KILL 20 "$CLI" stats "$D/s.jsonl" 2>&1; s=$?; kill -9 $! 2>/dev/null; exit $s"#
        let run = try Fixtures.shell(script, environment: ["D": directory])
        #expect(run.status == 66, "\(run.stdout)")
        #expect(run.stdout.contains("logs: 1 read, 0 malformed, 0 unreadable\n"), "\(run.stdout)")
        #expect(run.stdout.contains("s.jsonl: its app session with \(directory)/s.native.jsonl reads it a second time"), "\(run.stdout)")
    }

    @Test("tune - reads the paths of its logs from standard input, as stats - does, each log once")
    func tuneListsFromStandardInput() throws {
        let listed = try turboReplay(["tune", "-"], input: Self.web + "\n" + Self.sessionWeb + "\n")
        let named = try turboReplay(["tune", Self.web, Self.sessionWeb])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout == named.stdout)
        #expect(listed.stdout.hasPrefix("tune: 2 recordings;"), "\(listed.stdout)")
    }
}
