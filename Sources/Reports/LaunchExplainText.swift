import BannerFindings
import Fleet
import LaunchPolicy
import NativeFindings
import PolicyCore
import VariantAnalysis

/// `explain`'s launch section for a person: the settings, one row per record the launch reads
/// (and the app's own screen log, and the stall timer), the log's launch figures, then the
/// findings with their sentences. Text from the recording is made terminal-safe.
package enum LaunchExplainText {
    package static let header = "      t (ms)  line  record                     screen      detail"
    package static let findingsHeader = "      t (ms)  finding               level    detail"

    package static func lines(_ analyzer: LaunchAnalyzer) -> [String] {
        head(analyzer) + analyzer.rows.map(row) + tail(analyzer)
    }

    /// The section's settings and column header, above its rows.
    package static func head(_ analyzer: LaunchAnalyzer) -> [String] {
        [
            "launch: \(analyzer.settings.platform.rawValue), stall \(ms(analyzer.settings.stall)) ms, "
                + "app-screen tolerance \(ms(analyzer.tolerance)) ms", header,
        ]
    }

    /// What follows the rows: the decisions after the log's end, the figures, the findings.
    package static func tail(_ analyzer: LaunchAnalyzer) -> [String] {
        var lines: [String] = []
        tail(analyzer) { lines.append($0) }
        return lines
    }

    /// The same lines, each handed over as it is made: a long log's findings are printed
    /// without a second copy of them as text.
    package static func tail(_ analyzer: LaunchAnalyzer, _ emit: (String) throws -> Void) rethrows {
        if let end = analyzer.end, !analyzer.afterEnd.isEmpty {
            try emit(NativeTextTimeline.afterEnd(end))
            for late in analyzer.afterEnd { try emit(row(late.row)) }
        }
        try emit(summary(analyzer.summary))
        if analyzer.findings.isEmpty {
            try emit(
                analyzer.appScreenCount == 0
                    ? "no launch findings (no app-screen lines: the app's screens were not compared)"
                    : "no launch findings")
        } else {
            try emit(findingsHeader)
            for finding in analyzer.findings { try emit(row(finding)) }
            try emit(NativeTextTimeline.counted(analyzer.findings.map(\.level), "launch finding"))
        }
    }

    package static func row(_ row: LaunchRow) -> String {
        let line = row.line.map(String.init) ?? ""
        return "\(time(row.t))  \(line.leftPadded(4))  \(terminalSafe(row.record).padded(25))  "
            + "\(row.screen.rawValue.padded(10))  \(terminalSafe(row.detail))"
    }

    package static func row(_ finding: LaunchFinding) -> String {
        let lines = "line\(finding.lines.count == 1 ? "" : "s") " + finding.lines.map(String.init).joined(separator: ", ")
        return "\(time(finding.t))  \(finding.kind.rawValue.padded(20))  \(finding.level.rawValue.padded(7))  \(lines): \(terminalSafe(finding.sentence))"
    }

    /// "launches 3: ready 2 (to web 1840.5, 6500 ms), stalled 1, through error 1, offseason 1"
    static func summary(_ summary: LaunchSummary) -> String {
        let ready = summary.readyMs.isEmpty ? "" : " (to web " + summary.readyMs.map(ms).joined(separator: ", ") + " ms)"
        return "launches \(summary.launches): ready \(summary.readyMs.count)\(ready), stalled \(summary.stalls), "
            + "through error \(summary.throughError), offseason \(summary.offseason)"
    }

    private static func time(_ t: Double) -> String {
        ms(t).leftPadded(12)
    }
}

private func ms(_ value: Double) -> String { formatMilliseconds(value) }
