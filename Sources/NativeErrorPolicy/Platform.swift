/// The two native shells. The classification reads the platform's own `web` error codes,
/// and the retry policy's foreground rule and default cooldown differ between them.
public enum Platform: String, CaseIterable, Equatable, Sendable {
    case ios
    case android

    /// The `web` error codes that mean the network is gone (native-error-policy.md,
    /// "Classification"). Only the recording's platform's list applies.
    public var offlineWebCodes: Set<Int> {
        switch self {
        case .ios:
            // URLError: notConnectedToInternet, networkConnectionLost, timedOut, cannotFindHost,
            // cannotConnectToHost, dnsLookupFailed, internationalRoamingOff, callIsActive,
            // dataNotAllowed.
            return [-1009, -1005, -1001, -1003, -1004, -1006, -1018, -1019, -1020]
        case .android:
            // WebViewClient: ERROR_HOST_LOOKUP, ERROR_CONNECT, ERROR_IO, ERROR_TIMEOUT.
            return [-2, -6, -7, -8]
        }
    }
}
