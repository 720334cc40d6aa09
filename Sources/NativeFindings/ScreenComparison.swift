import LaunchPolicy

/// The app's own `app-screen` log held against the policy (launch-policy.md, "Comparing with
/// the app"). From the first `app-screen` record on, the two are compared after every record
/// and every timer; a mismatch runs from the first comparison where they differ to the first
/// later one where they agree, and is a finding when it lasts strictly more than the tolerance.
struct ScreenComparison: Sendable {
    let tolerance: Double
    /// The app's last `app-screen` value; `nil` until the first, when nothing is compared.
    private(set) var app: String?
    private var open: Mismatch?

    /// A mismatch under way: when it began, the two screens then, and the record it began after.
    private struct Mismatch: Sendable {
        var t: Double
        var app: String
        var policy: RootScreen
        var line: Int?
    }

    init(tolerance: Double) {
        self.tolerance = tolerance
    }

    mutating func appShows(_ screen: String) {
        app = screen
    }

    /// Compares at `t`, after the record on `line` (`nil`: a timer). Returns the finding a
    /// mismatch that ends here amounts to, if any.
    mutating func compare(at t: Double, policy: RootScreen, line: Int?) -> LaunchFinding? {
        guard let app else { return nil }
        if app != policy.rawValue {
            if open == nil { open = Mismatch(t: t, app: app, policy: policy, line: line) }
            return nil
        }
        guard let mismatch = open else { return nil }
        open = nil
        return finding(mismatch, until: t, endLine: line)
    }

    /// The end of the log: a mismatch still open is measured to the last record's `t`.
    mutating func finish(lastRecordAt end: Double?) -> LaunchFinding? {
        guard let mismatch = open else { return nil }
        open = nil
        return finding(mismatch, until: nil, endLine: nil, end: end ?? mismatch.t)
    }

    private func finding(
        _ mismatch: Mismatch, until: Double?,
        endLine: Int?, end: Double? = nil
    ) -> LaunchFinding? {
        let ms = (until ?? end ?? mismatch.t) - mismatch.t
        guard ms > tolerance else { return nil }
        // Decided by how it began: the app still on loading when the policy raised the error screen.
        let kind: LaunchFinding.Kind =
            mismatch.app == RootScreen.loading.rawValue && mismatch.policy == .error
            ? .errorBehindLoading : .screenMismatch
        var lines = [mismatch.line, endLine].compactMap { $0 }
        if lines.count == 2 && lines[0] == lines[1] { lines.removeLast() }
        return LaunchFinding(
            t: mismatch.t, kind: kind, lines: lines,
            detail: .mismatch(app: mismatch.app, policy: mismatch.policy, until: until, ms: ms))
    }
}
