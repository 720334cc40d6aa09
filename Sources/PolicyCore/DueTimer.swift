/// A pending timer is data: when it is due, and when it was started relative to the other
/// timers of the same policy, so that two due at the same instant fire in start order.
public struct DueTimer: Equatable, Sendable {
    public var due: Double
    public let startOrder: UInt64

    public init(due: Double, startOrder: UInt64) {
        self.due = due
        self.startOrder = startOrder
    }

    /// Whether this timer fires before `other`: the earlier due time, or on a tie the one started first.
    public func firesBefore(_ other: DueTimer) -> Bool {
        due != other.due ? due < other.due : startOrder < other.startOrder
    }
}

/// Hands out start orders, one policy's timers counted together.
public struct TimerSequence: Equatable, Sendable {
    private var started: UInt64 = 0

    public init() {}

    /// A timer due at `due`, started after every timer this sequence started before.
    public mutating func start(dueAt due: Double) -> DueTimer {
        started += 1
        return DueTimer(due: due, startOrder: started)
    }
}
