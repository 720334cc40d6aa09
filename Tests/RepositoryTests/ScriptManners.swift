import Foundation
import Testing

@testable import TestSupport

/// Every script a reader is told to run answers `--help` at once, with what it does, and
/// refuses an option it does not take instead of running its job: `bench/run --help` died with
/// a traceback, `e2e/patched_turbo.py --help` wrote a file called `--help`, and the rest ran.
@Suite("Script manners")
struct ScriptManners {
    /// The scripts whose other arguments are another program's: `script/demo`'s are replay's,
    /// `scale/streaming-reducer`'s turbo-replay's (on a Hadoop node), the Capybara runner's
    /// Minitest's. They answer `--help` and pass anything else on.
    static let forwarding: Set<String> = ["script/demo", "scale/streaming-reducer", "examples/capybara/run"]

    /// The scripts, found where they live, so that a new one is held to this too.
    static let scripts: [String] = {
        var found: [String] = []
        for folder in [".ci", "script", "scale", "scale/spark", "bench", "e2e", "fuzz", "examples/capybara", "examples/rails", "gem/test", "android"] {
            let path = Fixtures.root.appendingPathComponent(folder).path
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                let script = folder + "/" + name
                var status = stat()
                guard stat(path + "/" + name, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_mode & 0o100 != 0
                else { continue }
                found.append(script)
            }
        }
        return found.sorted()
    }()

    /// The environment the scripts run in: this process's, with a folder first on the PATH
    /// whose `python3` is `Fixtures.python3`, the interpreter `python3` names here, resolved
    /// once instead of on each of the 80 runs.
    static let environment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        let executable = Fixtures.python3
        guard executable.hasPrefix("/"), let folder = try? Fixtures.scratchDirectory(),
            (try? FileManager.default.createSymbolicLink(atPath: folder + "/python3", withDestinationPath: executable)) != nil
        else { return environment }
        environment["PATH"] = folder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        return environment
    }()

    /// The script's exit status and output, or nil when it is still running after 20 s (it and
    /// what it started are then killed: Foundation's Process makes the child a process group
    /// leader, so its group is the script's).
    static func run(_ script: String, _ argument: String) throws -> (status: Int32, out: String)? {
        let process = Process()
        process.executableURL = Fixtures.root.appendingPathComponent(script)
        process.arguments = [argument]
        process.currentDirectoryURL = Fixtures.root
        process.environment = environment
        let output = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        let end = ProcessEnd(process)
        try process.run()
        guard end.wait(timeout: 20) else {
            kill(-process.processIdentifier, SIGKILL)
            kill(process.processIdentifier, SIGKILL)
            end.wait()
            return nil
        }
        return (process.terminationStatus, String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    @Test("the scripts are found: the ones the README and docs name among them")
    func found() {
        for script in [".ci/run", "script/test", "script/demo", "script/install", "bench/run", "fuzz/run", "e2e/run", "scale/spark/run"] {
            #expect(Self.scripts.contains(script), "\(Self.scripts)")
        }
    }

    @Test("--help says what the script does, and exits 0 at once", arguments: scripts)
    func help(script: String) throws {
        guard let run = try Self.run(script, "--help") else {
            Issue.record("\(script) --help was still running after 20 s: it ran its job"); return
        }
        #expect(run.status == 0, "\(script) --help: \(run.out)")
        #expect(run.out.split(separator: "\n").count >= 2, "\(script) --help: \(run.out)")
        #expect(!run.out.contains("Traceback"), "\(script) --help: \(run.out)")
    }

    @Test(
        "an option it does not take is refused at once, and nothing is written",
        arguments: scripts.filter { !forwarding.contains($0) })
    func unknownOption(script: String) throws {
        guard let run = try Self.run(script, "--no-such-option") else {
            Issue.record("\(script) --no-such-option was still running after 20 s: it ran its job"); return
        }
        #expect(run.status != 0, "\(script): \(run.out)")
        #expect(!run.out.contains("Traceback"), "\(script): \(run.out)")
        #expect(!FileManager.default.fileExists(atPath: Fixtures.root.appendingPathComponent("--no-such-option").path))
    }
}
