import CJSONC
import NativeErrorPolicy

/// The web-archive cache's settings as a config file gives them: the `"archive"` object of a
/// native config (`NAME.config.json`, `--config`), each field optional; what is left unset
/// comes from the defaults (archive-cache-policy.md, "Settings").
///
///     {"archive": {"debounceMs": 2000, "staleMs": 86400000, "stripParams": ["mobile_offline", "mobile_app_v2"], "maxArchives": 1000}}
///
/// `stripParams` replaces the default list when given (`[]` strips nothing).
public struct ArchiveConfig: Equatable, Sendable {
    public var debounce: Double?
    public var stale: Double?
    public var stripParams: [String]?
    public var maxArchives: Int?
    /// The error view's code lists, resolved: not a member of `"archive"` but the config's
    /// top-level `"offlineCodes"`, which `NativeConfig.archive` puts here, so that the cache
    /// classifies failures as the error view does. `nil`: the defaults.
    public var offlineCodes: OfflineCodes?

    public init(
        debounce: Double? = nil, stale: Double? = nil, stripParams: [String]? = nil, maxArchives: Int? = nil,
        offlineCodes: OfflineCodes? = nil
    ) {
        self.debounce = debounce
        self.stale = stale
        self.stripParams = stripParams
        self.maxArchives = maxArchives
        self.offlineCodes = offlineCodes
    }

    /// This config with every field that `other` sets replaced by its value.
    public func overridden(by other: ArchiveConfig) -> ArchiveConfig {
        ArchiveConfig(
            debounce: other.debounce ?? debounce, stale: other.stale ?? stale, stripParams: other.stripParams ?? stripParams,
            maxArchives: other.maxArchives ?? maxArchives, offlineCodes: other.offlineCodes ?? offlineCodes)
    }

    /// The `"archive"` member of a config file. Unknown keys are errors, as everywhere in a config.
    static func decode(_ field: Field, fail: (String) -> RecordingError) throws -> ArchiveConfig {
        guard let object = field.object else { throw fail(#""archive" must be an object (debounceMs, staleMs, stripParams, maxArchives)"#) }
        var config = ArchiveConfig()
        try forEachMember(object, allowed: ["debounceMs", "staleMs", "stripParams", "maxArchives"], fail: fail) { key, value in
            if key == "stripParams" {
                config.stripParams = try strings(value, fail: fail)
                return
            }
            if key == "maxArchives" {
                guard let count = value.finiteNumber, count >= 1, count <= 1e9, count == count.rounded() else {
                    throw fail(#""archive.maxArchives" must be a whole number of archives, 1 or more"#)
                }
                config.maxArchives = Int(count)
                return
            }
            guard let ms = value.finiteNumber, ms >= 0 else { throw fail(#""archive.\#(key)" must be a number of milliseconds, 0 or more"#) }
            if key == "debounceMs" { config.debounce = ms } else { config.stale = ms }
        }
        return config
    }

    private static func strings(_ field: Field, fail: (String) -> RecordingError) throws -> [String] {
        let problem = #""archive.stripParams" must be an array of strings (query parameter names)"#
        guard case .present(let array?) = field, json_object_get_type(array) == json_type_array else { throw fail(problem) }
        return try (0..<json_object_array_length(array)).map { index in
            guard let name = Field.present(json_object_array_get_idx(array, index)).string else { throw fail(problem) }
            return name
        }
    }
}
