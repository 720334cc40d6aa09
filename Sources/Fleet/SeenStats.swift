import BannerFindings
import OfflineBanner

/// What a fleet's pages showed (`seen`), against the replay, added up log by log in bounded
/// memory: how many logs had anything to judge, how many drifted, and the timings that would
/// explain the drifting ones. Fitted values that cluster tell which app versions' banners differ
/// (an old debounce still shipped). `StatsTotals` holds one, so a merge tallies what a run does.
package struct SeenTotals: Sendable {
    /// The web logs whose page wrote `seen` records.
    package private(set) var logs = 0
    /// The web logs with at least one `banner-drift`.
    package private(set) var drifted = 0
    /// Each fitted debounce, with how many logs it explains.
    package private(set) var debounces = FittedTimings()
    /// Each fitted flash, with how many logs it explains.
    package private(set) var flashes = FittedTimings()

    package init() {}

    package mutating func add(_ summary: WebLogSummary) {
        if (summary.findings[.bannerDrift] ?? 0) > 0 { drifted += 1 }
        guard let fit = summary.seenFit else { return }
        logs += 1
        if let ms = fit.debounceMs { debounces.add(ms) }
        if let ms = fit.flashMs { flashes.add(ms) }
    }
}

/// One fitted timing's tally, bounded like a report's listings: the `KeptLogs.capacity`
/// smallest values, each with its exact number of logs, and how many logs there were in all.
/// A value among the smallest at the end was among the smallest at every step, so it was never
/// dropped: which values are kept, and their counts, do not depend on the order logs come in.
package struct FittedTimings: Sendable {
    /// The kept values, smallest first, each with its logs.
    package private(set) var kept: [(ms: Double, logs: Int)] = []
    /// Every log with this timing fitted, kept or not.
    package private(set) var logs = 0

    package init() {}

    /// Logs whose value is not kept.
    package var dropped: Int { logs - kept.reduce(0) { $0 + $1.logs } }

    package mutating func add(_ ms: Double) {
        logs += 1
        var low = 0, high = kept.count
        while low < high {
            let middle = (low + high) / 2
            if kept[middle].ms < ms { low = middle + 1 } else { high = middle }
        }
        if low < kept.count, kept[low].ms == ms {
            kept[low].logs += 1
            return
        }
        if kept.count == KeptLogs<Int>.capacity {
            guard low < kept.count else { return }
            kept.removeLast()
        }
        kept.insert((ms, 1), at: low)
    }
}

extension FleetStats {
    /// The web logs whose page wrote `seen` records.
    package var seenLogs: Int { totals.seen.logs }

    /// The web logs with at least one `banner-drift`.
    package var driftedLogs: Int { totals.seen.drifted }

    /// Each fitted debounce, with how many logs it explains, smallest first.
    package var fittedDebounces: [(ms: Double, logs: Int)] { totals.seen.debounces.kept }

    /// Each fitted flash, with how many logs it explains, smallest first.
    package var fittedFlashes: [(ms: Double, logs: Int)] { totals.seen.flashes.kept }
}
