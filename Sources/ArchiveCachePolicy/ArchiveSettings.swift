import NativeErrorPolicy

/// Everything about the web-archive cache a team can configure. Durations are milliseconds.
public struct ArchiveSettings: Equatable, Sendable {
    /// How long a URL must stay put after a `url-change` before it is captured: a page still
    /// in transition (a redirect, a Turbo visit about to be replaced) is not worth an archive.
    public var debounce: Double
    /// An archive served older than this is a `stale-archive` finding. The policy itself serves
    /// archives of any age; this only says which ones to look at.
    public var stale: Double
    /// Query parameters that are the app's own flags, not part of the page: removed from keys.
    public var stripParams: [String]
    /// The most archives the cache holds: a capture beyond it evicts the least recently
    /// captured one. An app's cache directory has a budget too, and the model must not grow
    /// with the log it replays.
    public var maxArchives: Int
    /// The error view's code lists (its classification's setting): which failures are offline
    /// views at all. The cache reads them as the error view does, so that `passed` and the
    /// offline views it counts are the ones the error view showed under the same config.
    public var offlineCodes: OfflineCodes

    public static let defaultDebounce: Double = 2000
    /// 24 hours.
    public static let defaultStale: Double = 86_400_000
    public static let defaultStripParams = ["mobile_offline", "mobile_app_v2"]
    /// 1,000 pages: at the few hundred kB a page's `.webarchive` takes (HTML, CSS, JS and
    /// images in one file), a few hundred MB of disk, the size of the caches apps keep
    /// (URLCache's default disk capacity is tens of MB; a reading app's offline store, hundreds).
    /// A user opens far fewer distinct pages than this between two launches of a typical app.
    public static let defaultMaxArchives = 1000

    public init(
        debounce: Double = defaultDebounce, stale: Double = defaultStale, stripParams: [String] = defaultStripParams,
        maxArchives: Int = defaultMaxArchives, offlineCodes: OfflineCodes = .defaults
    ) {
        self.debounce = debounce
        self.stale = stale
        self.stripParams = stripParams
        self.maxArchives = max(1, maxArchives)
        self.offlineCodes = offlineCodes
    }

    /// The key of `url` under these settings.
    public func key(_ url: String) -> String {
        archiveKey(url, stripping: stripParams)
    }
}
