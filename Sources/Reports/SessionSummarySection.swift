import AppSession
import PolicyRegistry
import Replay

/// The native policies' figures at the end of `session`'s summary (text and the HTML page):
/// each policy's part, from the registry in its order, so `session` names no native policy
/// itself there: a new `PolicyID` stops the compiler at `writer(for:)`, which says what the
/// policy adds to the summary, or that it adds nothing. (The summary's JSON line is the pure
/// core's, `AppSessionSummary.writeJSONLine`, which cannot see the registry.)
package enum SessionSummarySections {
    /// Writes one policy's part of the summary in pieces, without its last newline.
    package typealias Writer = (_ summary: AppSessionSummary, _ write: (String) throws -> Void) throws -> Void

    /// What writes `policy`'s part of the summary, or `nil` for a policy that adds none.
    package static func writer(for policy: PolicyID) -> Writer? {
        switch policy {
        case .errorView: { summary, write in try SessionText.writeErrorViews(summary.errorViews, write) }
        // The session replays the error view alone beside the page (an edge with an offline
        // error view up is what it measures); the launch's and the cache's own findings are
        // in the native layer (`SessionLayerSections`), counted in the line before.
        case .launch, .archive: nil
        // The banner's are the latencies and the session's findings above.
        case .banner, .session: nil
        }
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
