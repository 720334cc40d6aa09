/// The records the controller acts on (recording-format.md, "Records the controller acts on").
/// Fields the controller never reads are kept only where diagnostics want them.
public enum BannerInput: Equatable, Sendable {
    /// The window's `offline` event: a fast edge of `navigator.onLine` to false.
    case offline
    /// The window's `online` event.
    case online
    /// `turbo:fetch-request-error`: a Turbo fetch failed at the network layer.
    case fetchRequestError(FetchRequestError)
    /// `turbo:submit-end`.
    case submitEnd(SubmitEnd)
    /// The controller connected: the page body (and the pill) rendered.
    case connect(context: String? = nil, online: Bool = true)
    /// The controller disconnected: the page body is being replaced.
    case disconnect
    /// The window's `pagehide`: the whole document is going away (a full page load, a reload,
    /// leaving the site). No `disconnect` comes for a document that unloads, so this is the only
    /// word that its pill and timers are gone. `persisted` is the event's own flag (absent in a
    /// recording means false): true only when the browser keeps the page in its back-forward
    /// cache, where the controller stays connected and may be shown again as it was.
    case pagehide(persisted: Bool = false)
    /// `turbo:before-fetch-response`: a Turbo fetch got an HTTP response, so the network
    /// works. The v1 controller does not listen for it (time passes, nothing else); the
    /// `recoverOnResponse` variant acts on it.
    case beforeFetchResponse(BeforeFetchResponse = BeforeFetchResponse())
}

/// What a response said about itself, for diagnostics: the controller reads none of it. A
/// reader that keeps only what the controller needs (a replay) leaves it empty: responses are
/// about a third of a field log's lines, and their strings would cost every replay.
public struct BeforeFetchResponse: Equatable, Sendable {
    /// The response's `statusCode`, when it was a JSON integer.
    public var statusCode: Int?
    /// `html` for a Visit, `turbo-frame#id`, `form#id`.
    public var target: String?

    public init(statusCode: Int? = nil, target: String? = nil) {
        self.statusCode = statusCode
        self.target = target
    }
}

/// What a failed fetch said about itself. The controller reads none of it.
public struct FetchRequestError: Equatable, Sendable {
    public var url: String?
    public var method: String?
    /// `html` for a Visit, `turbo-frame#id`, `form#id`, `a#id` (a link prefetch).
    public var target: String?
    public var error: String?

    public init(url: String? = nil, method: String? = nil, target: String? = nil, error: String? = nil) {
        self.url = url
        self.method = method
        self.target = target
        self.error = error
    }
}

/// A finished Turbo form submission.
public struct SubmitEnd: Equatable, Sendable {
    /// Absent in a recording means false.
    public var success: Bool
    /// `nil` when no HTTP response arrived: the submission died on the way.
    public var fetchResponse: FetchResponse?
    public var action: String?
    public var method: String?

    public init(success: Bool = false, fetchResponse: FetchResponse? = nil, action: String? = nil, method: String? = nil) {
        self.success = success
        self.fetchResponse = fetchResponse
        self.action = action
        self.method = method
    }
}

/// The HTTP response a submission got.
public struct FetchResponse: Equatable, Sendable {
    /// `nil` when the recording's `statusCode` is not a JSON integer.
    public var statusCode: Int?

    public init(statusCode: Int?) {
        self.statusCode = statusCode
    }
}
