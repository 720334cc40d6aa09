/// Everything about the retry policy an app can configure. Durations are milliseconds.
public struct PolicySettings: Equatable, Sendable {
    public var platform: Platform
    /// How long after a genuine offline→online edge (or an iOS foreground) the retry waits.
    public var settle: Double
    /// When an offline-shaped failure is presented on a healthy path, retry after this long.
    public var probe: Double
    /// The least time between two automatic retries, app-wide; `nil` for none.
    public var cooldown: Double?

    public static let defaultSettle: Double = 400
    public static let defaultProbe: Double = 2500
    public static let defaultAndroidCooldown: Double = 15000

    /// The platform's default cooldown: 15000 ms on Android, none on iOS.
    public static func defaultCooldown(for platform: Platform) -> Double? {
        platform == .android ? defaultAndroidCooldown : nil
    }

    /// Settings with the platform's default cooldown.
    public init(platform: Platform = .ios, settle: Double = defaultSettle, probe: Double = defaultProbe) {
        self.init(platform: platform, settle: settle, probe: probe, cooldown: Self.defaultCooldown(for: platform))
    }

    /// Settings with an explicit cooldown (`nil`: none).
    public init(platform: Platform, settle: Double = defaultSettle, probe: Double = defaultProbe, cooldown: Double?) {
        self.platform = platform
        self.settle = settle
        self.probe = probe
        self.cooldown = cooldown
    }
}
