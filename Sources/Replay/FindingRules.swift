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
