import Foundation

@testable import TestSupport

/// The CLI run by a shell that prepares its world first (plants a link under the name the
/// process will use, sets a limit, an environment) and then `exec`s it, so that the shell's
/// pid (`$$`) is the CLI's own. `script` sees the CLI's path as `$CLI`.
enum ShellRun {
    static func run(_ script: String, environment: [String: String] = [:], timeout: Int = 60) throws -> Fixtures.Run {
        let process = Process()
        // `timeout` ends a run that hangs (a FIFO read forever) instead of the test suite.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var variables = ["CLI=\(Fixtures.cli)"]
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) { variables.append("\(key)=\(value)") }
        process.arguments = ["--default-signal=TERM,HUP,INT"] + variables + ["timeout", "-s", "KILL", String(timeout), "/bin/sh", "-c", script]
        process.currentDirectoryURL = Fixtures.root
        let stdout = Pipe(), stderr = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Fixtures.Run(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// `path` as one shell word.
    static func quoted(_ path: String) -> String { "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
}
