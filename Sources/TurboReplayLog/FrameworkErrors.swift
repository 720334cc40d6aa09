import NativeErrorPolicy

/// What hotwire-native-ios's `HotwireNativeError` lets an app see, in plain values, so the
/// mapping to the log's `error` is pure and tested here without the framework (the glue in
/// docs/native-logging.md builds it from the real error).
public enum IOSHandedError: Sendable, Equatable {
    /// `.http(HTTPError)`: its `statusCode` (400…599).
    case http(statusCode: Int)
    /// `.web(WebError)`: its `errorCode`, whether it wraps a `URLError` (`urlError != nil`),
    /// and its `isTimeout`.
    case web(errorCode: Int, hasURLError: Bool, isTimeout: Bool)
    /// `.load(LoadError)`: Turbo not present or not ready, a content-type mismatch, an
    /// invalid response.
    case load
}

/// What hotwire-native-android's `VisitError` is, in plain values.
public enum AndroidVisitError: Sendable, Equatable {
    /// `HttpError` (`ClientError`, `ServerError`, `UnknownError`): its `statusCode`; −1 for
    /// a Turbo.js visit that got no HTTP response.
    case http(statusCode: Int)
    /// `WebError`: its `errorCode` (`WebViewClientCompat.ERROR_*`).
    case web(errorCode: Int)
    /// `WebSslError`: its `errorCode` (`SslError.SSL_*`), which the log does not keep.
    case ssl(errorCode: Int)
    /// `LoadError` (`NotPresent`, `NotReady`).
    case load
}

extension NativeError {
    /// The `error` of a `presented` line for what the iOS hook was handed.
    ///
    /// A `WebError` without a `URLError` comes from Turbo.js: its timeout (status −1) is the
    /// only one with code −1 whose `isTimeout` is true, and is written as Turbo's; its network
    /// failure (status 0) looks exactly like a raw code 0, so it is written as the code.
    public init(ios handed: IOSHandedError) {
        switch handed {
        case .http(let status): self = .http(status: status)
        case .web(-1, false, true): self = .web(.turbo(.timeout))
        case .web(let code, _, _): self = .web(.code(code))
        case .load: self = .load
        }
    }

    /// The `error` of a `presented` line for what the Android hook was handed.
    public init(android handed: AndroidVisitError) {
        switch handed {
        case .http(let status): self = .http(status: status)
        case .web(let code): self = .web(.code(code))
        case .ssl: self = .ssl
        case .load: self = .load
        }
    }
}
