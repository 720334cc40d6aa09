import Foundation

/// The one clock a log's `t` is read from: milliseconds on a clock that never goes back and
/// does not jump with the wall clock (NTP, the user changing the time). Injectable, so a test
/// (or the shared script both loggers run) sets every reading.
public protocol MonotonicClock: Sendable {
    /// Milliseconds since an arbitrary origin.
    func now() -> Double
}

/// The system's monotonic clock: `DispatchTime` (mach_absolute_time on Darwin, CLOCK_MONOTONIC
/// on Linux), as Android's logger reads `SystemClock.elapsedRealtimeNanos()`.
public struct SystemMonotonicClock: MonotonicClock {
    public init() {}

    public func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000
    }
}
