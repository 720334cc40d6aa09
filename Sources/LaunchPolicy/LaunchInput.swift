import NativeErrorPolicy

/// The records the launch policy acts on (launch-policy.md, "Inputs"). `app-screen` is the
/// app's own log of what it shows: it is compared with the policy, never fed to it.
public enum LaunchInput: Equatable, Sendable {
    /// The app starts (`cold`), or is rebuilt from scratch after the OS discarded it: either
    /// way the root is built anew.
    case launch(cold: Bool = true)
    /// The remote flags arrived, or changed.
    case config(LaunchFlags)
    /// A bridge message from the page. Only `page-load` `connect` matters here.
    case bridge(component: String, event: String)
    /// An error view was presented for a failed visit (as in native-error-policy.md).
    case presented(surface: String, error: NativeError)

    /// The message the first page's `page-load` Stimulus controller sends when it connects.
    public static let pageLoadConnect = LaunchInput.bridge(component: "page-load", event: "connect")

    /// `config` with these flags.
    public static func config(offseason: Bool, tester: Bool = false) -> LaunchInput {
        .config(LaunchFlags(offseason: offseason, tester: tester))
    }
}
