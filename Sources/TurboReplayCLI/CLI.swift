import Goldens
import Replay
import TurboRecording

/// The command line as a function: the arguments after the program's name, and a console to
/// print to, give an exit status. `main.swift` calls it with `argv` and the process's own
/// standard output and error; tests call it with a console in memory (as swift-argument-parser
/// tests its commands), and run the built tool only for what needs a process of its own.
package enum CLI {
    /// Runs one command line to its end: the status the command decided, raised to 74 when a
    /// spool failed or when what it printed could not all be written.
    package static func run(_ arguments: [String], console: Console) -> ExitCode {
        // Spool failures are counted for the whole process; this run's are those it added.
        let spoolFailures = Scratch.failures
        var status = dispatch(arguments, console: console)
        // A spool that failed for one log of a fleet was reported as that log's failure: the
        // status still says that the output is incomplete for want of disk.
        if Scratch.failures > spoolFailures { status = max(status, .ioError) }
        do {
            if !console.failed { try console.flush() }
        } catch {
            // What was decided was not all written: the status must say so, whatever the command said.
            console.failure(error)
            status = max(status, .ioError)
        }
        return status
    }

    static let rootHelp = """
        OVERVIEW: Replay recorded Turbo/window events through the offline banner, and native recordings\nthrough the error view's retry policy and the launch policy, exactly.

        USAGE: turbo-replay <subcommand> [options]

        SUBCOMMANDS:
        \(commands.map { "  \($0.spec.name.padded(10))  \($0.spec.summary)" }.joined(separator: "\n"))

        See 'turbo-replay <subcommand> --help' for the options of each, 'turbo-replay --version' for the version.
        """

    /// The subcommand `arguments` name, parsed and run; each kind of error it throws becomes
    /// its exit status.
    static func dispatch(_ arguments: [String], console: Console) -> ExitCode {
        guard let name = arguments.first else {
            console.error(rootHelp)
            return .usage
        }
        if name == "--help" || name == "-h" || name == "help" || name == "--version" {
            do {
                try console.print(name == "--version" ? Version.line : rootHelp)
            } catch {
                console.failure(error)
                return .ioError
            }
            return .ok
        }
        guard let command = commands.first(where: { $0.spec.name == name }) else {
            var message = "turbo-replay: error: unknown subcommand '\(name)'"
            if let guess = closest(to: name, in: commands.map(\.spec.name)) { message += "; did you mean '\(guess)'?" }
            console.error(message + "\nSee 'turbo-replay --help'.")
            return .usage
        }
        do {
            let parsed = try command.spec.parse(Array(arguments.dropFirst()))
            if parsed.wantsHelp {
                try console.print(command.spec.help)
                return .ok
            }
            return try command.run(parsed, console)
        } catch let error as UsageError {
            console.error("turbo-replay: error: \(error.message)\nUSAGE: turbo-replay \(command.spec.usage)\nSee 'turbo-replay \(command.spec.name) --help'.")
            return .usage
        } catch let error as RecordingError {
            console.failure(error)
            return error.kind == .malformed ? .dataError : .noInput
        } catch let error as WriteError {
            console.failure(error)
            return ExitCode(error)
        } catch let error as SpoolError {
            // The disk or TMPDIR, not the input: never 65.
            console.failure(error)
            return .ioError
        } catch {
            console.failure(error)
            return .dataError
        }
    }
}
