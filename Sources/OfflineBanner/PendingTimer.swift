/// A timer is data: when it is due, and when it was started relative to the others,
/// so that two timers due at the same instant fire in the order they were started.
public struct PendingTimer: Equatable, Sendable {
    public var due: Double
    var startOrder: UInt64

    func firesBefore(_ other: PendingTimer) -> Bool {
        due != other.due ? due < other.due : startOrder < other.startOrder
    }
}
