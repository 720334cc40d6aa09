import PolicyCore

/// `--fail-on`, shared by the commands that report findings (`explain`, `native --explain`):
/// which level of finding makes the exit status 1. The decision itself is `FailOn.fails`.
extension Option {
    static let failOn = Option(
        name: "fail-on", value: FailOn.allCases.map(\.rawValue).joined(separator: "|"),
        help: "Exit 1 when a finding of this level or above is reported: warning (default), info (any finding), never.")
}

extension FailOn {
    init(_ arguments: ParsedArguments, command: String) throws {
        guard let text = arguments.value(.failOn) else {
            self = .default
            return
        }
        guard let level = FailOn(rawValue: text) else {
            throw UsageError(
                message: "unknown level '\(text)' for '--fail-on'; use "
                    + FailOn.allCases.map { "--fail-on \($0.rawValue)" }.joined(separator: " or "), command: command)
        }
        self = level
    }
}
