import NativeErrorPolicy
import PolicyCore

/// The canonical line of the archive contract: `t`, then the decision, keys in the contract's
/// order. It is also how a decision describes itself in a failed test.
extension ArchiveDecision: CustomStringConvertible {
    public var jsonLine: String {
        var line = JSONLine()
        line.number("t", t)
        switch outcome {
        case .capture(let key, let via):
            line.string("capture", key)
            line.string("via", via.rawValue)
        case .served(let url, let key, let ageMs):
            line.string("served", url)
            line.string("key", key)
            line.number("ageMs", ageMs)
        case .miss(let url, let toast):
            line.string("miss", url)
            line.string("toast", toast)
        case .passed(let url, let failure, let cached):
            line.string("passed", url)
            switch failure {
            case .code(let code): line.integer("code", code)
            case .turbo(let turbo): line.string("turbo", turbo.rawValue)
            }
            line.bool("cached", cached)
        }
        return line.text
    }

    public var description: String { jsonLine }
}
