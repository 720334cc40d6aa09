/// The remote flags of the last `config` record (both false until one arrives).
public struct LaunchFlags: Equatable, Sendable {
    /// The app is in its offseason: the offseason screen replaces the app.
    public var offseason: Bool
    /// This user tests the app: they pass through the offseason screen.
    public var tester: Bool

    public init(offseason: Bool = false, tester: Bool = false) {
        self.offseason = offseason
        self.tester = tester
    }

    /// The user is kept out of the app: offseason, and not a tester.
    public var isGated: Bool { offseason && !tester }
}
