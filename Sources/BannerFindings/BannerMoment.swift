import OfflineBanner

/// What is compared around an input: the state and the two timers, no text, so that taking
/// and copying it costs nothing (the snapshots with text are for explaining).
struct BannerMoment: Equatable, Sendable {
    var banner: BannerState
    var debounceDue: Double?
    var flashDue: Double?
}

extension BannerMoment {
    /// In an extension, so that tests keep the memberwise initializer.
    init(_ banner: borrowing OfflineBanner) {
        self.banner = banner.banner
        debounceDue = banner.debounce?.due
        flashDue = banner.flash?.due
    }
}
