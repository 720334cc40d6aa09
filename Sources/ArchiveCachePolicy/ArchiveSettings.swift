/// Everything about the web-archive cache a team can configure. Durations are milliseconds.
public struct ArchiveSettings: Equatable, Sendable {
    /// How long a URL must stay put after a `url-change` before it is captured: a page still
    /// in transition (a redirect, a Turbo visit about to be replaced) is not worth an archive.
    public var debounce: Double
    /// An archive served older than this is a `stale-archive` finding. The policy itself serves
    /// archives of any age (the cache never evicts); this only says which ones to look at.
    public var stale: Double
    /// Query parameters that are the app's own flags, not part of the page: removed from keys.
    public var stripParams: [String]

    public static let defaultDebounce: Double = 2000
    /// 24 hours.
    public static let defaultStale: Double = 86_400_000
    public static let defaultStripParams = ["mobile_offline", "mobile_app_v2"]

    public init(debounce: Double = defaultDebounce, stale: Double = defaultStale, stripParams: [String] = defaultStripParams) {
        self.debounce = debounce
        self.stale = stale
        self.stripParams = stripParams
    }

    /// The key of `url` under these settings.
    public func key(_ url: String) -> String {
        archiveKey(url, stripping: stripParams)
    }
}
