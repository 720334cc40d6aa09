/// How long to wait before trying a part again: exponential, capped, with jitter, so that a
/// fleet of phones coming back online at once does not retry in step. The wait after the n-th
/// failure (n from 1) is `min(maximum, initial × multiplier^(n−1))` scaled by a random factor
/// in [1 − jitter, 1].
public struct Backoff: Sendable, Equatable {
    /// Seconds before the first retry.
    public var initial: Double
    public var multiplier: Double
    /// The longest wait, in seconds.
    public var maximum: Double
    /// The share of a wait taken off at random: 0 (none) to 1 (anywhere from 0 to the wait).
    public var jitter: Double
    /// Tries of one part in one pass; after them the pass stops and the file waits for the next.
    public var attempts: Int

    public init(initial: Double = 2, multiplier: Double = 2, maximum: Double = 300, jitter: Double = 0.5, attempts: Int = 6) {
        self.initial = max(initial, 0)
        self.multiplier = max(multiplier, 1)
        self.maximum = max(maximum, 0)
        self.jitter = min(max(jitter, 0), 1)
        self.attempts = max(attempts, 1)
    }

    /// The wait after the `failure`-th failure, `random` being a draw in [0, 1).
    public func delay(afterFailure failure: Int, random: Double) -> Double {
        var wait = initial
        for _ in 1..<max(failure, 1) where wait < maximum { wait *= multiplier }
        return min(wait, maximum) * (1 - jitter * min(max(random, 0), 1))
    }
}
