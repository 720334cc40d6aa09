/// The one shape every pure policy here has: a value whose transitions are functions of
/// (state, input, time), with its timers kept as due times. Time is virtual: the caller says
/// what time it is, and pending timers fire only when time is moved past them.
///
/// A replay is then nothing but a loop: `send` each recorded input at its `t` (or `advance`
/// to the `t` of a record the policy does not read), and `finish` at the end of the log.
///
/// Time never goes back. `send` and `advance` stop the process, in every build, naming both
/// times (a test that sends `at: 1000` after `at: 6000` stops there) rather than silently
/// replaying inputs out of order; the recording readers reject such a line with a
/// `file:line` error long before it could reach a policy. An app that drives a policy from its
/// own clock reads a monotonic one, and can send at `max(t, policy.now)`.
public protocol TimedPolicy {
    associatedtype Input
    associatedtype Output

    /// The latest time the policy has handled (−∞ before the first input): a `send` or
    /// `advance` before it stops the process.
    var now: Double { get }

    /// The earliest pending due time, if anything is pending.
    var nextDue: Double? { get }

    /// Fires every timer due at or before `t` (by due time, ties in start order), then
    /// handles `input` at `t`, appending what it decided to `output`.
    mutating func send(_ input: Input, at t: Double, into output: inout [Output])

    /// Fires, in order, every timer due at or before `t`. Each output carries its timer's due time.
    mutating func advance(to t: Double, into output: inout [Output])

    /// The end of the recording: every pending timer fires, including those started while doing so.
    mutating func finish(into output: inout [Output])
}

extension TimedPolicy {
    /// As `send(_:at:into:)`, returning what was decided.
    @discardableResult
    public mutating func send(_ input: Input, at t: Double) -> [Output] {
        var output: [Output] = []
        send(input, at: t, into: &output)
        return output
    }

    /// As `advance(to:into:)`, returning what was decided.
    @discardableResult
    public mutating func advance(to t: Double) -> [Output] {
        var output: [Output] = []
        advance(to: t, into: &output)
        return output
    }

    /// As `finish(into:)`, returning what was decided.
    @discardableResult
    public mutating func finish() -> [Output] {
        var output: [Output] = []
        finish(into: &output)
        return output
    }

    /// The whole timeline of a list of timed inputs, from this state: each input in order,
    /// then `finish()`. The policy itself is left as it was (it is a value).
    ///
    ///     OfflineBanner().timeline(of: [(0, .connect()), (700, .offline), (2000, .online)])
    public func timeline<S: Sequence>(of inputs: S) -> [Output] where S.Element == (t: Double, input: Input) {
        var policy = self
        var output: [Output] = []
        for (t, input) in inputs {
            policy.send(input, at: t, into: &output)
        }
        policy.finish(into: &output)
        return output
    }
}
