/// A settle, a probe or a cooldown wait is data: when it is due, the trigger it will ask
/// with, and when it was started relative to every other timer and wait, so that two due at
/// the same instant fire in the order they were started.
public struct PolicyTimer: Equatable, Sendable {
    public var due: Double
    public var trigger: RetryTrigger
    var startOrder: UInt64

    func firesBefore(_ other: PolicyTimer) -> Bool {
        due != other.due ? due < other.due : startOrder < other.startOrder
    }
}

/// A presented error view on a surface, with what it has pending.
public struct ErrorViewInstance: Equatable, Sendable {
    public let surface: String
    /// `offline` or `server`: a `none` view is never an instance.
    public let variant: ErrorVariant
    /// Pending after an edge (trigger `edge`) or an iOS foreground (trigger `foreground`).
    public internal(set) var settle: PolicyTimer?
    /// Pending when presented while online.
    public internal(set) var probe: PolicyTimer?
    /// Pending while a request asked inside the cooldown waits for it to expire; it
    /// remembers the trigger the instance asked with.
    public internal(set) var wait: PolicyTimer?
}
