import BannerFindings
import Fleet
import NativeFindings
import OfflineBanner
import PolicyCore
import TurboRecording
import VariantAnalysis

/// `explain --format jsonl`: one line per finding, then one summary line. Keys in a fixed
/// order, times as `formatMilliseconds` prints them, strings escaped by json-c (`jsonString`).
///
///     {"t":3547.6,"finding":"stale-pill","level":"warning","lines":[5,6,10],"raisedAt":1239.6,…,"message":"…"}
///     {"summary":{"end":5231.6,"pill":{…},"toasts":0,"silent":[],"findings":{…},…}}
package enum ReportJSON {
    private static let ms = formatMilliseconds

    /// A finding's line: `t`, `finding`, `level`, `lines`, its own fields (declared in its
    /// detector's file), then `message`.
    package static func finding(_ finding: BannerFinding) -> String { finding.jsonLine }

    package static func summary(_ summary: RecordingSummary) -> String {
        let byCause = summary.pillTimeByCause.map { (key: $0.cause.rawValue, value: ms($0.ms)) }
        let pill = object([
            ("episodes", String(summary.pills.count)),
            ("ms", ms(summary.pillTime)),
            ("byCause", object(byCause.map { ($0.key, $0.value) })),
            ("stillUpAtEnd", String(summary.pills.stillUpAtEnd)),
        ])
        let silent =
            "["
            + summary.silentSorted.map { entry in
                var fields = [("reason", jsonString(entry.key.reason))]
                if let status = entry.key.status { fields.append(("status", String(status))) }
                fields.append(("count", String(entry.count)))
                return object(fields)
            }.joined(separator: ",") + "]"
        var fields: [(String, String)] = [
            ("records", String(summary.records))
        ]
        if let end = summary.end { fields.append(("end", ms(end))) }
        fields += [
            ("pill", pill),
            ("toasts", String(summary.toasts)),
            ("silent", silent),
            ("findings", object(summary.findingsSorted.map { ($0.kind.id, String($0.count)) } + logFindings(summary).map { ($0.id, String($0.count)) })),
            ("levels", levels(logFindings(summary).reduce(into: summary.findingsByLevel) { $0[$1.level, default: 0] += $1.count })),
            ("skippedLines", String(summary.skippedLines)),
        ]
        if let cut = summary.cut { fields.append(("cut", String(cut.line))) }
        return object([("summary", object(fields))])
    }

    /// The log's own findings (`log-cut`, `log-gap`) with their counts, those it has.
    package static func logFindings(_ summary: RecordingSummary) -> [(id: String, level: FindingLevel, count: Int)] {
        (summary.cut.map { _ in [(LogCut.finding, LogCut.level, 1)] } ?? [])
            + (summary.gaps.isEmpty ? [] : [(LogGap.finding, LogGap.level, summary.gaps.count)])
    }

    /// Findings counted by level, every level present: `{"warning":2,"info":1}`.
    static func levels(_ counts: [FindingLevel: Int]) -> String {
        object(FindingLevel.reportOrder.map { ($0.rawValue, String(counts[$0] ?? 0)) })
    }

    /// A count and the logs that make it up, after its level for a finding:
    /// `{"level":"warning","count":3,"recordings":{"a.jsonl":2,"b.jsonl":1}}`.
    static func counted(_ count: Int, in recordings: [(path: String, count: Int)], level: FindingLevel? = nil) -> String {
        var fields: [(String, String)] = level.map { [("level", jsonString($0.rawValue))] } ?? []
        fields += [("count", String(count)), ("recordings", object(recordings.map { ($0.path, String($0.count)) }))]
        return object(fields)
    }

    /// The logs that could not be read, as a JSON array of `{path, line, kind, message}`.
    static func failures(_ failures: [RecordingError]) -> String {
        "["
            + failures.map { failure in
                var fields = [("path", jsonString(failure.path))]
                if let line = failure.line { fields.append(("line", String(line))) }
                fields.append(("kind", jsonString(failure.kind == .malformed ? "malformed" : "unreadable")))
                fields.append(("message", jsonString(failure.message)))
                return object(fields)
            }.joined(separator: ",") + "]"
    }

    /// A JSON object from keys and already-encoded values, in order.
    static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { "\(jsonString($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }
}
