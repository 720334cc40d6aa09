/// What the user sees at the top of the page.
public enum BannerState: String, Equatable, Sendable {
    case hidden
    /// The amber pill.
    case offline
    /// The green flash.
    case backOnline = "back-online"
}

/// What made a visible change (offline-banner.md, "Output").
public enum BannerCause: String, Equatable, Sendable {
    /// The offline debounce fired.
    case offline
    case online
    case flashElapsed = "flash-elapsed"
    case fetchRequestError = "fetch-request-error"
    case submitFailed = "submit-failed"
    case connect
    case connectOffline = "connect-offline"
    case disconnect
    /// The document unloaded (a `pagehide` not kept in the back-forward cache).
    case pagehide
    /// A response while the pill was up and the browser said online (the `recoverOnResponse` variant).
    case response
}
