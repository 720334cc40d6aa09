import PolicyCore
import TurboRecording

/// The findings of the log itself rather than of a policy: the reader's layer raises them, on a
/// web recording and a native log alike (recording-format.md, "A cut log"). Read by the
/// registry (`PolicyDescription.logFindings`); `LogCut` holds one with its line.
package enum LogFindingKind: String, CaseIterable, Equatable, Hashable, Sendable {
    /// The log's last line has no line end and is not a complete JSON object: its writer
    /// stopped mid-line. Information: every line before it was read, and no exit status counts it.
    case logCut = "log-cut"
    /// A collector's folder lacks a run of the page's seq numbers, or parts of the app's log.
    /// A warning: the rest was read, and what the policies say across the hole may be wrong.
    case logGap = "log-gap"

    package var level: FindingLevel {
        switch self {
        case .logCut: return LogCut.level
        case .logGap: return LogGap.level
        }
    }
}
