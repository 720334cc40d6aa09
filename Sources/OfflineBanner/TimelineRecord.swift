/// One line of the banner's timeline: a visible change, or a submission decision.
public enum TimelineRecord: Equatable, Sendable {
    case banner(BannerChange)
    case submit(SubmitDecision)

    public var t: Double {
        switch self {
        case .banner(let change): return change.t
        case .submit(let decision): return decision.t
        }
    }
}

/// The banner or its label changed.
public struct BannerChange: Equatable, Sendable {
    public var t: Double
    public var banner: BannerState
    /// `nil` exactly when `banner` is `.hidden`.
    public var label: String?
    public var cause: BannerCause

    public init(t: Double, banner: BannerState, label: String?, cause: BannerCause) {
        self.t = t
        self.banner = banner
        self.label = label
        self.cause = cause
    }
}

/// What the controller decided about a finished form submission.
public struct SubmitDecision: Equatable, Sendable {
    public enum Outcome: Equatable, Sendable {
        /// The submission died before any response: the user is told, with this text.
        case toast(label: String)
        /// Nothing shown, and why.
        case silent(SilentReason)
    }

    public enum SilentReason: Equatable, Sendable {
        case success
        /// The server answered (422, 500, …): its page says what went wrong. `status`
        /// is the response's `statusCode` when it was an integer.
        case serverResponse(status: Int?)
        case disconnected

        public var name: String {
            switch self {
            case .success: return "success"
            case .serverResponse: return "server-response"
            case .disconnected: return "disconnected"
            }
        }
    }

    public var t: Double
    public var outcome: Outcome

    public init(t: Double, outcome: Outcome) {
        self.t = t
        self.outcome = outcome
    }
}
