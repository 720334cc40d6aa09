import Fleet
import PolicyCore

/// The launch's part of the `stats` report, in text and in JSON.
extension LaunchStatsTotals: StatsReportSection {
    /// The launch lines of the report, when the native logs have launches.
    package func text(listing: Int?) -> [String] {
        guard launches > 0 else { return [] }
        let ms = formatMilliseconds
        let logs = launchLogs
        var lines = ["launches: \(launches) in \(logs) log\(logs == 1 ? "" : "s"), \(readyLaunches) ready"]
        let width = LaunchStatsSection.listed.map(\.name.count).max()!
        if let time = timeToWeb {
            lines.append("time to web, ms: median \(ms(time.median)), p90 \(ms(time.p90)), max \(ms(time.max))")
            let slowest = slowestToWeb
            let shown = listing.map { Array(slowest.entries.prefix($0)) } ?? slowest.entries
            let head = "  \("slowest".padded(width))      "
            for (index, entry) in shown.enumerated() {
                let lead = index == 0 ? head : String(repeating: " ", count: head.count)
                lines.append("\(lead)  \(terminalSafe(entry.path)) (\(ms(entry.count)))")
            }
            lines += StatsTotals.moreRow(indent: head.count, shown: shown.count, logs: slowest.logs, listing: listing)
        }
        for (index, figure) in LaunchStatsSection.listed.enumerated() {
            let entry = self.figure(index)
            lines += StatsTotals.findingRows(figure.name, entry.count, entry.recordings, width: width, listing: listing)
        }
        return lines
    }

    /// `"launch":{…}`: the launch figures as a JSON object.
    package var json: [(String, String)] {
        let ms = formatMilliseconds
        var fields: [(String, String)] = [("launches", String(launches)), ("ready", String(readyLaunches))]
        if let time = timeToWeb {
            fields.append(("timeToWebMs", ReportJSON.object([("median", ms(time.median)), ("p90", ms(time.p90)), ("max", ms(time.max))])))
            fields.append(("slowest", ReportJSON.object(slowestToWeb.entries.map { ($0.path, ms($0.count)) })))
        }
        for (index, key) in ["stalled", "throughError", "offseason"].enumerated() {
            let entry = figure(index)
            fields.append((key, ReportJSON.counted(entry.count, in: entry.recordings.entries)))
        }
        return [("launch", ReportJSON.object(fields))]
    }

    package static let perLogColumns: [(name: String, cell: @Sendable (NativeLogSummary) -> PerLogTable.Cell)] = [
        ("launches", { .count($0.launch.launches) }),
        ("to_web_median_ms", { summary in Distribution(summary.launch.toWeb).map { .ms($0.median) } ?? .none }),
    ]
}
