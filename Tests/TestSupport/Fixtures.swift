import Foundation

/// Paths into the repository, and scratch files for a test.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let recordings = root.appendingPathComponent("recordings").path

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

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs the CLI from the package root with `arguments`, feeding `input` on standard input.
    /// With `stdoutPath`, standard output goes to that file (a device such as `/dev/full`)
    /// instead of being captured; `user` runs it as that uid and gid (through setpriv).
    static func run(_ arguments: [String], input: String = "", stdoutPath: String? = nil, user: UInt32? = nil) throws -> Run {
        let process = Process()
        if let user {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", cli] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: cli)
            process.arguments = arguments
        }
        process.currentDirectoryURL = root
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        let sink = try stdoutPath.map { path in
            guard let handle = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileNoSuchFile) }
            return handle
        }
        process.standardOutput = sink ?? stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = sink == nil ? stdout.fileHandleForReading.readDataToEndOfFile() : Data()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try sink?.close()
        return Run(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// Runs a program found on the PATH (`swift`, `ldd`) in the repository's root and returns
    /// what it printed; a non-zero exit is an error that carries its standard error.
    static func run(command: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        process.currentDirectoryURL = root
        let stdout = Pipe(), stderr = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandFailed(
                command: ([command] + arguments).joined(separator: " "), status: process.terminationStatus,
                stderr: String(decoding: err, as: UTF8.self))
        }
        return String(decoding: out, as: UTF8.self)
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
