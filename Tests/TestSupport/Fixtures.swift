import Foundation

/// Paths into the repository, and scratch files for a test.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let recordings = root.appendingPathComponent("recordings").path

    /// Every native log under recordings/ (its first line says `"recording":"native"`), goldens left out.
    static func nativeRecordings() throws -> [String] {
        let files = (FileManager.default.enumerator(atPath: recordings)?.allObjects ?? []).compactMap { $0 as? String }
        return try files.filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".expected.jsonl") }.sorted().map { recordings + "/" + $0 }
            .filter { path in
                let first = try String(contentsOfFile: path, encoding: .utf8).prefix { $0 != "\n" }
                return first.replacingOccurrences(of: " ", with: "").contains(#""recording":"native""#)
            }
    }

    /// Writes `text` to a fresh temporary file ending in `name` and returns its path.
    static func file(_ text: String, name: String = "recording.jsonl") throws -> String {
        let path = try scratchDirectory() + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A fresh empty directory for a test's files, inside this process's own (`scratchRoot`).
    static func scratchDirectory() throws -> String {
        let path = scratchRoot + "/" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    /// Where every test of this process keeps its files, removed when the process exits: a test
    /// that forgets (or fails before) its clean-up leaves nothing behind in the temporary
    /// directory, run after run.
    static let scratchRoot: String = {
        let path = scratchRootPath()
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: Fixtures.scratchRootPath()) }
        return path
    }()

    private static func scratchRootPath() -> String { NSTemporaryDirectory() + "turbo-replay-tests-\(getpid())" }

    /// The built `turbo-replay`, beside the test bundle (the test target depends on it).
    static var cli: String {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("turbo-replay")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside.path }
        return root.appendingPathComponent(".build/debug/turbo-replay").path
    }

    /// Makes the repository's root this process's working directory, once: the tests name
    /// recordings by relative paths, and a child (`Subprocess`) or a command run in this
    /// process (CLITests' `turboReplay`) reads them from there. `swift test` run from the root
    /// already has it so.
    static func enterRoot() { _ = inRoot }

    private static let inRoot: Void = { _ = FileManager.default.changeCurrentDirectoryPath(root.path) }()

    /// What a run printed, and how it ended (its exit status; 128 + the signal that ended it).
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs the built CLI with `arguments`, feeding `input` on standard input (a pipe). With
    /// `stdoutPath`, standard output goes to that file (a device such as `/dev/full`) instead of
    /// being captured; `user` runs it as that uid and gid (through setpriv). For what needs the
    /// tool as a process of its own; every other run is in the test's process (`turboReplay`).
    static func run(_ arguments: [String], input: String = "", stdoutPath: String? = nil, user: UInt32? = nil) throws -> Run {
        let standardInput = Subprocess.Input.bytes(Array(input.utf8))
        guard let user else { return try Subprocess.cli(arguments, input: standardInput, stdout: stdoutPath).finish() }
        let asUser = ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", cli] + arguments
        return try Subprocess("/usr/bin/setpriv", asUser.map { Array($0.utf8) }, input: standardInput, stdout: stdoutPath).finish()
    }

    /// Runs `script` with /bin/sh, `$CLI` the built CLI and `environment` added: for a run
    /// whose world is prepared first (a link planted under the name the process will use, a
    /// limit, a redirection) and that then `exec`s the CLI, so that the shell's pid (`$$`) is
    /// the CLI's own. A run still going after `timeout` seconds is killed: status 137.
    static func shell(_ script: String, environment: [String: String] = [:], timeout: Double = 60) throws -> Run {
        let variables = environment.merging(["CLI": cli]) { given, _ in given }
        return try Subprocess("/bin/sh", [Array("-c".utf8), Array(script.utf8)], environment: variables).finish(timeout: timeout)
    }

    /// `path` as one shell word.
    static func shellQuoted(_ path: String) -> String { "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }

    /// The interpreter `python3` names on the PATH, as a path, resolved once for the process
    /// (`python3` itself when it cannot be). A version manager's shim (pyenv's is a shell
    /// script that starts four more processes) would resolve it again on every run and cost
    /// more than the short scripts the tests run; they run under the same interpreter either way.
    static let python3: String = {
        guard let printed = try? run(command: "python3", ["-c", "import sys; print(sys.executable)"]),
            let executable = printed.split(separator: "\n").first.map(String.init), executable.hasPrefix("/")
        else { return "python3" }
        return executable
    }()

    /// Runs a program found on the PATH (`swift`, `ldd`) in the repository's root and returns
    /// what it printed; a non-zero exit is an error that carries its standard error.
    static func run(command: String, _ arguments: [String]) throws -> String {
        let run = try Subprocess("/usr/bin/env", ([command] + arguments).map { Array($0.utf8) }).finish()
        guard run.status == 0 else {
            throw CommandFailed(command: ([command] + arguments).joined(separator: " "), status: run.status, stderr: run.stderr)
        }
        return run.stdout
    }

    struct CommandFailed: Error, CustomStringConvertible {
        var command: String
        var status: Int32
        var stderr: String
        var description: String { "\(command) exited \(status): \(stderr)" }
    }

    /// A fixture list for a parameterised test: a test over nothing passes on nothing, so an
    /// empty (or unreadable) list is an error, which Swift Testing records against the test.
    static func nonEmpty<T>(_ list: [T], _ what: String) throws -> [T] {
        guard !list.isEmpty else { throw EmptyFixtures(what: what) }
        return list
    }

    /// The names (without `.jsonl`) of the recordings in `directory`, goldens left out.
    static func recordingNames(in directory: String) throws -> [String] {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        return try nonEmpty(
            files.filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".expected.jsonl") }
                .map { String($0.dropLast(".jsonl".count)) }.sorted(), "recordings in \(directory)")
    }

    struct EmptyFixtures: Error, CustomStringConvertible {
        var what: String
        var description: String { "no \(what): a test over them would pass on nothing" }
    }
}
