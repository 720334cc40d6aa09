import Replay

/// One native log's cache, as plain numbers: what `archive --summary` adds up over a fleet.
package struct ArchiveFileSummary: Equatable, Sendable {
    /// `presented` records the error-view classification calls `offline` (iOS codes).
    package var offlineViews = 0
    /// Of those, the ones without a `url`: the cache could not have helped.
    package var offlineWithoutURL = 0
    package var served = 0
    package var missed: [MissReason: Int] = [:]
    package var passed = 0
    /// Of the `passed`, those whose page the cache held.
    package var passedCached = 0
    /// The archive's age at each `served`, as a sketch: a log that serves a million pages
    /// keeps the buckets in use, not a million ages; `archive --summary` reads its quantiles.
    package var servedAges = QuantileSketch()
    package var captures = 0
    /// Archives held when the log ends (at most `maxArchives`).
    package var archivesAtEnd = 0
    package var findings: [ArchiveFinding.Kind: Int] = [:]
    /// Whether the log has anything for the cache: a `finish`, `url-change`, `cache-clear`,
    /// `cache-remove`, or a `presented` with a `url`.
    package var hasNavigation = false
    package var skippedLines = 0

    package init() {}

    package var misses: Int { missed.values.reduce(0, +) }
}
