import PolicyCore

/// The canonical launch line (launch-policy.md, "Output"): a screen change as `t`, `screen`,
/// `cause` (and `surface`, `view` for `presented`); a decision as `t`, `launch`, `launchMs`.
/// It is also how a record describes itself in a failed test.
extension LaunchRecord: CustomStringConvertible {
    public var jsonLine: String {
        var line = JSONLine()
        line.number("t", t)
        switch self {
        case .screen(let change):
            line.string("screen", change.screen.rawValue)
            line.string("cause", change.cause.name)
            if case .presented(let surface, let view) = change.cause {
                line.string("surface", surface)
                line.string("view", view.rawValue)
            }
        case .launch(let decision):
            line.string("launch", decision.outcome.rawValue)
            line.number("launchMs", decision.launchMs)
        }
        return line.text
    }

    public var description: String { jsonLine }
}
