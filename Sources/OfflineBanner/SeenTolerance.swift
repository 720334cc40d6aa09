/// How far what the page showed may be from what the model predicts before it is a difference.
///
/// * `eventMs` (default 16, one frame at 60 Hz): a change an event causes shows in the same
///   task, so within a few ms — but real Chromium under Turbo 8 showed 5.8, 6.1 and 6.9 ms in
///   three of some sixty captures (a busy machine, a reload starting), where 5 ms called a
///   correct page late. One frame is below anything a person notices and far below a timer's
///   jitter, so an event's change that waited for a timer is still caught. It also bounds "one
///   task": two model changes closer than it reach an observer as one.
/// * `timerMs` (default 100): a change a timer makes (the debounce firing, the flash ending)
///   may show that much later, a browser's timer jitter (up to ~60 ms measured on a loaded
///   machine), but never earlier than `sameInstantMs`.
public struct SeenTolerance: Equatable, Sendable {
    public var eventMs: Double
    public var timerMs: Double

    public static let defaultEventMs: Double = 16
    public static let defaultTimerMs: Double = 100
    /// Two times this close are one instant to a recorder: the listeners of one event run
    /// microseconds apart, and a recording's times are printed to 0.1 ms. The only earliness a
    /// timer's change is allowed.
    public static let sameInstantMs: Double = 1

    public init(eventMs: Double = defaultEventMs, timerMs: Double = defaultTimerMs) {
        self.eventMs = eventMs
        self.timerMs = timerMs
    }

    /// The window around a model change at `change.t` in which the page must show it.
    func window(for change: BannerChange) -> ClosedRange<Double> {
        change.byTimer
            ? (change.t - Self.sameInstantMs)...(change.t + timerMs)
            : (change.t - eventMs)...(change.t + eventMs)
    }
}
