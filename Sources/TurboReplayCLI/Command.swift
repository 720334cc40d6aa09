/// A subcommand: its command line, how a line becomes its typed options (once, before anything
/// runs), and what it does with them.
struct Command: Sendable {
    var spec: CommandSpec
    var run: @Sendable (ParsedArguments, Console) throws -> ExitCode

    init<Options>(
        _ spec: CommandSpec, parse: @escaping @Sendable (ParsedArguments) throws -> Options,
        run: @escaping @Sendable (Options, Console) throws -> ExitCode
    ) {
        self.spec = spec
        self.run = { arguments, console in try run(parse(arguments), console) }
    }
}
