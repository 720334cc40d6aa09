/// The records the policy acts on (native-error-policy.md, "Recording (native)").
/// Every other record type, `app-retry` included, is observed and ignored.
public enum PolicyInput: Equatable, Sendable {
    /// Connectivity: `NWPathMonitor` satisfied on iOS, `NET_CAPABILITY_VALIDATED` on Android.
    case path(online: Bool)
    /// The shell presented an error on a surface (`tab:home`, `modal`, `sheet`, … any string).
    case presented(surface: String, error: NativeError)
    /// The user tapped the Retry button on the surface's error view.
    case tapRetry(surface: String)
    /// The surface's error view went away without a retry.
    case dismissed(surface: String)
    /// The app came to the foreground.
    case foreground
    /// A new process built its root (v2.1): the policy starts over, as if the log started here.
    case launch
}
