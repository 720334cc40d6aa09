/// The two native shells. The classification reads the platform's own `web` error codes,
/// and the retry policy's foreground rule and default cooldown differ between them.
public enum Platform: String, CaseIterable, Equatable, Sendable {
    case ios
    case android

    /// The default `web` error codes that mean the network is gone (native-error-policy.md v2,
    /// "Classification"). Only the recording's platform's list applies; `OfflineCodes` lets a
    /// team replace it.
    public var offlineWebCodes: Set<Int> {
        switch self {
        case .ios:
            // URLError: notConnectedToInternet, networkConnectionLost, timedOut, cannotFindHost,
            // dnsLookupFailed, internationalRoamingOff, callIsActive, dataNotAllowed. Not −1004
            // cannotConnectToHost: a killed server refuses the connection, and that is `server`.
            return [-1009, -1005, -1001, -1003, -1006, -1018, -1019, -1020]
        case .android:
            // WebViewClient: ERROR_UNKNOWN (where Chromium's NETWORK_CHANGED lands, leaving a
            // tunnel), ERROR_HOST_LOOKUP, ERROR_IO, ERROR_TIMEOUT. Not −6 CONNECT: refused.
            return [-1, -2, -7, -8]
        }
    }
}

/// The `web` codes that classify as `offline`, one list per platform: the defaults, or a
/// team's own when its app maps codes otherwise (`offlineCodes` in a native config). A list
/// replaces the default for its platform only.
public struct OfflineCodes: Equatable, Sendable {
    public var ios: Set<Int>
    public var android: Set<Int>

    public init(ios: Set<Int> = Platform.ios.offlineWebCodes, android: Set<Int> = Platform.android.offlineWebCodes) {
        self.ios = ios
        self.android = android
    }

    /// The defaults of native-error-policy.md v2.
    public static let defaults = OfflineCodes()

    public subscript(platform: Platform) -> Set<Int> {
        get { platform == .ios ? ios : android }
        set {
            if platform == .ios { ios = newValue } else { android = newValue }
        }
    }
}
