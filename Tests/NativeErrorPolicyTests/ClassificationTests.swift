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
    static let table: [ClassificationRow] = [
        // `web`, iOS URLError codes | offline
        .init(.web(.code(-1009)), on: .ios, .offline, "URLError −1009 notConnectedToInternet"),
        .init(.web(.code(-1005)), on: .ios, .offline, "URLError −1005 networkConnectionLost"),
        .init(.web(.code(-1001)), on: .ios, .offline, "URLError −1001 timedOut"),
        .init(.web(.code(-1003)), on: .ios, .offline, "URLError −1003 cannotFindHost"),
        .init(.web(.code(-1004)), on: .ios, .offline, "URLError −1004 cannotConnectToHost"),
        .init(.web(.code(-1006)), on: .ios, .offline, "URLError −1006 dnsLookupFailed"),
        .init(.web(.code(-1018)), on: .ios, .offline, "URLError −1018 internationalRoamingOff"),
        .init(.web(.code(-1019)), on: .ios, .offline, "URLError −1019 callIsActive"),
        .init(.web(.code(-1020)), on: .ios, .offline, "URLError −1020 dataNotAllowed"),
        // `web`, Android WebViewClient codes | offline
        .init(.web(.code(-2)), on: .android, .offline, "WebViewClient −2 HOST_LOOKUP"),
        .init(.web(.code(-6)), on: .android, .offline, "WebViewClient −6 CONNECT"),
        .init(.web(.code(-7)), on: .android, .offline, "WebViewClient −7 IO"),
        .init(.web(.code(-8)), on: .android, .offline, "WebViewClient −8 TIMEOUT"),
        // `web` from Turbo.js status 0 or −1, either platform | offline
        .init(.web(.turbo(.networkFailure)), on: .ios, .offline, "Turbo.js networkFailure (status 0)"),
        .init(.web(.turbo(.timeout)), on: .ios, .offline, "Turbo.js timeout (status −1)"),
        .init(.web(.turbo(.networkFailure)), on: .android, .offline, "Turbo.js networkFailure (status 0)"),
        .init(.web(.turbo(.timeout)), on: .android, .offline, "Turbo.js timeout (status −1)"),
        // `http` 401 | none
        .init(.http(status: 401), on: .ios, .none, "http 401"),
        .init(.http(status: 401), on: .android, .none, "http 401"),
        // `http` any other status | server
        .init(.http(status: 404), on: .ios, .server, "http 404"),
        .init(.http(status: 500), on: .ios, .server, "http 500"),
        .init(.http(status: 503), on: .ios, .server, "http 503"),
        .init(.http(status: 0), on: .ios, .server, "http 0 (just a status)"),
        .init(.http(status: 404), on: .android, .server, "http 404"),
        .init(.http(status: 500), on: .android, .server, "http 500"),
        .init(.http(status: 503), on: .android, .server, "http 503"),
        .init(.http(status: 0), on: .android, .server, "http 0 (just a status)"),
        // `ssl`, `load` | server
        .init(.ssl, on: .ios, .server, "ssl"),
        .init(.load, on: .ios, .server, "load"),
        .init(.ssl, on: .android, .server, "ssl"),
        .init(.load, on: .android, .server, "load"),
        // every other `web` code | server — including the other platform's list
        .init(.web(.code(0)), on: .ios, .server, "web code 0 (not Turbo.js's status 0)"),
        .init(.web(.code(-1)), on: .ios, .server, "web code −1 (not Turbo.js's status −1)"),
        .init(.web(.code(-999)), on: .ios, .server, "URLError −999 cancelled"),
        .init(.web(.code(-1202)), on: .ios, .server, "URLError −1202 serverCertificateUntrusted"),
        .init(.web(.code(-2)), on: .ios, .server, "−2 is Android's HOST_LOOKUP, not an iOS code"),
        .init(.web(.code(-8)), on: .ios, .server, "−8 is Android's TIMEOUT, not an iOS code"),
        .init(.web(.code(0)), on: .android, .server, "web code 0 (not Turbo.js's status 0)"),
        .init(.web(.code(-1)), on: .android, .server, "web code −1 UNKNOWN (not Turbo.js's status −1)"),
        .init(.web(.code(-11)), on: .android, .server, "WebViewClient −11 FAILED_SSL_HANDSHAKE"),
        .init(.web(.code(-1009)), on: .android, .server, "−1009 is an iOS code, not an Android one"),
        .init(.web(.code(-1001)), on: .android, .server, "−1001 is an iOS code, not an Android one"),
    ]
}

@Suite("Classification (OfflineErrorPolicy)")
struct ClassificationTests {
    @Test("each row of the table", arguments: ClassificationRow.table)
    func row(_ row: ClassificationRow) {
        #expect(OfflineErrorPolicy.classify(row.error, on: row.platform) == row.variant)
    }

    @Test("the offline code lists are exactly the table's, per platform")
    func offlineCodeLists() {
        #expect(Platform.ios.offlineWebCodes == [-1009, -1005, -1001, -1003, -1004, -1006, -1018, -1019, -1020])
        #expect(Platform.android.offlineWebCodes == [-2, -6, -7, -8])
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
        #expect(decisions.retries.map(\.description) == [
            #"{"t":300,"surface":"sheet","retry":"manual"}"#,
            #"{"t":5400,"surface":"tab:home","retry":"auto","trigger":"edge"}"#,
        ])
        #expect(decisions.automaticRetries.map(\.surface) == ["tab:home"])
    }
}
