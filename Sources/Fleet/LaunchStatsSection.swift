import NativeFindings
import PolicyCore
import PolicyRegistry
import Replay
import TurboRecording

/// The launch's part of `stats`: how many launches, the time from each to the web view (a
/// sketch), stalls, launches through the error screen and offseason launches, and its findings.
package struct LaunchStatsSection: NativeStatsSection {
    package typealias Totals = LaunchStatsTotals

    package static let policies: [PolicyID] = [.launch]

    package static let figures: [StatsFigure] = [.launches, .toWeb, .stalls, .throughError, .offseason]

    private var launch: LaunchAnalyzer

    package init(config: NativeConfig) {
        launch = LaunchAnalyzer(config: config, keeping: .counts)
    }

    package mutating func feed(_ record: NativeRecord, path: String, findings: inout [String: Int]) throws {
        launch.feed(record)
    }

    package mutating func finish(path: String, findings: inout [String: Int]) throws {
        launch.finish()
        for finding in launch.findings { findings[finding.kind.rawValue, default: 0] += 1 }
    }

    package func summarize(into summary: inout NativeLogSummary) {
        summary.launch = LaunchLogSummary(launch.summary)
    }

    // MARK: - A partial's line

    /// `"launch":{…}`: the counts, and the times to web as a sketch, so a merge prints the
    /// report a single `stats` prints. A log with no launch writes nothing, and a partial
    /// without `"launch"` reads as no launch.
    package static func write(_ summary: NativeLogSummary, into line: inout JSONLine) {
        let launch = summary.launch
        guard launch != LaunchLogSummary() else { return }
        var object = JSONLine()
        object.integer(.launches, launch.launches)
        object.raw(.toWeb, StatsPartial.sketch(launch.toWeb))
        object.integer(.stalls, launch.stalls)
        object.integer(.throughError, launch.throughError)
        object.integer(.offseason, launch.offseason)
        line.raw("launch", object.text)
    }

    package static func decode(_ object: [String: JSONValue], into summary: inout NativeLogSummary, _ read: StatsPartial.Reader) throws {
        guard let value = object["launch"] else { return }
        let launch = try read.object(value, "launch")
        summary.launch.launches = try read.int(launch[.launches], "launches")
        summary.launch.toWeb = try StatsPartial.decodeSketch(launch[.toWeb], "toWeb", read)
        summary.launch.stalls = try read.int(launch[.stalls], "stalls")
        summary.launch.throughError = try read.int(launch[.throughError], "throughError")
        summary.launch.offseason = try read.int(launch[.offseason], "offseason")
    }

    package static func forEachCount(_ summary: NativeLogSummary, _ body: (String, Int) throws -> Void) rethrows {
        try body("launches", summary.launch.launches)
        try body("ready launches", summary.launch.ready)
        try body("stalls", summary.launch.stalls)
        try body("through error", summary.launch.throughError)
        try body("offseason", summary.launch.offseason)
    }

    /// The figures a report lists with the logs that show them, by name.
    package static let listed: [(name: String, count: @Sendable (LaunchLogSummary) -> Int)] = [
        ("stalled", { $0.stalls }),
        ("through error", { $0.throughError }),
        ("offseason", { $0.offseason }),
    ]
}

/// The launch's figures in a partial's line, `native.launch`.
extension StatsFigure {
    package static let launches = StatsFigure("native.launch.launches")
    package static let toWeb = StatsFigure("native.launch.toWeb")
    package static let stalls = StatsFigure("native.launch.stalls")
    package static let throughError = StatsFigure("native.launch.throughError")
    package static let offseason = StatsFigure("native.launch.offseason")
}

/// A native log's launches: `LaunchSummary` with the times to web as a sketch.
package struct LaunchLogSummary: Equatable, Sendable {
    package var launches = 0
    /// Each `ready` decision's `launchMs`.
    package var toWeb = QuantileSketch()
    package var stalls = 0
    package var throughError = 0
    package var offseason = 0

    package init() {}

    package init(_ summary: LaunchSummary) {
        launches = summary.launches
        toWeb = QuantileSketch(summary.readyMs)
        stalls = summary.stalls
        throughError = summary.throughError
        offseason = summary.offseason
    }

    /// Launches that became ready.
    package var ready: Int { toWeb.count }
}

/// The launches over a fleet's native logs: how many, the time from a launch to the web view,
/// and for the slowest, stalls, launches through the error screen and offseason launches the
/// logs to open.
package struct LaunchStatsTotals: NativeStatsTotals {
    package private(set) var launches = 0
    /// Native logs with a launch.
    package private(set) var launchLogs = 0
    private var toWeb = QuantileSketch()
    package private(set) var slowestToWeb = KeptLogs<Double>()
    private var counts: [(count: Int, logs: KeptLogs<Int>)] = LaunchStatsSection.listed.map { _ in (0, KeptLogs<Int>()) }

    package init() {}

    package mutating func add(_ summary: NativeLogSummary, path: String) {
        launches += summary.launch.launches
        if summary.launch.launches > 0 { launchLogs += 1 }
        toWeb.add(summary.launch.toWeb)
        if let max = summary.launch.toWeb.max { slowestToWeb.add(path, max) }
        for (index, figure) in LaunchStatsSection.listed.enumerated() {
            let count = figure.count(summary.launch)
            guard count > 0 else { continue }
            counts[index].count += count
            counts[index].logs.add(path, count)
        }
    }

    package var readyLaunches: Int { toWeb.count }
    package var timeToWeb: Distribution? { Distribution(toWeb) }

    /// One of `LaunchStatsSection.listed` over every log, with the logs kept for it.
    package func figure(_ index: Int) -> (count: Int, recordings: KeptLogs<Int>) { (counts[index].count, counts[index].logs) }
}

extension FleetStats {
    /// Launches over every log.
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
}
