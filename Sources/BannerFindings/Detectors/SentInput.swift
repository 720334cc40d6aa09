import OfflineBanner

/// What one input did, as the detectors read it: the banner around it, its visible change, and
/// what the analyzer's shared state said just before it. The input itself is passed beside it,
/// borrowed, so that making this copies none of its strings.
struct SentInput: Sendable {
    var line: Int
    var t: Double
    var before: BannerMoment
    var after: BannerMoment
    var change: BannerChange?
    /// What the page believed `navigator.onLine` was just before, and the record that last
    /// changed that (`nil`: assumed, never seen).
    var navigatorOnline: Bool
    var navigatorOnlineSource: Origin?
    /// The record that started the debounce pending just before, if one was.
    var debounceOrigin: Origin?
}
