import CJSONC

/// The launch's settings in a native config file, under their own key, so that one config
/// configures every policy that reads the app's log:
///
///     {"platform": "ios", "launch": {"stallMs": 10000, "toleranceMs": 500}}
///
/// `stallMs` is the policy's stall timer; `toleranceMs` is how long the app's own `app-screen`
/// log may disagree with the policy before `explain` calls it a finding. Each is optional.
public struct LaunchConfig: Equatable, Sendable {
    public var stall: Double?
    public var tolerance: Double?

    public init(stall: Double? = nil, tolerance: Double? = nil) {
        self.stall = stall
        self.tolerance = tolerance
    }

    /// This config with every field that `other` sets replaced by its value.
    public func overridden(by other: LaunchConfig) -> LaunchConfig {
        LaunchConfig(stall: other.stall ?? stall, tolerance: other.tolerance ?? tolerance)
    }

    /// The `"launch"` member of a native config: an object with known keys only.
    static func parse(_ field: Field, fail: (String) -> RecordingError) throws -> LaunchConfig {
        guard let object = field.object else {
            throw fail(#""launch" must be an object: {"stallMs": 10000, "toleranceMs": 500}"#)
        }
        var config = LaunchConfig()
        try forEachMember(object, allowed: ["stallMs", "toleranceMs"], fail: { fail(#"in "launch": "# + $0) }) { key, value in
            guard let ms = value.finiteNumber, ms >= 0 else {
                throw fail(#""launch.\#(key)" must be a number of milliseconds, 0 or more"#)
            }
            if key == "stallMs" { config.stall = ms } else { config.tolerance = ms }
        }
        return config
    }
}
