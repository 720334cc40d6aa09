import PolicyCore

/// The launches of a `stats` run's native logs, added up: how many, the time from a launch to
/// the web view, and for stalls, launches through the error screen and offseason launches the
/// logs to open.
extension FieldStats {
    public var launches: Int { natives.reduce(0) { $0 + $1.summary.launch.launches } }

    /// Every `ready` decision's `launchMs`, over every log.
    public var timesToWeb: [Double] { natives.flatMap(\.summary.launch.readyMs) }

    /// Median (the mean of the middle two for an even count), 90th percentile (nearest rank)
    /// and maximum of the times to web; `nil` when no launch became ready.
    public var timeToWeb: (median: Double, p90: Double, max: Double)? {
        let sorted = timesToWeb.sorted()
        guard !sorted.isEmpty else { return nil }
        let n = sorted.count
        let median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
        let rank = Int((0.9 * Double(n)).rounded(.up))
        return (median, sorted[max(rank, 1) - 1], sorted[n - 1])
    }

    /// The logs with the slowest launch to web, slowest first (then by path), with that time.
    public var slowestToWeb: [(path: String, ms: Double)] {
        natives.compactMap { entry in entry.summary.launch.readyMs.max().map { (path: entry.path, ms: $0) } }
            .sorted { $0.ms != $1.ms ? $0.ms > $1.ms : $0.path < $1.path }
    }

    /// One launch figure over every log, with the logs that show it (most first, then by path).
    public func launchFigure(_ count: (LaunchSummary) -> Int) -> (count: Int, recordings: [(path: String, count: Int)]) {
        let recordings = natives.compactMap { entry -> (path: String, count: Int)? in
            let n = count(entry.summary.launch)
            return n == 0 ? nil : (entry.path, n)
        }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.path < $1.path }
        return (recordings.reduce(0) { $0 + $1.count }, recordings)
    }

    static let launchFigures: [(name: String, count: @Sendable (LaunchSummary) -> Int)] = [
        ("stalled", { $0.stalls }),
        ("through error", { $0.throughError }),
        ("offseason", { $0.offseason }),
    ]

    /// The launch lines of the report, when the native logs have launches.
    func launchText(listing: Int?) -> [String] {
        guard launches > 0 else { return [] }
        let ms = formatMilliseconds
        let logs = natives.filter { $0.summary.launch.launches > 0 }.count
        var lines = ["launches: \(launches) in \(logs) log\(logs == 1 ? "" : "s"), \(timesToWeb.count) ready"]
        if let time = timeToWeb {
            lines.append("time to web, ms: median \(ms(time.median)), p90 \(ms(time.p90)), max \(ms(time.max))")
            let width = Self.launchFigures.map(\.name.count).max()!
            let slowest = slowestToWeb
            let shown = listing.map { Array(slowest.prefix($0)) } ?? slowest
            let head = "  \("slowest".padded(width))      "
            for (index, entry) in shown.enumerated() {
                let lead = index == 0 ? head : String(repeating: " ", count: head.count)
                lines.append("\(lead)  \(terminalSafe(entry.path)) (\(ms(entry.ms)))")
            }
            if shown.count < slowest.count {
                lines.append(String(repeating: " ", count: head.count) + "  … and \(slowest.count - shown.count) more (--all lists every one)")
            }
        }
        let width = Self.launchFigures.map(\.name.count).max()!
        for figure in Self.launchFigures {
            let entry = launchFigure(figure.count)
            lines += Self.findingRows(figure.name, entry.count, entry.recordings, width: width, listing: listing)
        }
        return lines
    }

    /// The launch figures as a JSON object.
    func launchJSON() -> String {
        let ms = formatMilliseconds
        var fields: [(String, String)] = [("launches", String(launches)), ("ready", String(timesToWeb.count))]
        if let time = timeToWeb {
            fields.append(("timeToWebMs", FieldJSON.object([("median", ms(time.median)), ("p90", ms(time.p90)), ("max", ms(time.max))])))
            fields.append(("slowest", FieldJSON.object(slowestToWeb.map { ($0.path, ms($0.ms)) })))
        }
        for (key, figure) in zip(["stalled", "throughError", "offseason"], Self.launchFigures) {
            let entry = launchFigure(figure.count)
            fields.append((key, FieldJSON.counted(entry.count, in: entry.recordings)))
        }
        return FieldJSON.object(fields)
    }
}
