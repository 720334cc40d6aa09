import Pictures

/// `--from MS` and `--to MS`: a window of time, in `render` (the recording's own ms) and in
/// `session` (the session's, which is the page's recording's). Declared once, each help a
/// function of the clock it names; read and checked the same way by both.
enum WindowOptions {
    static func from(_ help: String) -> Option { Option(name: "from", value: "MS", help: help) }
    static func to(_ help: String) -> Option { Option(name: "to", value: "MS", help: help) }

    /// The window given (`from`, `to`: the command's two options), or none: any finite numbers,
    /// negative included (a clock may start below 0), `to` after `from`.
    static func limits(_ arguments: ParsedArguments, from: Option, to: Option, command: String) throws -> RenderLimits {
        var limits = RenderLimits()
        if let value = arguments.value(from) { limits.from = try time(value, from, command: command) }
        if let value = arguments.value(to) { limits.to = try time(value, to, command: command) }
        if let start = limits.from, let end = limits.to, end <= start {
            throw UsageError(
                message: "'--to' must be after '--from' (got \(arguments.value(from) ?? "") and \(arguments.value(to) ?? ""))", command: command)
        }
        return limits
    }

    private static func time(_ text: String, _ option: Option, command: String) throws -> Double {
        guard isDecimal(text), let ms = Double(text), ms.isFinite else {
            throw UsageError(message: "'\(option.spelling)' takes a time in ms (got '\(text)')", command: command)
        }
        try refuseInexact(ms, text: text, option: option, command: command)
        return ms
    }
}
