import Fleet
import PolicyCore

/// The launch part of the `stats` report, in text and in JSON.
extension FleetStats {
    /// The launch lines of the report, when the native logs have launches.
    func launchText(listing: Int?) -> [String] {
        guard launches > 0 else { return [] }
        let ms = formatMilliseconds
        let logs = natives.filter { $0.summary.launch.launches > 0 }.count
        var lines = ["launches: \(launches) in \(logs) log\(logs == 1 ? "" : "s"), \(readyLaunches) ready"]
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
        var fields: [(String, String)] = [("launches", String(launches)), ("ready", String(readyLaunches))]
        if let time = timeToWeb {
            fields.append(("timeToWebMs", ReportJSON.object([("median", ms(time.median)), ("p90", ms(time.p90)), ("max", ms(time.max))])))
            fields.append(("slowest", ReportJSON.object(slowestToWeb.map { ($0.path, ms($0.ms)) })))
        }
        for (key, figure) in zip(["stalled", "throughError", "offseason"], Self.launchFigures) {
            let entry = launchFigure(figure.count)
            fields.append((key, ReportJSON.counted(entry.count, in: entry.recordings)))
        }
        return ReportJSON.object(fields)
    }
}
