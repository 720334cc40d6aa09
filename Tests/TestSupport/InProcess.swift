import Foundation
import TurboRecording
import TurboReplayCLI

/// Runs the command line in this process, as the built tool runs it (the way
/// swift-argument-parser tests its commands): each argument made a path as main.swift makes
/// argv's bytes one (`PathBytes`), a console in memory, and the exit status `main.swift` would
/// exit with. Standard input is a pipe that carries `input`, or nothing when `input` is nil
/// and an argument is `-` (as the built tool's is, run by `Fixtures.run`). Relative paths are
/// the repository's root's. What needs a process of its own (signals, another user, the
/// process's standard streams, its environment) runs the built tool instead: `Fixtures.run`.
func turboReplay(_ arguments: [String], input: String? = nil) throws -> Fixtures.Run {
    let run = try InProcess.run(arguments.map { Array($0.utf8) }, input: input.map { Array($0.utf8) })
    return Fixtures.Run(status: run.status, stdout: String(decoding: run.stdout, as: UTF8.self), stderr: String(decoding: run.stderr, as: UTF8.self))
}

/// `turboReplay` over bytes: arguments that need not be UTF-8 (a file name as the system has
/// it), standard input and the outputs as bytes.
enum InProcess {
    struct Output {
        var status: Int32
        var stdout: [UInt8]
        /// Empty when the run was `combined`: standard error went into `stdout`, in order.
        var stderr: [UInt8]
    }

    /// With `combined`, both outputs are one stream in the order they were written, as a
    /// shell's `2>&1` into one pipe gives them.
    static func run(_ arguments: [[UInt8]], input: [UInt8]? = nil, combined: Bool = false) throws -> Output {
        Fixtures.enterRoot()
        let names = arguments.map { PathBytes.name($0.prefix { $0 != 0 }) }
        let out = try MemoryStream()
        let err = combined ? out : try MemoryStream()
        let console = Console(output: out.file, error: err.file)
        let status: ExitCode
        if input != nil || names.contains("-") {
            status = try StandardInput.feeding(input ?? []) { CLI.run(names, console: console) }
        } else {
            status = CLI.run(names, console: console)
        }
        let stdout = out.close()
        return Output(status: status.rawValue, stdout: stdout, stderr: combined ? [] : err.close())
    }
}
