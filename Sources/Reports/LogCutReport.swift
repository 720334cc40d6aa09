import PolicyCore
import TurboRecording

/// How every report shows a log's cut: as a finding of its own, `log-cut` (info), in the shape
/// every finding has, web or native alike.
extension LogCut {
    /// The explained timeline's row, in the findings' column.
    package var row: String {
        "  finding  \(LogCut.finding) (\(LogCut.level.rawValue)) at \(formatMilliseconds(t)) [line \(line)]: \(message)"
    }

    /// The finding as a JSON line.
    package var jsonLine: String {
        ReportJSON.object([
            ("t", formatMilliseconds(t)),
            ("finding", jsonString(LogCut.finding)),
            ("level", jsonString(LogCut.level.rawValue)),
            ("line", String(line)),
            ("message", jsonString(message)),
        ])
    }

    /// A note on standard error for the commands that print a timeline rather than findings.
    package func note(path: String) -> String {
        "\(terminalSafe(path)):\(line): \(LogCut.finding) (\(LogCut.level.rawValue)): \(message)"
    }
}
