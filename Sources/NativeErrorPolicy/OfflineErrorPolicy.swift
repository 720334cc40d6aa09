/// Which error view a failed full-page load gets.
public enum ErrorVariant: String, CaseIterable, Equatable, Sendable {
    /// The network is gone: the view watches connectivity and retries by itself.
    case offline
    /// The server answered badly, or the load failed in a way a better network won't fix:
    /// the view never retries by itself, but has the same Retry button.
    case server
    /// No error view: the auth shell intercepts a 401 upstream.
    case none

    /// Why nothing is shown, for the `none` view; `nil` for the others.
    public var reason: String? {
        self == .none ? "auth-shell" : nil
    }
}

/// The classification of native-error-policy.md: the framework's error taxonomy onto two
/// variants (and `none` for the 401 the auth shell owns).
public enum OfflineErrorPolicy {
    public static func classify(_ error: NativeError, on platform: Platform) -> ErrorVariant {
        switch error {
        case .web(.code(let code)):
            // Only this platform's list: web codes 0 and −1 are just codes, unlike Turbo.js's.
            return platform.offlineWebCodes.contains(code) ? .offline : .server
        case .web(.turbo):
            // A timeout is offline on purpose: a half-dead radio surfaces as one.
            return .offline
        case .http(status: 401):
            return .none
        case .http:
            // 404, 500, a 503 in maintenance, even status 0: a hurting server is not "offline".
            return .server
        case .ssl, .load:
            return .server
        }
    }
}
