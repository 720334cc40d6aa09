import BannerFindings
import Fleet
import NativeFindings
import Pictures
import Reports
import VariantAnalysis

/// The launch's part of `explain` on a native log, after the error view's: nothing when the log
/// has neither a launch nor the app's own screen log.
enum LaunchExplain {
    @MainActor static func print(_ launch: LaunchAnalyzer, jsonl: Bool, console: Console) throws {
        guard launch.isRelevant else { return }
        if jsonl {
            for finding in launch.findings { try console.print(finding.jsonLine) }
            for late in launch.afterEnd { try console.print(NativeTextTimeline.afterEndJSON(late.record.jsonLine)) }
        } else {
            try console.print("")
            for line in LaunchExplainText.lines(launch) { try console.print(line) }
        }
    }
}
