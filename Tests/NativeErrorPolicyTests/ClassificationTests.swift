import NativeErrorPolicy
import Testing

/// One row of the classification table (native-error-policy.md, "Classification"), on one
/// platform.
struct ClassificationRow: CustomTestStringConvertible, Sendable {
    let error: NativeError
    let platform: Platform
    let variant: ErrorVariant
    let name: String

    init(_ error: NativeError, on platform: Platform, _ variant: ErrorVariant, _ name: String) {
        self.error = error
        self.platform = platform
        self.variant = variant
        self.name = name
    }

    var testDescription: String { "\(platform) \(name) → \(variant)" }
}

extension ClassificationRow {
    /// native-error-policy.md v2, "Classification", row by row; each row's cases on the
    /// platforms it names, and every code of both platforms' own tables (native-logging.md).
    static let table: [ClassificationRow] = [
        // Row 1 — `web`, iOS URLError codes | offline
        .init(.web(.code(-1009)), on: .ios, .offline, "URLError −1009 notConnectedToInternet"),
        .init(.web(.code(-1005)), on: .ios, .offline, "URLError −1005 networkConnectionLost"),
        .init(.web(.code(-1001)), on: .ios, .offline, "URLError −1001 timedOut"),
        .init(.web(.code(-1003)), on: .ios, .offline, "URLError −1003 cannotFindHost"),
        .init(.web(.code(-1006)), on: .ios, .offline, "URLError −1006 dnsLookupFailed"),
        .init(.web(.code(-1018)), on: .ios, .offline, "URLError −1018 internationalRoamingOff"),
        .init(.web(.code(-1019)), on: .ios, .offline, "URLError −1019 callIsActive"),
        .init(.web(.code(-1020)), on: .ios, .offline, "URLError −1020 dataNotAllowed"),
        // Row 2 — `web`, Android WebViewClient codes −1, −2, −7, −8 | offline
        .init(.web(.code(-1)), on: .android, .offline, "WebViewClient −1 UNKNOWN (ERR_NETWORK_CHANGED lands here; v1: server)"),
        .init(.web(.code(-2)), on: .android, .offline, "WebViewClient −2 HOST_LOOKUP"),
        .init(.web(.code(-7)), on: .android, .offline, "WebViewClient −7 IO"),
        .init(.web(.code(-8)), on: .android, .offline, "WebViewClient −8 TIMEOUT"),
        // Row 3 — `http` on Android outside 100…599 | offline
        .init(.http(status: -1), on: .android, .offline, "http −1: HttpError.UnknownError, no response (v1: server)"),
        .init(.http(status: 0), on: .android, .offline, "http 0: outside 100…599 (v1: server)"),
        .init(.http(status: 99), on: .android, .offline, "http 99: just below 100"),
        .init(.http(status: 600), on: .android, .offline, "http 600: just above 599"),
        .init(.http(status: -1000), on: .android, .offline, "http −1000"),
        .init(.http(status: Int.max), on: .android, .offline, "http Int.max"),
        // Row 4 — `web` from Turbo.js status 0 or −1, either platform | offline
        .init(.web(.turbo(.networkFailure)), on: .ios, .offline, "Turbo.js networkFailure (status 0)"),
        .init(.web(.turbo(.timeout)), on: .ios, .offline, "Turbo.js timeout (status −1)"),
        .init(.web(.turbo(.networkFailure)), on: .android, .offline, "Turbo.js networkFailure (status 0)"),
        .init(.web(.turbo(.timeout)), on: .android, .offline, "Turbo.js timeout (status −1)"),
        // Row 5 — `http` 401 | none
        .init(.http(status: 401), on: .ios, .none, "http 401"),
        .init(.http(status: 401), on: .android, .none, "http 401"),
        // Row 6 — `http` any other status (on iOS every status) | server
        .init(.http(status: 100), on: .android, .server, "http 100: the range's first"),
        .init(.http(status: 599), on: .android, .server, "http 599: the range's last"),
        .init(.http(status: 404), on: .android, .server, "http 404"),
        .init(.http(status: 500), on: .android, .server, "http 500"),
        .init(.http(status: 503), on: .android, .server, "http 503"),
        .init(.http(status: 404), on: .ios, .server, "http 404"),
        .init(.http(status: 500), on: .ios, .server, "http 500"),
        .init(.http(status: 503), on: .ios, .server, "http 503"),
        .init(.http(status: -1), on: .ios, .server, "http −1: every iOS status is server"),
        .init(.http(status: 0), on: .ios, .server, "http 0: every iOS status is server"),
        .init(.http(status: 600), on: .ios, .server, "http 600: every iOS status is server"),
        // Row 7 — `ssl`, `load`, and every other `web` code | server
        .init(.ssl, on: .ios, .server, "ssl"),
        .init(.load, on: .ios, .server, "load"),
        .init(.ssl, on: .android, .server, "ssl"),
        .init(.load, on: .android, .server, "load"),
        .init(.web(.code(-1004)), on: .ios, .server, "URLError −1004 cannotConnectToHost: a killed server (v1: offline)"),
        .init(.web(.code(-6)), on: .android, .server, "WebViewClient −6 CONNECT: refused (v1: offline)"),
        .init(.web(.code(0)), on: .ios, .server, "web code 0: the same-origin redirect case, not Turbo.js's status 0"),
        .init(.web(.code(-1)), on: .ios, .server, "web code −1 is just a code on iOS"),
        .init(.web(.code(-999)), on: .ios, .server, "URLError −999 cancelled"),
        .init(.web(.code(-1200)), on: .ios, .server, "URLError −1200 secureConnectionFailed"),
        .init(.web(.code(-1201)), on: .ios, .server, "URLError −1201 serverCertificateHasBadDate"),
        .init(.web(.code(-1202)), on: .ios, .server, "URLError −1202 serverCertificateUntrusted"),
        .init(.web(.code(-1203)), on: .ios, .server, "URLError −1203 serverCertificateHasUnknownRoot"),
        .init(.web(.code(-1204)), on: .ios, .server, "URLError −1204 serverCertificateNotYetValid"),
        .init(.web(.code(-1205)), on: .ios, .server, "URLError −1205 clientCertificateRejected"),
        .init(.web(.code(-1206)), on: .ios, .server, "URLError −1206 clientCertificateRequired"),
        .init(.web(.code(-2)), on: .ios, .server, "−2 is Android's HOST_LOOKUP, not an iOS code"),
        .init(.web(.code(-8)), on: .ios, .server, "−8 is Android's TIMEOUT, not an iOS code"),
        .init(.web(.code(0)), on: .android, .server, "web code 0 (not Turbo.js's status 0)"),
        .init(.web(.code(-3)), on: .android, .server, "WebViewClient −3 UNSUPPORTED_AUTH_SCHEME"),
        .init(.web(.code(-4)), on: .android, .server, "WebViewClient −4 AUTHENTICATION"),
        .init(.web(.code(-5)), on: .android, .server, "WebViewClient −5 PROXY_AUTHENTICATION"),
        .init(.web(.code(-9)), on: .android, .server, "WebViewClient −9 REDIRECT_LOOP"),
        .init(.web(.code(-10)), on: .android, .server, "WebViewClient −10 UNSUPPORTED_SCHEME"),
        .init(.web(.code(-11)), on: .android, .server, "WebViewClient −11 FAILED_SSL_HANDSHAKE"),
        .init(.web(.code(-12)), on: .android, .server, "WebViewClient −12 BAD_URL"),
        .init(.web(.code(-13)), on: .android, .server, "WebViewClient −13 FILE"),
        .init(.web(.code(-14)), on: .android, .server, "WebViewClient −14 FILE_NOT_FOUND"),
        .init(.web(.code(-15)), on: .android, .server, "WebViewClient −15 TOO_MANY_REQUESTS"),
        .init(.web(.code(-16)), on: .android, .server, "WebViewClient −16 UNSAFE_RESOURCE"),
        .init(.web(.code(-1009)), on: .android, .server, "−1009 is an iOS code, not an Android one"),
        .init(.web(.code(-1001)), on: .android, .server, "−1001 is an iOS code, not an Android one"),
    ]
}

@Suite("Classification (OfflineErrorPolicy)")
struct ClassificationTests {
    @Test("each row of the table", arguments: ClassificationRow.table)
    func row(_ row: ClassificationRow) {
        #expect(OfflineErrorPolicy.classify(row.error, on: row.platform) == row.variant)
        // The settings classify the same way, with the default code lists.
        #expect(PolicySettings(platform: row.platform).classify(row.error) == row.variant)
    }

    @Test("the default offline code lists are exactly the table's, per platform")
    func offlineCodeLists() {
        #expect(Platform.ios.offlineWebCodes == [-1009, -1005, -1001, -1003, -1006, -1018, -1019, -1020])
        #expect(Platform.android.offlineWebCodes == [-1, -2, -7, -8])
        #expect(OfflineCodes.defaults.ios == Platform.ios.offlineWebCodes)
        #expect(OfflineCodes.defaults.android == Platform.android.offlineWebCodes)
    }

    @Test("a code list replaces the default for its platform only, and only for web codes")
    func offlineCodesOverride() {
        let codes = OfflineCodes(android: [-6])
        #expect(OfflineErrorPolicy.classify(.web(.code(-6)), on: .android, offlineCodes: codes) == .offline)
        #expect(OfflineErrorPolicy.classify(.web(.code(-2)), on: .android, offlineCodes: codes) == .server)
        // iOS keeps its default.
        #expect(OfflineErrorPolicy.classify(.web(.code(-1009)), on: .ios, offlineCodes: codes) == .offline)
        #expect(OfflineErrorPolicy.classify(.web(.code(-6)), on: .ios, offlineCodes: codes) == .server)
        // The lists are web codes: an Android http −1 and Turbo.js's values stay offline, a 401 none.
        let none = OfflineCodes(ios: [], android: [])
        #expect(OfflineErrorPolicy.classify(.http(status: -1), on: .android, offlineCodes: none) == .offline)
        #expect(OfflineErrorPolicy.classify(.web(.turbo(.timeout)), on: .ios, offlineCodes: none) == .offline)
        #expect(OfflineErrorPolicy.classify(.http(status: 401), on: .ios, offlineCodes: none) == .none)
        #expect(OfflineErrorPolicy.classify(.web(.code(-1009)), on: .ios, offlineCodes: none) == .server)
        var settings = PolicySettings(platform: .ios)
        settings.offlineCodes.ios = [-1004]
        #expect(settings.classify(.web(.code(-1004))) == .offline)
        #expect(settings.classify(.web(.code(-1009))) == .server)
    }

    @Test("a none view says the auth shell has it; the others give no reason")
    func reason() {
        #expect(ErrorVariant.none.reason == "auth-shell")
        #expect(ErrorVariant.offline.reason == nil)
        #expect(ErrorVariant.server.reason == nil)
    }
}

@Suite("Reading a decision timeline in a test")
struct DecisionQueryTests {
    @Test("retries, automatic retries and views, without pattern matching")
    func queries() {
        let decisions = RetryPolicy.timeline(of: [
            (t: 0, input: .path(online: false)),
            (100, .presented(surface: "tab:home", error: .web(.code(-1009)))),
            (200, .presented(surface: "sheet", error: .http(status: 503))),
            (300, .tapRetry(surface: "sheet")),
            (5000, .path(online: true)),
        ])
        #expect(decisions.compactMap(\.view) == [.offline, .server])
        #expect(
            decisions.retries.map(\.description) == [
                #"{"t":300,"surface":"sheet","retry":"manual"}"#,
                #"{"t":5400,"surface":"tab:home","retry":"auto","trigger":"edge"}"#,
            ])
        #expect(decisions.automaticRetries.map(\.surface) == ["tab:home"])
    }
}
