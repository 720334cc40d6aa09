import CJSONC
import NativeErrorPolicy

/// The native policy's settings as a replay gets them: from a config file (`NAME.config.json`
/// beside a recording, or `--config`) and from options, each field optional. What is left
/// unset comes from the recording's `meta` (the platform) or the defaults.
///
///     {"platform": "android", "settleMs": 400, "probeMs": 2500, "cooldownMs": 15000,
///      "offlineCodes": {"android": [-2, -7, -8]}, "variant": "probe-once"}
///
/// `"cooldownMs": null` means no cooldown; absent, the platform's default (15000 ms on
/// Android, none on iOS). `"offlineCodes"` replaces the default `web` code list of each
/// platform it names (integers; `[]` makes no code offline). `"variant"` replays the retry
/// policy under a variant (`probe-once`) instead of v1. `"launch"` holds the launch's settings
/// (`LaunchConfig`), `"archive"` the web-archive cache's (`ArchiveConfig`). A top-level
/// `toleranceMs` is `check`'s (`ToleranceConfig`) and is left alone here; `"findings"` tunes
/// the native findings (`FindingsConfig`).
public struct NativeConfig: Equatable, Sendable {
    public enum Cooldown: Equatable, Sendable {
        case none
        case milliseconds(Double)
    }

    public var platform: Platform?
    public var settle: Double?
    public var probe: Double?
    public var cooldown: Cooldown?
    /// The `web` code lists this config sets, by platform; a platform it does not name keeps
    /// its default.
    public var offlineCodes: [Platform: Set<Int>]
    public var variant: RetryVariant?
    public var launch: LaunchConfig
    /// The `"archive"` object's fields, with this config's code lists (`resolvedOfflineCodes`):
    /// the cache classifies a failure exactly as the error view does under the same config.
    public var archive: ArchiveConfig {
        get {
            var archive = archiveFields
            // Unset lists leave it nil: the defaults, as for the error view.
            if !offlineCodes.isEmpty { archive.offlineCodes = resolvedOfflineCodes }
            return archive
        }
        set { archiveFields = newValue }
    }
    /// The `"archive"` object as given.
    private var archiveFields: ArchiveConfig
    /// How the native findings are tuned (`FindingsConfig`).
    public var findings = FindingsConfig()
    /// The most error views a replay keeps open at once (`--max-open-views`; nil: the
    /// default, `OpenViewLimit.defaultBound` in Replay). A command line's, not a file's.
    public var maxOpenViews: Int?

    public init(
        platform: Platform? = nil, settle: Double? = nil, probe: Double? = nil, cooldown: Cooldown? = nil,
        offlineCodes: [Platform: Set<Int>] = [:], variant: RetryVariant? = nil,
        launch: LaunchConfig = LaunchConfig(), archive: ArchiveConfig = ArchiveConfig(), findings: FindingsConfig = FindingsConfig(),
        maxOpenViews: Int? = nil
    ) {
        self.findings = findings
        self.maxOpenViews = maxOpenViews
        self.platform = platform
        self.settle = settle
        self.probe = probe
        self.cooldown = cooldown
        self.offlineCodes = offlineCodes
        self.variant = variant
        self.launch = launch
        archiveFields = archive
    }

    /// The code lists the classification reads: the defaults with this config's replacements.
    public var resolvedOfflineCodes: OfflineCodes {
        var codes = OfflineCodes.defaults
        for (platform, list) in offlineCodes { codes[platform] = list }
        return codes
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
        return PolicySettings(
            platform: platform, settle: settle ?? PolicySettings.defaultSettle,
            probe: probe ?? PolicySettings.defaultProbe, cooldown: cooldown,
            offlineCodes: resolvedOfflineCodes, variants: variant.map { [$0] } ?? [])
    }

    /// This config with every field that `other` sets replaced by its value.
    public func overridden(by other: NativeConfig) -> NativeConfig {
        NativeConfig(
            platform: other.platform ?? platform, settle: other.settle ?? settle,
            probe: other.probe ?? probe, cooldown: other.cooldown ?? cooldown,
            offlineCodes: offlineCodes.merging(other.offlineCodes) { _, new in new },
            variant: other.variant ?? variant, launch: launch.overridden(by: other.launch), archive: archiveFields.overridden(by: other.archiveFields),
            findings: findings.overridden(by: other.findings), maxOpenViews: other.maxOpenViews ?? maxOpenViews)
    }

    /// Reads and validates a native config file. Unknown keys are errors: a typo must not be ignored.
    public static func load(path: String) throws -> NativeConfig {
        try load(JSONDocumentFile(path: path))
    }

    /// A native config file already read (`JSONDocumentFile`), validated as `load(path:)` does.
    public static func load(_ file: JSONDocumentFile) throws -> NativeConfig {
        let root = try parseJSONDocument(file)
        defer { json_object_put(root) }
        return try decode(root) { RecordingError(.malformed, path: file.path, line: nil, $0) }
    }

    /// A native config object, wherever it sits (a file's root, a session config's `"native"`).
    static func decode(_ root: OpaquePointer, fail: (String) -> RecordingError) throws -> NativeConfig {
        guard json_object_get_type(root) == json_type_object else { throw fail("expected a JSON object") }

        var config = NativeConfig()
        try forEachMember(
            root, allowed: ["platform", "settleMs", "probeMs", "cooldownMs", "offlineCodes", "variant", "launch", "archive", "toleranceMs", "findings"],
            fail: fail
        ) { key, field in
            switch key {
            case "toleranceMs":
                break  // check's (ToleranceConfig), not the policies'

            case "findings":
                config.findings = try FindingsConfig.decode(field, fail: fail)
            case "archive":
                config.archive = try ArchiveConfig.decode(field, fail: fail)
            case "platform":
                guard let name = field.string, let platform = Platform(rawValue: name) else {
                    throw fail(#""platform" must be "ios" or "android""#)
                }
                config.platform = platform
            case "launch":
                config.launch = try LaunchConfig.parse(field, fail: fail)
            case "offlineCodes":
                config.offlineCodes = try offlineCodes(field, fail: fail)
            case "variant":
                guard let name = field.string, let variant = RetryVariant(name: name) else {
                    throw fail(#""variant" must be one of: \#(RetryVariant.allCases.map(\.name).joined(separator: ", ")) (v1 is the default: leave it out)"#)
                }
                config.variant = variant
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

    /// `{"ios": [-1009, …], "android": [-2, …]}`: each list an array of integers, each key a platform.
    private static func offlineCodes(_ field: Field, fail: (String) -> RecordingError) throws -> [Platform: Set<Int>] {
        let shape = #"{"ios": [-1009, -1005], "android": [-1, -2]}"#
        guard let object = field.object else { throw fail(#""offlineCodes" must be an object of code lists by platform: "# + shape) }
        var lists: [Platform: Set<Int>] = [:]
        try forEachMember(object, allowed: Set(Platform.allCases.map(\.rawValue)), fail: { fail(#"in "offlineCodes": "# + $0) }) { key, value in
            let name = "offlineCodes.\(key)"
            guard case .present(let array?) = value, json_object_get_type(array) == json_type_array else {
                throw fail(#""\#(name)" must be an array of integers (the platform's own web error codes)"#)
            }
            var codes: Set<Int> = []
            for index in 0..<json_object_array_length(array) {
                let element = Field.present(json_object_array_get_idx(array, index))
                guard let code = element.integer else {
                    throw fail(#""\#(name)[\#(index)]" must be an integer (a number written without a fraction or an exponent)"#)
                }
                codes.insert(code)
            }
            lists[Platform(rawValue: key)!] = codes
        }
        return lists
    }
}
