import NativeErrorPolicy

/// Everything about the launch policy an app can configure. Durations are milliseconds.
public struct LaunchSettings: Equatable, Sendable {
    /// How long the loading screen may stay up, with neither a page nor an error, before the
    /// launch counts as stalled.
    public var stall: Double
    /// Whose `web` error codes classify a `presented` error (an offline view and a server view
    /// both raise the error screen; a 401 shows none).
    public var platform: Platform
    /// The `web` codes that classify as `offline`: the same lists the error view reads.
    public var offlineCodes: OfflineCodes

    public static let defaultStall: Double = 10000

    public init(platform: Platform = .ios, stall: Double = defaultStall, offlineCodes: OfflineCodes = .defaults) {
        self.platform = platform
        self.stall = stall
        self.offlineCodes = offlineCodes
    }
}
