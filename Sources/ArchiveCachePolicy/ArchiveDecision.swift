import NativeErrorPolicy

/// How a page came to be captured.
public enum CaptureTrigger: String, CaseIterable, Equatable, Sendable {
    /// At once, on `didFinishNavigation`.
    case finish
    /// When a `url-change`'s debounce elapsed with the URL still in place.
    case urlChange = "url-change"
}

/// One line of the cache's timeline (archive-cache-policy.md, "Output").
public struct ArchiveDecision: Equatable, Sendable {
    public enum Outcome: Equatable, Sendable {
        /// The page was archived under `key` (replacing an older archive of it).
        case capture(key: String, via: CaptureTrigger)
        /// A −1009 visit to a page the cache holds: the archive loads, the error view is not seen.
        /// `url` is the visit's URL as recorded; `ageMs` how long ago the archive was captured.
        case served(url: String, key: String, ageMs: Double)
        /// A −1009 visit to a page the cache does not hold: a toast, and the shell goes back.
        case miss(url: String, toast: String)
        /// Another offline failure (a timeout, a lost connection): the cache does not step in and
        /// the error view shows. `cached` says whether the cache held the page all the same.
        case passed(url: String, failure: WebFailure, cached: Bool)
    }

    /// The record's time; a capture by a timer carries the timer's due time.
    public var t: Double
    public var outcome: Outcome

    public init(t: Double, outcome: Outcome) {
        self.t = t
        self.outcome = outcome
    }

    /// The toast a miss shows: what the contract says, the URL as given.
    public static func missToast(_ url: String) -> String {
        "Not available offline: " + url
    }
}
