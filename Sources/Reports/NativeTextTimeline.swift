import BannerFindings
import Fleet
import NativeErrorPolicy
import NativeFindings
import PolicyCore
import TurboRecording
import VariantAnalysis

/// The native decision timeline and the findings of `--explain`, as tables for a person.
/// Surfaces come from the app's log, so they are shown terminal-safe.
package enum NativeTextTimeline {
    package static let header = "      t (ms)  surface       decision        detail"
    package static let findingsHeader = "      t (ms)  surface       finding           level    detail"

    package static func row(_ decision: Decision) -> String {
        let (event, detail) = describe(decision)
        return "\(time(decision.t))  \(terminalSafe(decision.surface).padded(12))  \(event.padded(14))  \(detail)"
    }

    /// What a decision is ("offline view") and what it means, for the tables that show it.
    package static func describe(_ decision: Decision) -> (event: String, detail: String) {
        let (event, detail): (String, String)
        switch decision.outcome {
        case .view(.offline) where decision.probe == false:
            (event, detail) = ("offline view", "probe-once: no probe (its surface's probe already retried); waits for an edge, an iOS foreground or a tap")
        case .view(.offline): (event, detail) = ("offline view", "watches connectivity, retries by itself")
        case .view(.server): (event, detail) = ("server view", "never retries by itself; the Retry button works")
        case .view(.none): (event, detail) = ("no view", "401: the auth shell has it")
        case .retry(.automatic(.edge)): (event, detail) = ("retry (auto)", "edge: the path came back and settled")
        case .retry(.automatic(.probe)): (event, detail) = ("retry (auto)", "probe: presented on a healthy path, no edge will come")
        case .retry(.automatic(.foreground)): (event, detail) = ("retry (auto)", "foreground: the app came back online and settled")
        case .retry(.manual): (event, detail) = ("retry (manual)", "Retry tapped: immediate, never throttled")
        case .deferred(let until): (event, detail) = ("deferred", "inside the cooldown: waits until \(formatMilliseconds(until))")
        }
        return (event, detail)
    }

    package static func row(_ finding: RetryFinding) -> String {
        let detail: String
        switch finding.detail {
        case .missed(let trigger):
            detail =
                (finding.line.map { "line \($0): " } ?? "")
                + "the policy retried automatically (\(trigger.rawValue)); the app logged no automatic retry here within 1 s"
        case .unexpected(let line, let policy):
            detail =
                "line \(line): the app retried automatically; the policy has no automatic retry here within 1 s: "
                + policy.explanation
        }
        return "\(time(finding.t))  \(terminalSafe(finding.surface).padded(12))  \(finding.kind.rawValue.padded(16))  "
            + "\(finding.level.rawValue.padded(7))  \(detail)"
    }

    /// A probe loop, in the findings table: its lines, then what it means.
    package static func row(_ loop: ProbeLoop) -> String {
        let lines = "line\(loop.lines.count == 1 ? "" : "s") " + loop.lines.map(String.init).joined(separator: ", ")
        return "\(time(loop.t))  \(terminalSafe(loop.surface).padded(12))  \(ProbeLoop.finding.padded(16))  "
            + "\(ProbeLoop.level.rawValue.padded(7))  \(lines): \(loop.message)"
    }

    /// Above the decisions a cut log's policy made after its last record.
    package static func afterEnd(_ end: Double) -> String {
        "after the log ended at \(formatMilliseconds(end)) (not held against the app, no findings):"
    }

    /// A decision after the log's end, as a JSON line that says so: the decision's own keys,
    /// then `"afterEnd":true`.
    package static func afterEndJSON(_ jsonLine: String) -> String {
        String(jsonLine.dropLast()) + #","afterEnd":true}"#
    }

    /// The count line under the retry findings: "no findings: …", or "2 findings (warning 2)".
    package static func findingsCount(_ findings: [RetryFinding]) -> String {
        findingsCount(findings.map(\.level))
    }

    package static func findingsCount(_ levels: [FindingLevel]) -> String {
        levels.isEmpty ? "no findings: the app's automatic retries match the policy's" : counted(levels, "finding")
    }

    /// The count line with the log's cut among the findings, when it was cut (the `log-cut`
    /// info finding, named, since it is no retry's): "1 finding (info 1; log-cut 1): the app's
    /// automatic retries match the policy's", "3 findings (warning 2, info 1; log-cut 1)".
    /// Without `compared` (the app logged no retry), nothing is said of the retries.
    package static func findingsCount(_ levels: [FindingLevel], cuts: Int, compared: Bool = true) -> String {
        guard cuts > 0 else { return compared ? findingsCount(levels) : counted(levels, "finding") }
        let line = counted(levels + Array(repeating: LogCut.level, count: cuts), "finding")
        let match = compared && levels.isEmpty ? ": the app's automatic retries match the policy's" : ""
        return line.dropLast() + "; \(LogCut.finding) \(cuts))" + match
    }

    /// "1 finding (warning 1)", "3 archive findings (warning 1, info 2)": a count, then by level.
    package static func counted(_ levels: [FindingLevel], _ noun: String) -> String {
        let byLevel = FindingLevel.reportOrder.compactMap { level -> String? in
            let count = levels.filter { $0 == level }.count
            return count == 0 ? nil : "\(level.rawValue) \(count)"
        }
        return "\(levels.count) \(noun)\(levels.count == 1 ? "" : "s") (\(byLevel.joined(separator: ", ")))"
    }

    private static func time(_ t: Double) -> String {
        let text = formatMilliseconds(t)
        return String(repeating: " ", count: max(0, 12 - text.count)) + text
    }
}
