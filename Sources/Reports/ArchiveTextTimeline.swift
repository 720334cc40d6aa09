import ArchiveCachePolicy
import BannerFindings
import Fleet
import NativeErrorPolicy
import NativeFindings
import PolicyCore
import VariantAnalysis

/// The cache's decisions, `explain`'s rows and its findings, as tables for a person. URLs come
/// from logs, so they are shown terminal-safe.
package enum ArchiveTextTimeline {
    package static let header = "      t (ms)  decision  detail"
    package static let explainHeader = "      t (ms)   line  archive      detail"

    package static func settings(_ settings: ArchiveSettings) -> String {
        "ios: " + settings.summaryText
    }

    package static func row(_ decision: ArchiveDecision) -> String {
        let (name, detail) = describe(decision)
        return "\(time(decision.t))  \(name.padded(8))  \(detail)"
    }

    package static func row(_ row: ArchiveRow, settings: ArchiveSettings) -> String {
        let (name, detail): (String, String)
        switch row.step {
        case .decided(let decision):
            (name, detail) = describe(decision)
        case .timerFired(let url, let since, let line, let capture?):
            (name, detail) = (
                "capture",
                "\(safe(key(of: capture))) (url-change\(keyNote(url, key(of: capture))) at \(formatMilliseconds(since)), "
                    + "line \(line): stayed put \(formatMilliseconds(settings.debounce)) ms)"
            )
        case .timerFired(let url, let since, let line, nil):
            (name, detail) = ("no capture", "\(safe(url)) (url-change at \(formatMilliseconds(since)), line \(line)): its scheme is not http")
        case .finished(let url, let capture):
            (name, detail) = ("capture", "\(safe(key(of: capture))) (finish\(keyNote(url, key(of: capture))))")
        case .notCapturable(let url):
            (name, detail) = ("no capture", "\(safe(url)): finished, but its scheme is not http")
        case .scheduled(let url, let due, let superseded):
            (name, detail) = (
                "url-change",
                "\(safe(url)): capture due at \(formatMilliseconds(due))"
                    + (superseded.map { "; the pending capture of \(safe($0)) is superseded" } ?? "")
            )
        case .cancelled(let url):
            (name, detail) = ("launch", "the pending capture of \(safe(url)) died with the old process; archives stay")
        case .cleared(let count):
            (name, detail) = ("clear", "\(count) archive\(count == 1 ? "" : "s") removed")
        case .removed(let url, let key, let held):
            (name, detail) = (
                "remove",
                held
                    ? "\(safe(key)) removed" + (url == key ? "" : " (remove\(keyNote(url, key)))")
                    : "\(safe(url)): not in the cache, nothing removed"
            )
        case .offlineWithoutURL:
            (name, detail) = ("no url", "an offline error view without a url: the cache cannot tell which page failed")
        }
        let line = row.line.map(String.init) ?? ""
        return "\(time(row.t))  \(String(repeating: " ", count: max(0, 5 - line.count)) + line)  \(name.padded(11))  \(detail)"
    }

    package static func row(_ finding: ArchiveFinding) -> String {
        "\(time(finding.t))  \(String(finding.line).leftPadded(5))  finding      \(finding.kind.rawValue) (\(finding.level.rawValue)) "
            + terminalSafe(finding.message)
    }

    private static func describe(_ decision: ArchiveDecision) -> (String, String) {
        switch decision.outcome {
        case .capture(let key, let via):
            return ("capture", "\(safe(key)) (\(via.rawValue))")
        case .served(let url, let key, let ageMs):
            return ("served", "\(safe(url)) → the archive of \(safe(key)), \(formatMilliseconds(ageMs)) ms old, loads instead of the error view")
        case .miss(let url, let toast):
            return ("miss", "\(safe(url)) → toast “\(safe(toast))”, and back")
        case .passed(let url, let failure, let cached):
            return (
                "passed",
                "\(safe(url)) → \(name(failure)) is not −1009: the error view shows"
                    + (cached ? " (the cache held the page)" : " (the cache did not hold the page)")
            )
        }
    }

    private static func key(of decision: ArchiveDecision) -> String {
        if case .capture(let key, _) = decision.outcome { return key }
        return ""
    }

    /// " of URL" when the URL as recorded is not its key.
    private static func keyNote(_ url: String, _ key: String) -> String {
        url == key ? "" : " of \(safe(url))"
    }

    private static func name(_ failure: WebFailure) -> String {
        switch failure {
        case .code(let code): return code < 0 ? "−\(-code)" : String(code)
        case .turbo(let turbo): return "Turbo \(turbo.rawValue)"
        }
    }

    private static func safe(_ text: String) -> String { terminalSafe(text) }

    private static func time(_ t: Double) -> String {
        let text = formatMilliseconds(t)
        return String(repeating: " ", count: max(0, 12 - text.count)) + text
    }
}
