/// What started a retry request.
public enum RetryTrigger: String, CaseIterable, Equatable, Sendable {
    /// The settle after an offline→online edge.
    case edge
    /// The settling probe of an instance presented on a healthy path.
    case probe
    /// The settle after an iOS foreground.
    case foreground
}

/// A retry the policy decided on.
public enum Retry: Equatable, Sendable {
    case automatic(RetryTrigger)
    /// A tap on the Retry button: immediate, never throttled.
    case manual
}

/// One line of the decision timeline (native-error-policy.md, "Output").
public struct Decision: Equatable, Sendable {
    public enum Outcome: Equatable, Sendable {
        /// An error was presented and this is the view it got.
        case view(ErrorVariant)
        case retry(Retry)
        /// An automatic retry asked inside the cooldown: the instance waits until `until`.
        case deferred(until: Double)
    }

    /// The record's time; a timer's or a wait's decision carries its due time.
    public var t: Double
    public var surface: String
    public var outcome: Outcome
    /// `false` on a `view` whose settling probe the `probe-once` variant did not arm (its
    /// surface already had a probe retry since the last edge): the app hides its "Retrying
    /// automatically…" caption there. `nil` everywhere else, and always under v1.
    public var probe: Bool?

    public init(t: Double, surface: String, outcome: Outcome, probe: Bool? = nil) {
        self.t = t
        self.surface = surface
        self.outcome = outcome
        self.probe = probe
    }
}
