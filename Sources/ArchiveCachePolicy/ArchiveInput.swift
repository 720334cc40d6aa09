import NativeErrorPolicy

/// The records the cache acts on (archive-cache-policy.md, "Inputs"). An iOS shell sends them
/// from the places it already has: `webView(_:didFinish:)`, a KVO observer of `webView.url`,
/// its launch, its settings screen, and the error handler that presents the error view.
public enum ArchiveInput: Equatable, Sendable {
    /// `didFinishNavigation`: a full page load finished; capture it now.
    case finish(url: String)
    /// The web view's URL changed (a Turbo visit, `pushState`, or a full load): capture it once
    /// it has stayed put for the debounce.
    case urlChange(url: String)
    /// The app process started: a capture still pending died with the old process.
    case launch
    /// The user cleared the cache.
    case cacheClear
    /// The user removed one page.
    case cacheRemove(url: String)
    /// A visit failed and the shell is about to present its error view. `url` is the visit that
    /// failed; without it the cache cannot tell which page to serve, and does nothing.
    case presented(error: NativeError, url: String?)
}
