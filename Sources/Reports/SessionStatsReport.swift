import AppSession
import Fleet
import PolicyCore
import TurboRecording

/// The app sessions' section of `stats`: shown only when the run read some pair
/// `NAME.jsonl` + `NAME.native.jsonl`.
extension StatsTotals {
    func sessionText(listing: Int?) -> [String] {
        var lines = ["app sessions (NAME.jsonl with NAME.native.jsonl): \(sessions.read) read, \(sessions.failures.count) not read"]
        lines.append("  drops \(sessions.drops) (\(sessions.unannounced) unannounced), edges \(sessions.edges)")
        lines.append("  dropToPill   \(SessionText.describe(sessions.dropToPill))")
        lines.append("  edgeToClear  \(SessionText.describe(sessions.edgeToClear))")
        lines.append("  edgeToPage   \(SessionText.describe(sessions.edgeToPage))")
        lines.append("session findings:")
        let width = SessionFigures.findingIDs.map(\.count).max()!
        for entry in sessions.findings {
            lines += Self.findingRows(entry.id, entry.count, entry.recordings, width: width, listing: listing)
        }
        if sessions.failures.count > 0 {
            lines.append("not read as sessions:")
            lines += Self.failureRows(sessions.failures)
        }
        return lines
    }

    func sessionJSON() -> String {
        func latency(_ summary: LatencySummary) -> String {
            var fields = [("count", String(summary.count))]
            if let median = summary.median, let p90 = summary.p90, let max = summary.max {
                fields += [("median", formatMilliseconds(median)), ("p90", formatMilliseconds(p90)), ("max", formatMilliseconds(max))]
            }
            if let stuck = summary.stuck { fields.append(("stuck", String(stuck))) }
            return ReportJSON.object(fields)
        }
        return ReportJSON.object([
            ("read", String(sessions.read)),
            ("drops", String(sessions.drops)),
            ("unannounced", String(sessions.unannounced)),
            ("edges", String(sessions.edges)),
            ("dropToPill", latency(sessions.dropToPill)),
            ("edgeToClear", latency(sessions.edgeToClear)),
            ("edgeToPage", latency(sessions.edgeToPage)),
            ("findings", ReportJSON.object(sessions.findings.map { ($0.id, ReportJSON.counted($0.count, in: $0.recordings.entries)) })),
            ("failures", ReportJSON.failures(sessions.failures.entries)),
        ])
    }
}
