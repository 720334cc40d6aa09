import PolicyCore

/// A settle, a probe or a cooldown wait is data: a due timer (ordered with every other timer
/// and wait of the policy) and the trigger it will ask with.
public struct PolicyTimer: Equatable, Sendable {
    public var timer: DueTimer
    public var trigger: RetryTrigger

    public var due: Double { timer.due }

    func firesBefore(_ other: PolicyTimer) -> Bool {
        timer.firesBefore(other.timer)
    }
}

/// A presented error view on a surface, with what it has pending.
public struct ErrorViewInstance: Equatable, Sendable {
    public let surface: String
    /// Counts presentations: the order instances were presented in, across surfaces.
    let serial: UInt64
    /// The line of the `presented` record that put it on screen, when the caller said
    /// (`send(_:at:line:into:lines:)`): what a finding about it rests on, kept here once.
    public let line: Int?
    /// `offline` or `server`: a `none` view is never an instance. Declared after `line`, whose
    /// padding it fills: every open view costs the least it can.
    public let variant: ErrorVariant
    /// Pending after an edge (trigger `edge`) or an iOS foreground (trigger `foreground`).
    public internal(set) var settle: PolicyTimer?
    /// Pending when presented while online.
    public internal(set) var probe: PolicyTimer?
    /// Pending while a request asked inside the cooldown waits for it to expire; it
    /// remembers the trigger the instance asked with.
    public internal(set) var wait: PolicyTimer?
}
