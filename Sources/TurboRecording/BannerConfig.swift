import CJSONC
import OfflineBanner

/// A `--config` file: the banner's copy, contexts and timings, all optional.
///
///     {
///       "locale": "en",
///       "strings": {"offline": "…", "backOnline": "…", "submitFailed": "…"},
///       "contexts": {"delivery": {"offline": "…", "submitFailed": "…"}},
///       "debounceMs": 1200,
///       "flashMs": 3000,
///       "variant": "recover-on-response",
///       "seenEventMs": 16,
///       "seenTimerMs": 100,
///       "findings": {"stale-pill": {"level": "warning", "minMs": 500}}
///     }
///
/// The locale picks the built-in copy first; `strings` then replaces any of its three
/// messages, and `contexts` adds contexts or replaces built-in ones (such as `ride`).
/// `variant` replays under a variant of the controller (banner-variants.md) instead of v1.
/// `toleranceMs` is read by `check` alone (`ToleranceConfig`); `findings` tunes the findings
/// (`FindingsConfig`). `seenEventMs` and `seenTimerMs` say how closely the page's own banner
/// (`seen`) must follow the replay (`SeenTolerance`).
public struct BannerConfig: Equatable, Sendable {
    public var locale: BannerLocale?
    public var offline: String?
    public var backOnline: String?
    public var submitFailed: String?
    public var contexts: [String: ContextCopy] = [:]
    public var debounce: Double?
    public var flash: Double?
    public var variant: BannerVariant?
    /// How the findings are tuned (`FindingsConfig`): read by `explain`, `stats` and `session`,
    /// not by the replay itself.
    public var findings = FindingsConfig()
    public var seenEventMs: Double?
    public var seenTimerMs: Double?

    public init() {}

    /// Settings for `locale` (the config's own unless `locale` overrides it) with this config applied.
    public func settings(locale override: BannerLocale? = nil) -> BannerSettings {
        var copy = BannerCopy.builtIn(override ?? locale ?? .es)
        if let offline { copy.offline = offline }
        if let backOnline { copy.backOnline = backOnline }
        if let submitFailed { copy.submitFailed = submitFailed }
        copy.contexts.merge(contexts) { _, new in new }
        var settings = BannerSettings(
            copy: copy, debounce: debounce ?? BannerSettings.defaultDebounce,
            flash: flash ?? BannerSettings.defaultFlash, variants: variant.map { [$0] } ?? [])
        if let seenEventMs { settings.seenTolerance.eventMs = seenEventMs }
        if let seenTimerMs { settings.seenTolerance.timerMs = seenTimerMs }
        return settings
    }

    /// Reads and validates a config file. Unknown keys are errors: a typo must not be ignored.
    public static func load(path: String) throws -> BannerConfig {
        try load(JSONDocumentFile(path: path))
    }

    /// A config file already read (`JSONDocumentFile`), validated as `load(path:)` does.
    public static func load(_ file: JSONDocumentFile) throws -> BannerConfig {
        let root = try parseJSONDocument(file)
        defer { json_object_put(root) }
        return try decode(root) { RecordingError(.malformed, path: file.path, line: nil, $0) }
    }

    /// A banner config object, wherever it sits (a file's root, a session config's `"web"`).
    static func decode(_ root: OpaquePointer, fail: (String) -> RecordingError) throws -> BannerConfig {
        guard json_object_get_type(root) == json_type_object else { throw fail("expected a JSON object") }

        var config = BannerConfig()
        try forEachMember(
            root,
            allowed: [
                "locale", "strings", "contexts", "debounceMs", "flashMs", "variant", "toleranceMs", "seenEventMs", "seenTimerMs", "findings",
            ], fail: fail
        ) { key, _ in
            let field = Field(root, named: key)
            switch key {
            case "toleranceMs":
                break  // check's (ToleranceConfig), not the replay's
            case "findings":
                config.findings = try FindingsConfig.decode(field, fail: fail)
            case "locale":
                guard let name = field.string, let locale = BannerLocale(rawValue: name) else {
                    throw fail(#""locale" must be one of: \#(BannerLocale.allCases.map(\.rawValue).joined(separator: ", "))"#)
                }
                config.locale = locale
            case "variant":
                guard let name = field.string, let variant = BannerVariant(name: name) else {
                    throw fail(#""variant" must be one of: \#(BannerVariant.allCases.map(\.name).joined(separator: ", "))"#)
                }
                config.variant = variant
            case "debounceMs", "flashMs", "seenEventMs", "seenTimerMs":
                guard let ms = field.finiteNumber, ms >= 0 else { throw fail(#""\#(key)" must be a number of milliseconds, 0 or more"#) }
                switch key {
                case "debounceMs": config.debounce = ms
                case "flashMs": config.flash = ms
                case "seenEventMs": config.seenEventMs = ms
                default: config.seenTimerMs = ms
                }
            case "strings":
                guard let strings = field.object else { throw fail(#""strings" must be an object"#) }
                try forEachMember(strings, allowed: ["offline", "backOnline", "submitFailed"], fail: fail) { name, value in
                    guard let text = value.string else { throw fail(#""strings.\#(name)" must be a string"#) }
                    switch name {
                    case "offline": config.offline = text
                    case "backOnline": config.backOnline = text
                    default: config.submitFailed = text
                    }
                }
            default:  // contexts
                guard let contexts = field.object else { throw fail(#""contexts" must be an object"#) }
                try forEachMember(contexts, allowed: nil, fail: fail) { name, value in
                    guard let entry = value.object else { throw fail(#""contexts.\#(name)" must be an object"#) }
                    var copy = ContextCopy()
                    try forEachMember(entry, allowed: ["offline", "submitFailed"], fail: fail) { key, message in
                        guard let text = message.string else { throw fail(#""contexts.\#(name).\#(key)" must be a string"#) }
                        if key == "offline" { copy.offline = text } else { copy.submitFailed = text }
                    }
                    config.contexts[name] = copy
                }
            }
        }
        return config
    }
}

/// Calls `body` for each member of a json-c object, rejecting keys outside `allowed`.
func forEachMember(
    _ object: OpaquePointer, allowed: Set<String>?, fail: (String) -> RecordingError,
    _ body: (String, Field) throws -> Void
) throws {
    var iterator = json_object_iter_begin(object)
    var end = json_object_iter_end(object)
    while json_object_iter_equal(&iterator, &end) == 0 {
        let key = String(cString: json_object_iter_peek_name(&iterator))
        if let allowed, !allowed.contains(key) {
            throw fail(#"unknown key "\#(key)" (expected one of: \#(allowed.sorted().joined(separator: ", ")))"#)
        }
        try body(key, .present(json_object_iter_peek_value(&iterator)))
        json_object_iter_next(&iterator)
    }
}
