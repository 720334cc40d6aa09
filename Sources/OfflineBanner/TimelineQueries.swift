/// Small questions a test asks of a timeline, so that it reads like the contract rather than
/// like pattern matching: `timeline.toasts == ["No se ha podido enviar…"]`.
extension TimelineRecord {
    /// The visible change, if this record is one.
    public var change: BannerChange? {
        if case .banner(let change) = self { return change }
        return nil
    }

    /// The submission decision, if this record is one.
    public var decision: SubmitDecision? {
        if case .submit(let decision) = self { return decision }
        return nil
    }

    /// Whether this is a toast: a submission that died before any response, told to the user.
    public var isToast: Bool { decision?.toastLabel != nil }
}

extension SubmitDecision {
    /// The toast's text, when the decision is a toast.
    public var toastLabel: String? {
        if case .toast(let label) = outcome { return label }
        return nil
    }

    /// Why nothing was shown, when the decision is silent.
    public var silentReason: SilentReason? {
        if case .silent(let reason) = outcome { return reason }
        return nil
    }
}

extension Sequence where Element == TimelineRecord {
    /// The visible changes, in order.
    public var changes: [BannerChange] { compactMap(\.change) }

    /// The submission decisions, in order.
    public var decisions: [SubmitDecision] { compactMap(\.decision) }

    /// The toasts' texts, in order.
    public var toasts: [String] { compactMap { $0.decision?.toastLabel } }

    /// What the banner showed, change by change: `.offline`, `.backOnline`, `.hidden`, …
    public var states: [BannerState] { changes.map(\.banner) }
}

extension BannerChange: CustomStringConvertible {
    /// The record's canonical line, as the timeline prints it.
    public var description: String { TimelineRecord.banner(self).jsonLine }
}

extension SubmitDecision: CustomStringConvertible {
    /// The record's canonical line, as the timeline prints it.
    public var description: String { TimelineRecord.submit(self).jsonLine }
}
