import BannerFindings
import OfflineBanner

/// What a fleet's pages showed (`seen`), against the replay: how many logs had anything to
/// judge, how many drifted, and the timings that would explain the drifting ones. Fitted values
/// that cluster tell which app versions' banners differ (an old debounce still shipped).
extension FleetStats {
    /// The web logs whose page wrote `seen` records.
    package var seenLogs: Int { summaries.filter { $0.summary.seenFit != nil }.count }

    /// The web logs with at least one `banner-drift`.
    package var driftedLogs: Int { summaries.filter { ($0.summary.findings[.bannerDrift] ?? 0) > 0 }.count }

    /// Each fitted debounce, with how many logs it explains, smallest first.
    package var fittedDebounces: [(ms: Double, logs: Int)] { Self.tally(summaries.compactMap { $0.summary.seenFit?.debounceMs }) }

    /// Each fitted flash, with how many logs it explains, smallest first.
    package var fittedFlashes: [(ms: Double, logs: Int)] { Self.tally(summaries.compactMap { $0.summary.seenFit?.flashMs }) }

    private static func tally(_ values: [Double]) -> [(ms: Double, logs: Int)] {
        Dictionary(values.map { ($0, 1) }, uniquingKeysWith: +).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
