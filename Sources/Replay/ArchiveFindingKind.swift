import PolicyCore

/// The web-archive cache's findings, with their levels; read by the policies' registry
/// (`PolicyDescription.archive`). `ArchiveFinding` holds one with its evidence.
package enum ArchiveFindingKind: String, CaseIterable, Equatable, Hashable, Sendable {
    /// A `miss`: the user saw "Not available offline" and was sent back.
    case offlineMiss = "offline-miss"
    /// A `passed` with `cached` true: the page was on disk, yet an offline failure other
    /// than −1009 showed the error view.
    case notIntercepted = "not-intercepted"
    /// A `served` older than `staleMs`: the user read an old page without being told how old.
    case staleArchive = "stale-archive"

    package var level: FindingLevel {
        switch self {
        // The toast and back is the cache's designed answer to a page it does not hold.
        case .offlineMiss: return .info
        // A page on disk the user could not read, or read without knowing its age.
        case .notIntercepted, .staleArchive: return .warning
        }
    }
}
