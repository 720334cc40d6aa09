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

/// The classification of native-error-policy.md (v2): the framework's error taxonomy onto two
/// variants (and `none` for the 401 the auth shell owns).
public enum OfflineErrorPolicy {
    /// The HTTP statuses a server can answer with. hotwire-native-android hands the app
    /// `HttpError.UnknownError(-1)` for a Turbo.js visit that got no response at all.
    public static let httpStatuses: ClosedRange<Int> = 100...599

    public static func classify(
        _ error: NativeError, on platform: Platform,
        offlineCodes: OfflineCodes = .defaults
    ) -> ErrorVariant {
        switch error {
        case .web(.code(let code)):
            // Only this platform's list: web code 0 is just a code, unlike Turbo.js's status 0.
            return offlineCodes[platform].contains(code) ? .offline : .server
        case .web(.turbo):
            // A timeout is offline on purpose: a half-dead radio surfaces as one.
            return .offline
        case .http(status: 401):
            return .none
        case .http(let status) where platform == .android && !httpStatuses.contains(status):
            // No HTTP response at all: an offline tap to a screen with no cached snapshot.
            return .offline
        case .http:
            // 404, 500, a 503 in maintenance; on iOS every status: a hurting server is not "offline".
            return .server
        case .ssl, .load:
            return .server
        }
    }
}
