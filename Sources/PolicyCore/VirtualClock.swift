/// The time a policy has reached. It only moves forward; a policy moves it before it acts.
///
/// It guards the order of calls and is not part of what a policy shows or will do, so two
/// clocks always compare equal: a policy that ignored an input equals itself from before it.
public struct VirtualClock: Equatable, Sendable {
    /// The latest time seen: a record's `t`, or the due time of a timer that fired.
    public private(set) var now: Double = -.infinity

    public init() {}

    /// Moves to `t`. Time going back (or a `t` that is not a number) is a programming error
    /// in the caller, stopped here with both times named, in a release build too: a
    /// `precondition`'s message is left out of an optimized build, and an app that links a
    /// policy should learn from its crash log what went wrong.
    public mutating func move(to t: Double, file: StaticString = #fileID, line: UInt = #line) {
        guard t >= now else { fatalError("time went back: \(t) after \(now) (inputs must be sent in time order)", file: file, line: line) }
        now = t
    }

    public static func == (_: VirtualClock, _: VirtualClock) -> Bool { true }
}
