import ArchiveCachePolicy

/// What one record (or the capture timer) did to the cache, for `explain`'s rows.
package enum ArchiveStep: Equatable, Sendable {
    /// A decision of the policy made by the record itself: a `served`, a `miss`, a `passed`.
    case decided(ArchiveDecision)
    /// The capture timer fired: its `url-change` (time and line), and the capture it made, or
    /// `nil` when the URL's scheme is not http.
    case timerFired(url: String, since: Double, sinceLine: Int, capture: ArchiveDecision?)
    /// A `finish` captured its page (`url` as recorded).
    case finished(url: String, capture: ArchiveDecision)
    /// A `finish` whose URL's scheme is not http: nothing to capture.
    case notCapturable(url: String)
    /// A `url-change` started the capture timer, superseding the URL that was pending, if any.
    case scheduled(url: String, due: Double, superseded: String?)
    /// A `launch` cancelled the pending capture of `url`.
    case cancelled(url: String)
    /// A `cache-clear` removed this many archives.
    case cleared(count: Int)
    /// A `cache-remove` of `url` (its key), which the cache held or not.
    case removed(url: String, key: String, held: Bool)
    /// An offline error view with no `url`: the cache cannot tell which page failed.
    case offlineWithoutURL
}

package struct ArchiveRow: Equatable, Sendable {
    /// The record's time, or the timer's due time.
    package var t: Double
    /// The record's line; `nil` for the timer.
    package var line: Int?
    package var step: ArchiveStep

    package init(t: Double, line: Int?, step: ArchiveStep) {
        self.t = t
        self.line = line
        self.step = step
    }
}

/// What the analysis of a log hands out as it goes: a row, and any finding it made.
package enum ArchiveEvent: Equatable, Sendable {
    case row(ArchiveRow)
    case finding(ArchiveFinding)
}
