import AppSession
import Fleet
import PolicyCore
import TurboRecording

/// The app sessions' section of `stats`: shown only when the run read some pair
/// `NAME.jsonl` + `NAME.native.jsonl`.
extension FleetStats {
    func sessionText(listing: Int?) -> [String] {
        let read = sessionFigures
        var lines = ["app sessions (NAME.jsonl with NAME.native.jsonl): \(read.count) read, \(sessionFailures.count) not read"]
        let drops = read.reduce(0) { $0 + $1.figures.drops }, unannounced = read.reduce(0) { $0 + $1.figures.unannounced }
        lines.append("  drops \(drops) (\(unannounced) unannounced), edges \(read.reduce(0) { $0 + $1.figures.edges })")
        lines.append("  dropToPill   \(SessionText.describe(dropToPill))")
        lines.append("  edgeToClear  \(SessionText.describe(edgeToClear))")
        lines.append("  edgeToPage   \(SessionText.describe(edgeToPage))")
        lines.append("session findings:")
        let width = SessionFindingKind.allCases.map(\.rawValue.count).max()!
        for entry in sessionFindings {
            lines += Self.findingRows(entry.kind.rawValue, entry.count, entry.recordings, width: width, listing: listing)
        }
        if !sessionFailures.isEmpty {
            lines.append("not read as sessions:")
            for failure in sessionFailures { lines.append("  \(terminalSafe(failure.description))") }
        }
        return lines
    }

    func sessionJSON() -> String {
        let read = sessionFigures
        func latency(_ summary: LatencySummary) -> String {
            var fields = [("count", String(summary.count))]
            if let median = summary.median, let p90 = summary.p90, let max = summary.max {
                fields += [("median", formatMilliseconds(median)), ("p90", formatMilliseconds(p90)), ("max", formatMilliseconds(max))]
            }
            if let stuck = summary.stuck { fields.append(("stuck", String(stuck))) }
            return ReportJSON.object(fields)
        }
        return ReportJSON.object([
            ("read", String(read.count)),
            ("drops", String(read.reduce(0) { $0 + $1.figures.drops })),
            ("unannounced", String(read.reduce(0) { $0 + $1.figures.unannounced })),
            ("edges", String(read.reduce(0) { $0 + $1.figures.edges })),
            ("dropToPill", latency(dropToPill)),
            ("edgeToClear", latency(edgeToClear)),
            ("edgeToPage", latency(edgeToPage)),
            ("findings", ReportJSON.object(sessionFindings.map { ($0.kind.rawValue, ReportJSON.counted($0.count, in: $0.recordings)) })),
            ("failures", ReportJSON.failures(sessionFailures)),
        ])
    }
}
