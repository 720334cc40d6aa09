/// Small questions a test asks of a launch timeline: `timeline.screens`, `timeline.launchTimes`,
/// `record.decision`. A screen change and a decision describe themselves as their timeline line.
extension LaunchRecord {
    /// The screen change, when this record is one.
    public var screenChange: ScreenChange? {
        if case .screen(let change) = self { return change }
        return nil
    }

    /// The decision, when this record is one.
    public var decision: LaunchDecision? {
        if case .launch(let decision) = self { return decision }
        return nil
    }
}

extension Sequence where Element == LaunchRecord {
    /// The root screens in the order they came up (a launch onto the same screen repeats it).
    public var screens: [RootScreen] { compactMap { $0.screenChange?.screen } }

    /// The ready and stalled decisions, in order.
    public var decisions: [LaunchDecision] { compactMap(\.decision) }

    /// Each ready decision's `launchMs`: the time from a launch to the web view.
    public var launchTimes: [Double] { decisions.filter { $0.outcome == .ready }.map(\.launchMs) }
}

extension ScreenChange: CustomStringConvertible {
    public var description: String { LaunchRecord.screen(self).jsonLine }
}

extension LaunchDecision: CustomStringConvertible {
    public var description: String { LaunchRecord.launch(self).jsonLine }
}
