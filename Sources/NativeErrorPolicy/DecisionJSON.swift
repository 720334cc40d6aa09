import PolicyCore

/// The canonical decision line of the error-view contract: `t`, `surface`, then the decision,
/// in the contract's order. It is also how a decision describes itself in a failed test.
extension Decision: CustomStringConvertible {
    public var jsonLine: String {
        var line = JSONLine()
        line.number("t", t)
        line.string("surface", surface)
        switch outcome {
        case .view(let variant):
            line.string("view", variant.rawValue)
            if let reason = variant.reason { line.string("reason", reason) }
            if let probe { line.bool("probe", probe) }
        case .retry(.automatic(let trigger)):
            line.string("retry", "auto")
            line.string("trigger", trigger.rawValue)
        case .retry(.manual):
            line.string("retry", "manual")
        case .deferred(let until):
            line.string("deferred", "cooldown")
            line.number("until", until)
        }
        return line.text
    }

    public var description: String { jsonLine }
}
