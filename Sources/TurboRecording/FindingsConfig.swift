import CJSONC
import PolicyCore

/// The `findings` key of a config file (web, native, or either layer of a session's): how a
/// team tunes the findings it gets, one rule per finding id.
///
///     "findings": {
///       "emulated-online": "off",
///       "relabelled-toast": "info",
///       "stale-pill": {"level": "warning", "minMs": 500}
///     }
///
/// A rule is a level (`off` drops the finding; `info` or `warning` replaces its own level) or
/// an object with an optional `level` and, for a finding with a natural threshold, that
/// threshold (`minMs` for `stale-pill`: a pill that came down within minMs of the response is
/// not reported). This reader checks the shape; which ids and thresholds exist is the
/// policies' registry's to say (`FindingsConfig.validated` in Replay), since it lists them.
public struct FindingsConfig: Equatable, Sendable {
    /// What a rule does with a finding's level.
    public enum Setting: String, CaseIterable, Sendable {
        case off, info, warning

        /// The level it gives; `nil` for `off`.
        public var level: FindingLevel? { self == .off ? nil : FindingLevel(rawValue: rawValue) }
    }

    public struct Rule: Equatable, Sendable {
        /// `nil`: the finding keeps its own level.
        public var setting: Setting?
        /// The finding's threshold, when the rule sets one (`minMs`).
        public var minMs: Double?

        public init(_ setting: Setting? = nil, minMs: Double? = nil) {
            self.setting = setting
            self.minMs = minMs
        }
    }

    /// The rules by finding id, as the file gives them.
    public var rules: [String: Rule]

    public init(_ rules: [String: Rule] = [:]) {
        self.rules = rules
    }

    /// This config with every rule of `other` replacing this one's for the same id.
    public func overridden(by other: FindingsConfig) -> FindingsConfig {
        FindingsConfig(rules.merging(other.rules) { _, new in new })
    }

    /// The `"findings"` member of a config: an object of rules by id.
    static func decode(_ field: Field, fail: (String) -> RecordingError) throws -> FindingsConfig {
        let shape = #"{"stale-pill": {"level": "warning", "minMs": 500}, "emulated-online": "off"}"#
        guard let object = field.object else { throw fail(#""findings" must be an object of rules by finding id: "# + shape) }
        let settings = Setting.allCases.map { #""\#($0.rawValue)""# }.joined(separator: ", ")
        var config = FindingsConfig()
        try forEachMember(object, allowed: nil, fail: fail) { id, value in
            func setting(_ field: Field, _ name: String) throws -> Setting {
                guard let text = field.string, let setting = Setting(rawValue: text) else {
                    throw fail(#""\#(name)" must be one of: \#(settings)"#)
                }
                return setting
            }
            if value.string != nil {
                config.rules[id] = Rule(try setting(value, "findings.\(id)"))
                return
            }
            guard let rule = value.object else {
                throw fail(#""findings.\#(id)" must be one of \#(settings), or an object such as {"level": "warning", "minMs": 500}"#)
            }
            var decoded = Rule()
            try forEachMember(rule, allowed: ["level", "minMs"], fail: { fail(#"in "findings.\#(id)": "# + $0) }) { key, member in
                if key == "level" {
                    decoded.setting = try setting(member, "findings.\(id).level")
                } else {
                    guard let ms = member.finiteNumber, ms >= 0 else { throw fail(#""findings.\#(id).minMs" must be a number of milliseconds, 0 or more"#) }
                    decoded.minMs = ms
                }
            }
            config.rules[id] = decoded
        }
        return config
    }
}
