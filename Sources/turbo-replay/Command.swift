

/// A subcommand: its command line, and what it does with it.
struct Command {
    var spec: CommandSpec
    var run: @MainActor (ParsedArguments, Console) throws -> ExitCode
}
