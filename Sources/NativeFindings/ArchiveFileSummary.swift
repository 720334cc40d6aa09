/// One native log's cache, as plain numbers: what `archive --summary` adds up over a fleet.
public struct ArchiveFileSummary: Equatable, Sendable {
    /// `presented` records the error-view classification calls `offline` (iOS codes).
    public var offlineViews = 0
    /// Of those, the ones without a `url`: the cache could not have helped.
    public var offlineWithoutURL = 0
    public var served = 0
    public var missed: [MissReason: Int] = [:]
    public var passed = 0
    /// Of the `passed`, those whose page the cache held.
    public var passedCached = 0
    /// The archive's age at each `served`, in order.
    public var servedAges: [Double] = []
    public var captures = 0
    /// Archives held when the log ends (at most `maxArchives`).
    public var archivesAtEnd = 0
    public var findings: [ArchiveFinding.Kind: Int] = [:]
    /// Whether the log has anything for the cache: a `finish`, `url-change`, `cache-clear`,
    /// `cache-remove`, or a `presented` with a `url`.
    public var hasNavigation = false
    public var skippedLines = 0

    public init() {}

    public var misses: Int { missed.values.reduce(0, +) }
}
