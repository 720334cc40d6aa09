/// `--html OUT.html` (`render`, `session`): the self-contained page. One declaration, read the
/// same way by both commands.
extension Option {
    static let html = Option(
        name: "html", value: "OUT.html", help: "Also write one self-contained HTML page to work in: timeline, rows with their raw lines, search.")

    /// The page's path, if asked for. The page points each row at its line, so it reads each
    /// log a second time: a log on standard input cannot be, and is refused (64), as is the
    /// page over one of its logs or on standard output (it is a file to attach to a ticket).
    static func htmlPage(_ arguments: ParsedArguments, reading inputs: [String], command: String) throws -> String? {
        guard let path = arguments.value(html) else { return nil }
        if path == "-" {
            throw UsageError(message: "'--html' writes a file to open in a browser, not standard output: give it a file name", command: command)
        }
        if inputs.contains("-") {
            throw UsageError(
                message: "'--html' reads each log twice (each row points at its line): give the log as a file, not standard input", command: command)
        }
        try refuseOutput(path, overwriting: inputs, option: html, command: command)
        return path
    }
}
