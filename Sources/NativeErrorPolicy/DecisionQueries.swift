/// Small questions a test asks of a decision timeline: `decisions.retries`, `decision.view`.
extension Decision {
    /// The view an error got, when this decision is one.
    public var view: ErrorVariant? {
        if case .view(let variant) = outcome { return variant }
        return nil
    }

    /// The retry, when this decision is one.
    public var retry: Retry? {
        if case .retry(let retry) = outcome { return retry }
        return nil
    }

    /// Whether this is an automatic retry (from any trigger).
    public var isAutomaticRetry: Bool {
        if case .automatic? = retry { return true }
        return false
    }
}

extension Sequence where Element == Decision {
    /// The retries, automatic and manual, in order.
    public var retries: [Decision] { filter { $0.retry != nil } }

    /// The automatic retries, in order.
    public var automaticRetries: [Decision] { filter(\.isAutomaticRetry) }
}
