import PolicyCore
import Replay

extension PolicyDescription {
    /// The policy registered under `id`.
    package static func of(_ id: PolicyID) -> PolicyDescription {
        all.first { $0.id == id }!
    }

    /// Every finding of every policy, in registry order, then the log's own.
    package static var allFindings: [FindingDescription] { all.flatMap(\.findings) + logFindings }

    /// The finding `id` of any policy, or of the log itself; `nil` for an id none has.
    package static func finding(_ id: String) -> FindingDescription? {
        allFindings.first { $0.id == id }
    }

    /// The level of the finding `id`; `nil` for an id no policy (nor the log) has.
    package static func level(ofFinding id: String) -> FindingLevel? { finding(id)?.level }

    /// Every finding id of every policy, in registry order, then the log's own.
    package static var findingIDs: [String] { allFindings.map(\.id) }
}

extension PolicyDescription {
    /// The findings of the log rather than of a policy (`log-cut`): the reader raises them for
    /// both layers, so they are listed once, here, not under the banner and again under the
    /// error view, and no policy's golden, stats section or finding list claims them.
    package static let logFindings: [FindingDescription] = LogFindingKind.allCases.map {
        FindingDescription(id: $0.rawValue, level: $0.level)
    }
}
