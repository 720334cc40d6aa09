/// The screen at the root of the app (launch-policy.md, "State"): what the user is looking at
/// while the app starts, and after.
public enum RootScreen: String, CaseIterable, Equatable, Sendable {
    /// Before the first `launch`: there is no root yet.
    case none
    /// The native loading screen, drawn like the launch screen, with the web view behind it
    /// at opacity 0.
    case loading
    /// The web view, faded in.
    case web
    /// The offseason information screen (a remote flag; testers pass through).
    case offseason
    /// The root-level error screen: a first visit failed while the loading screen was up, and
    /// the framework's own error view would be hidden in the transparent container.
    case error
}
