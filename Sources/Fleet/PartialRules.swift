import PolicyCore
import PolicyRegistry
import Replay
import TurboRecording

/// The config's `findings` rules in a `stats` partial's header, as the config gives them (ids
/// sorted): a finding turned off is not counted, a threshold counts fewer, and a level is the
/// report's. Partials made with other rules are not merged, and the merge reports with the
/// rules its partials were made with, as one run with the config would.
///
///     "rules":{"online-lied":"off","stale-pill":{"level":"warning","minMs":500.0}}
extension StatsPartial {
    static func rules(_ config: FindingsConfig) -> String {
        var line = JSONLine()
        for (id, rule) in config.rules.sorted(by: { $0.key < $1.key }) {
            if let setting = rule.setting, rule.minMs == nil {
                line.string(id, setting.rawValue)
                continue
            }
            var object = JSONLine()
            if let setting = rule.setting { object.string("level", setting.rawValue) }
            if let minMs = rule.minMs { object.raw("minMs", exact(minMs)) }
            line.raw(id, object.text)
        }
        return line.text
    }

    /// The header's `"rules"`, held to what a config may say (`FindingRules`).
    static func decodeRules(_ value: JSONValue, fail: (String) -> RecordingError) throws -> FindingsConfig {
        guard case .object(let object) = value else { throw fail("a partial's \"rules\" is an object of rules by finding id") }
        func setting(_ value: JSONValue?, _ what: String) throws -> FindingsConfig.Setting {
            guard case .string(let name)? = value, let setting = FindingsConfig.Setting(rawValue: name) else {
                throw fail("\"\(what)\" is one of: " + FindingsConfig.Setting.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return setting
        }
        var config = FindingsConfig()
        for (id, value) in object {
            guard case .object(let members) = value else {
                config.rules[id] = FindingsConfig.Rule(try setting(value, "rules.\(id)"))
                continue
            }
            if let unknown = members.keys.sorted().first(where: { $0 != "level" && $0 != "minMs" }) {
                throw fail("unknown key \"\(unknown)\" in \"rules.\(id)\"")
            }
            var rule = FindingsConfig.Rule()
            if members["level"] != nil { rule.setting = try setting(members["level"], "rules.\(id).level") }
            if let minMs = members["minMs"] {
                guard case .number(let ms) = minMs, ms.isFinite, ms >= 0 else { throw fail("\"rules.\(id).minMs\" is milliseconds, 0 or more") }
                rule.minMs = ms
            }
            config.rules[id] = rule
        }
        do {
            _ = try FindingRules(config, path: "")
        } catch let error as RecordingError {
            throw fail("in \"rules\": " + error.message)
        }
        return config
    }
}
