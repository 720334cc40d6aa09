/// Everything about the retry policy an app can configure. Durations are milliseconds.
public struct PolicySettings: Equatable, Sendable {
    public var platform: Platform
    /// How long after a genuine offline→online edge (or an iOS foreground) the retry waits.
    public var settle: Double
    /// When an offline-shaped failure is presented on a healthy path, retry after this long.
    public var probe: Double
    /// The least time between two automatic retries, app-wide; `nil` for none.
    public var cooldown: Double?
    /// The `web` codes that classify as `offline`, per platform (only `platform`'s is read).
    public var offlineCodes: OfflineCodes
    /// The rule changes on top of the v1 policy; empty is v1.
    public var variants: Set<RetryVariant>

    public static let defaultSettle: Double = 400
    public static let defaultProbe: Double = 2500
    public static let defaultAndroidCooldown: Double = 15000

    /// The platform's default cooldown: 15000 ms on Android, none on iOS.
    public static func defaultCooldown(for platform: Platform) -> Double? {
        platform == .android ? defaultAndroidCooldown : nil
    }

    /// Settings with the platform's default cooldown.
    public init(
        platform: Platform = .ios, settle: Double = defaultSettle, probe: Double = defaultProbe,
        offlineCodes: OfflineCodes = .defaults, variants: Set<RetryVariant> = []
    ) {
        self.init(
            platform: platform, settle: settle, probe: probe, cooldown: Self.defaultCooldown(for: platform),
            offlineCodes: offlineCodes, variants: variants)
    }

    /// Settings with an explicit cooldown (`nil`: none).
    public init(
        platform: Platform, settle: Double = defaultSettle, probe: Double = defaultProbe, cooldown: Double?,
        offlineCodes: OfflineCodes = .defaults, variants: Set<RetryVariant> = []
    ) {
        self.platform = platform
        self.settle = settle
        self.probe = probe
        self.cooldown = cooldown
        self.offlineCodes = offlineCodes
        self.variants = variants
    }

    /// The view `error` gets under these settings: the platform and its offline codes.
    public func classify(_ error: NativeError) -> ErrorVariant {
        OfflineErrorPolicy.classify(error, on: platform, offlineCodes: offlineCodes)
    }
}
