import CJSONC
import NativeErrorPolicy

/// The native policy's settings as a replay gets them: from a config file (`NAME.config.json`
/// beside a recording, or `--config`) and from options, each field optional. What is left
/// unset comes from the recording's `meta` (the platform) or the defaults.
///
///     {"platform": "android", "settleMs": 400, "probeMs": 2500, "cooldownMs": 15000}
///
/// `"cooldownMs": null` means no cooldown; absent, the platform's default (15000 ms on
/// Android, none on iOS). `"launch"` holds the launch's settings (`LaunchConfig`), `"archive"`
/// the web-archive cache's (`ArchiveConfig`).
public struct NativeConfig: Equatable, Sendable {
    public enum Cooldown: Equatable, Sendable {
        case none
        case milliseconds(Double)
    }

    public var platform: Platform?
    public var settle: Double?
    public var probe: Double?
    public var cooldown: Cooldown?
    public var launch: LaunchConfig
    public var archive: ArchiveConfig

    public init(platform: Platform? = nil, settle: Double? = nil, probe: Double? = nil, cooldown: Cooldown? = nil,
                launch: LaunchConfig = LaunchConfig(), archive: ArchiveConfig = ArchiveConfig()) {
        self.platform = platform
        self.settle = settle
        self.probe = probe
        self.cooldown = cooldown
        self.launch = launch
        self.archive = archive
    }

    /// The settings for a recording that says `recorded` (its `meta`), this config winning.
    public func settings(recorded: Platform?) -> PolicySettings {
        let platform = self.platform ?? recorded ?? .ios
        let cooldown: Double?
        switch self.cooldown {
        case nil: cooldown = PolicySettings.defaultCooldown(for: platform)
        case .none?: cooldown = nil
        case .milliseconds(let ms)?: cooldown = ms
        }
        return PolicySettings(platform: platform, settle: settle ?? PolicySettings.defaultSettle,
                              probe: probe ?? PolicySettings.defaultProbe, cooldown: cooldown)
    }

    /// This config with every field that `other` sets replaced by its value.
    public func overridden(by other: NativeConfig) -> NativeConfig {
        NativeConfig(platform: other.platform ?? platform, settle: other.settle ?? settle,
                     probe: other.probe ?? probe, cooldown: other.cooldown ?? cooldown,
                     launch: launch.overridden(by: other.launch), archive: archive.overridden(by: other.archive))
    }

    /// Reads and validates a native config file. Unknown keys are errors: a typo must not be ignored.
    public static func load(path: String) throws -> NativeConfig {
        let root = try parseJSONDocument(path: path)
        defer { json_object_put(root) }
        return try decode(root) { RecordingError(.malformed, path: path, line: nil, $0) }
    }

    /// A native config object, wherever it sits (a file's root, a session config's `"native"`).
    static func decode(_ root: OpaquePointer, fail: (String) -> RecordingError) throws -> NativeConfig {
        guard json_object_get_type(root) == json_type_object else { throw fail("expected a JSON object") }

        var config = NativeConfig()
        try forEachMember(root, allowed: ["platform", "settleMs", "probeMs", "cooldownMs", "launch", "archive"], fail: fail) { key, field in
            switch key {
            case "archive":
                config.archive = try ArchiveConfig.decode(field, fail: fail)
            case "platform":
                guard let name = field.string, let platform = Platform(rawValue: name) else {
                    throw fail(#""platform" must be "ios" or "android""#)
                }
                config.platform = platform
            case "launch":
                config.launch = try LaunchConfig.parse(field, fail: fail)
            case "cooldownMs" where field.isNull:
                config.cooldown = Cooldown.none
            default:
                guard let ms = field.finiteNumber, ms >= 0 else {
                    throw fail(#""\#(key)" must be a number of milliseconds, 0 or more\#(key == "cooldownMs" ? ", or null for none" : "")"#)
                }
                switch key {
                case "settleMs": config.settle = ms
                case "probeMs": config.probe = ms
                default: config.cooldown = .milliseconds(ms)
                }
            }
        }
        return config
    }
}
