/// The stretch of the session clock a log covers: its first and last record's `t`
/// (app-session.md v1.2, "Overlap"). Two logs of one run overlap once Δ is applied.
public struct LogSpan: Equatable, Sendable {
    public var first: Double
    public var last: Double

    public init(first: Double, last: Double) {
        self.first = first
        self.last = last
    }

    /// The span of a log whose first and last records are at these times; `nil` when it has none.
    public init?(first: Double?, last: Double?) {
        guard let first, let last else { return nil }
        self.init(first: first, last: last)
    }

    public func moved(by offset: Double) -> LogSpan { LogSpan(first: first + offset, last: last + offset) }

    /// How far apart the two spans lie; `nil` when they share a moment (touching counts).
    public func miss(_ other: LogSpan) -> Double? {
        let gap = Swift.max(first, other.first) - Swift.min(last, other.last)
        return gap > 0 ? gap : nil
    }
}
