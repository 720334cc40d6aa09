import AppSession
import PolicyRegistry
import Replay

/// The native policies' figures at the end of `session`'s summary (text and the HTML page):
/// each policy's part, from the registry in its order, so `session` names no native policy
/// itself there: each policy's `NativeLogReport` says what it adds, most often nothing. (The summary's JSON line is the pure
/// core's, `AppSessionSummary.writeJSONLine`, which cannot see the registry.)
package enum SessionSummarySections {
    /// Writes one policy's part of the summary in pieces, without its last newline.
    package typealias Writer = (_ summary: AppSessionSummary, _ write: (String) throws -> Void) throws -> Void

    /// What writes `policy`'s part of the summary, or `nil` for a policy that adds none (its
    /// `NativeLogReport` says). The banner's are the latencies and the session's findings above.
    package static func writer(for policy: PolicyID) -> Writer? {
        NativeLogReports.report(for: policy)?.summary
    }

    /// Every policy's part of `summary`, in registry order, a newline between two, without
    /// the last newline.
    package static func write(_ summary: AppSessionSummary, _ write: (String) throws -> Void) throws {
        var first = true
        for policy in PolicyDescription.all {
            guard let part = writer(for: policy.id) else { continue }
            if !first { try write("\n") }
            try part(summary, write)
            first = false
        }
    }
}
