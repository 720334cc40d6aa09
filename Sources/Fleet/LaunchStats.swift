import BannerFindings
import NativeFindings
import PolicyCore
import Replay

/// The launches of a `stats` run's native logs, added up: how many, the time from a launch to
/// the web view, and for stalls, launches through the error screen and offseason launches the
/// logs to open.
extension FleetStats {
    package var launches: Int { natives.reduce(0) { $0 + $1.summary.launch.launches } }

    /// Launches that became ready, over every log.
    package var readyLaunches: Int { natives.reduce(0) { $0 + $1.summary.launch.ready } }

    /// The times to web over every log; `nil` when no launch became ready.
    package var timeToWeb: Distribution? { Distribution(QuantileSketch.combined(natives.map(\.summary.launch.toWeb))) }

    /// The logs with the slowest launch to web, slowest first (then by path), with that time.
    package var slowestToWeb: [(path: String, ms: Double)] {
        natives.compactMap { entry in entry.summary.launch.toWeb.max.map { (path: entry.path, ms: $0) } }
            .sorted { $0.ms != $1.ms ? $0.ms > $1.ms : $0.path < $1.path }
    }

    /// One launch figure over every log, with the logs that show it (most first, then by path).
    package func launchFigure(_ count: (LaunchLogSummary) -> Int) -> (count: Int, recordings: [(path: String, count: Int)]) {
        let recordings = natives.compactMap { entry -> (path: String, count: Int)? in
            let n = count(entry.summary.launch)
            return n == 0 ? nil : (entry.path, n)
        }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.path < $1.path }
        return (recordings.reduce(0) { $0 + $1.count }, recordings)
    }

    package static let launchFigures: [(name: String, count: @Sendable (LaunchLogSummary) -> Int)] = [
        ("stalled", { $0.stalls }),
        ("through error", { $0.throughError }),
        ("offseason", { $0.offseason }),
    ]
}
