import PolicyCore
import TurboRecording

/// A config's `findings` (`FindingsConfig`) checked against the registry and ready to apply:
/// which findings are dropped, which change level, and each threshold. Whatever reports a
/// finding asks it, so that `explain`, its `--fail-on`, `stats` and `session` agree.
package struct FindingRules: Equatable, Sendable {
    package let config: FindingsConfig

    /// No rule: every finding is reported at its own level.
    package init() {
        config = FindingsConfig()
    }

    /// The rules of `config`, each id one the registry knows and each threshold one its
    /// finding takes; else a `.malformed` error (exit 65) naming `path` and the known ids.
    package init(_ config: FindingsConfig, path: String) throws {
        for (id, rule) in config.rules.sorted(by: { $0.key < $1.key }) {
            guard let finding = PolicyDescription.finding(id) else {
                throw RecordingError(
                    .malformed, path: path, line: nil,
                    #"unknown finding "\#(id)" in "findings" (known: \#(PolicyDescription.findingIDs.joined(separator: ", ")))"#)
            }
            if rule.minMs != nil, !finding.takesMinMs {
                let takers = PolicyDescription.allFindings.filter(\.takesMinMs).map(\.id)
                throw RecordingError(
                    .malformed, path: path, line: nil,
                    #""findings.\#(id)" takes no "minMs" (only \#(takers.joined(separator: ", ")) has a threshold); give it a level alone"#)
            }
        }
        self.config = config
    }

    /// Rules already checked by whoever read the config (the command, which names the file).
    package init(checked config: FindingsConfig) {
        self.config = config
    }

    /// The level a finding `id` whose own level is `level` is reported at; `nil`: not reported.
    package func level(of id: String, _ level: FindingLevel) -> FindingLevel? {
        guard let setting = config.rules[id]?.setting else { return level }
        return setting.level
    }

    /// Whether findings `id` are reported at all.
    package func reports(_ id: String) -> Bool {
        config.rules[id]?.setting != .off
    }

    /// The threshold set for `id`, or 0.
    package func minMs(_ id: String) -> Double {
        config.rules[id]?.minMs ?? 0
    }
}
