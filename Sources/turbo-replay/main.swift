import Goldens
import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let rootHelp = """
    OVERVIEW: Replay recorded Turbo/window events through the offline banner, and native recordings\nthrough the error view's retry policy and the launch policy, exactly.

    USAGE: turbo-replay <subcommand> [options]

    SUBCOMMANDS:
    \(commands.map { "  \($0.spec.name.padded(10))  \($0.spec.summary)" }.joined(separator: "\n"))

    See 'turbo-replay <subcommand> --help' for the options of each, 'turbo-replay --version' for the version.
    """

@MainActor func main(_ arguments: [String], console: Console) -> ExitCode {
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
    } catch let error as SortedSpool.Failure {
        // A listing that could not be spooled is the disk's failure, not the input's.
        console.failure(error)
        return .ioError
    } catch {
        console.failure(error)
        return .dataError
    }
}

let console = Console()
var status = main(Array(CommandLine.arguments.dropFirst()), console: console)
do {
    if !console.failed { try console.flush() }
} catch {
    // What was decided was not all written: the status must say so, whatever the command said.
    console.failure(error)
    status = max(status, .ioError)
}
exit(status.rawValue)
