import CJSONC

/// A session's `--config` file (`turbo-replay session`, and `NAME.session.config.json` beside
/// a session golden): each log's settings as its own config file would give them, and the
/// session's own two. Every key is optional.
///
///     {
///       "web": {"locale": "en", "debounceMs": 800},
///       "native": {"platform": "android", "settleMs": 400},
///       "lateMs": 2000,
///       "offsetMs": -73,
///       "skewToleranceMs": 1000,
///       "findings": {"slow-recovery": "info"}
///     }
///
/// `web` is a banner config object (the shape of a web recording's `NAME.config.json`),
/// `native` a native config object (a native log's); `lateMs` is the findings' threshold
/// (a number, 0 or more) and `offsetMs` the native clock's offset Δ (any finite number),
/// which replaces the two `startedAt`; `skewToleranceMs` how far a causal pair may run
/// backwards before the session says `clock-skew` (0 or more).
public struct SessionConfig: Equatable, Sendable {
    public var web: BannerConfig
    public var native: NativeConfig
    public var lateMs: Double?
    public var offsetMs: Double?
    public var skewToleranceMs: Double?
    /// How the session's findings are tuned (`FindingsConfig`); the web and native configs'
    /// own `findings` apply too, this one winning.
    public var findings = FindingsConfig()

    public init(
        web: BannerConfig = BannerConfig(), native: NativeConfig = NativeConfig(), lateMs: Double? = nil,
        offsetMs: Double? = nil
    ) {
        self.web = web
        self.native = native
        self.lateMs = lateMs
        self.offsetMs = offsetMs
    }

    /// Reads and validates a session config file. Unknown keys are errors, in the nested
    /// objects too, each named by where it sits (`"web"`: …).
    public static func load(path: String) throws -> SessionConfig {
        let root = try parseJSONDocument(path: path)
        defer { json_object_put(root) }
        func fail(_ message: String) -> RecordingError { RecordingError(.malformed, path: path, line: nil, message) }
        guard json_object_get_type(root) == json_type_object else { throw fail("expected a JSON object") }

        var config = SessionConfig()
        try forEachMember(root, allowed: ["web", "native", "lateMs", "offsetMs", "skewToleranceMs", "findings"], fail: fail) { key, field in
            switch key {
            case "web", "native":
                guard case .present(let object?) = field, json_object_get_type(object) == json_type_object else {
                    throw fail(#""\#(key)" must be an object (\#(key == "web" ? "a banner config" : "a native config"), as in docs/cli.md)"#)
                }
                let inner: (String) -> RecordingError = { fail(#"in "\#(key)": \#($0)"#) }
                if key == "web" {
                    config.web = try BannerConfig.decode(object, fail: inner)
                } else {
                    config.native = try NativeConfig.decode(object, fail: inner)
                }
            case "findings":
                config.findings = try FindingsConfig.decode(field, fail: fail)
            case "lateMs":
                guard let ms = field.finiteNumber, ms >= 0 else { throw fail(#""lateMs" must be a number of milliseconds, 0 or more"#) }
                config.lateMs = ms
            case "skewToleranceMs":
                guard let ms = field.finiteNumber, ms >= 0 else { throw fail(#""skewToleranceMs" must be a number of milliseconds, 0 or more"#) }
                config.skewToleranceMs = ms
            default:  // offsetMs
                guard let ms = field.finiteNumber else { throw fail(#""offsetMs" must be a finite number of milliseconds (it may be negative)"#) }
                config.offsetMs = ms
            }
        }
        return config
    }
}
