import OfflineBanner

/// The amber pill while it is up, and the responses that arrived during it: the analyzer keeps
/// it (a response's step says whether it was the pill's first); `stale-pill` reads it when the
/// pill comes down.
struct OpenPill: Sendable {
    var start: Double
    var cause: BannerCause
    /// The record that raised it (for a debounce, the `offline` that started it).
    var line: Int?
    /// Which pill this is (the count of pills raised when it went up).
    var serial: Int
    var firstResponse: (line: Int, t: Double, type: String, navigatorOnline: Bool)?
    var responses = 0
}
