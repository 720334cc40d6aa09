/// A failed full-page load as the framework has already classified it (iOS
/// `HotwireNativeError` `.http` / `.web` / `.load`; Android `VisitError` `HttpError` /
/// `WebError` / `WebSslError` / `LoadError`).
public enum NativeError: Equatable, Sendable {
    /// The server answered with this HTTP status.
    case http(status: Int)
    /// The web view failed: with the platform's own error code, or as Turbo.js reported it.
    case web(WebFailure)
    /// Android's `WebSslError`.
    case ssl
    /// The page could not be loaded for another reason (`.load` / `LoadError`).
    case load
}

/// How a `web` error identifies itself: exactly one of a platform code or a Turbo.js status.
public enum WebFailure: Equatable, Sendable {
    /// The platform's own code: an iOS `URLError` code, an Android `WebViewClient` code.
    case code(Int)
    /// A Turbo.js visit failure, the same on both platforms.
    case turbo(TurboFailure)
}

/// Turbo.js's two failed-visit statuses that carry no HTTP response.
public enum TurboFailure: String, CaseIterable, Equatable, Sendable {
    /// Status 0.
    case networkFailure
    /// Status −1.
    case timeout
}
