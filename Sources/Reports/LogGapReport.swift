import PolicyCore
import TurboRecording

/// How every report shows a hole in a collector's folder: as a finding of its own, `log-gap`
/// (warning), in the shape every finding has, web or native alike. It has no time of its own
/// (no record stands for it): it is shown where it falls, by the part read after it.
extension LogGap {
    /// Where it is: the part read after it, or the end of the log.
    package var place: String { before.map { "before \(terminalSafe($0))" } ?? "at the end" }

    /// The explained timeline's row, in the findings' column.
    package var row: String {
        "  finding  \(LogGap.finding) (\(LogGap.level.rawValue)) \(place): \(message)"
    }

    /// The finding as a JSON line: the missing range as `from` and `to` (seq, or part index).
    package var jsonLine: String {
        var fields = [
            ("finding", jsonString(LogGap.finding)),
            ("level", jsonString(LogGap.level.rawValue)),
        ]
        switch missing {
        case .seq(let seqs): fields += [("seq", ReportJSON.object([("from", String(seqs.lowerBound)), ("to", String(seqs.upperBound))]))]
        case .parts(let parts, let count):
            fields += [("parts", ReportJSON.object([("from", String(parts.lowerBound)), ("to", String(parts.upperBound))]))]
            if let count { fields.append(("of", String(count))) }
        }
        if let before { fields.append(("before", jsonString(before))) }
        fields.append(("message", jsonString(message)))
        return ReportJSON.object(fields)
    }

    /// A note on standard error for the commands that print a timeline rather than findings.
    package func note(path: String) -> String {
        "\(terminalSafe(path)): \(LogGap.finding) (\(LogGap.level.rawValue)) \(place): \(message)"
    }
}
