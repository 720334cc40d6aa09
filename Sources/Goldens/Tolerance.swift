import PolicyCore
import TurboRecording

/// How far a replayed timeline's times may drift from its golden's and still match.
///
/// A golden of a frozen recording is held exactly (0 ms, the default): the same recording
/// always replays to the same bytes. A golden of an app's own re-captured recording cannot
/// be: a browser captured twice puts its events tens to hundreds of ms apart. With a
/// tolerance of N ms a timeline matches its golden when it has the same records in the same
/// order, each with the same keys and the same values, except that every time (`timeKeys`)
/// may differ by at most N ms.
public struct Tolerance: Equatable, Sendable, CustomStringConvertible {
    public var milliseconds: Double

    public init(milliseconds: Double) { self.milliseconds = milliseconds }

    public static let exact = Tolerance(milliseconds: 0)

    public var isExact: Bool { milliseconds == 0 }

    /// The keys that hold a time or a duration in ms in the timelines `check` compares: `t` in
    /// every one; the error view's `until` (the end of a cooldown); the launch's `launchMs`
    /// (time since the launch); the web-archive cache's `ageMs` (time since the capture).
    /// The banner's timeline has only `t` (its `status` is an HTTP status, not a time).
    public static let timeKeys: Set<String> = ["t", "until", "launchMs", "ageMs"]

    /// What a recording is checked with: its `NAME.config.json`'s `toleranceMs` when it says
    /// one (the recording knows best how noisy it is: a frozen one can pin 0 under a
    /// tolerant run, a jittery one ask for more), else `option` (`check --tolerance-ms`).
    public static func resolved(option: Tolerance, config: Double?) -> Tolerance {
        config.map(Tolerance.init(milliseconds:)) ?? option
    }

    /// Whether a replayed record matches a golden's one under this tolerance.
    public func matches(_ expected: JSONValue, _ actual: JSONValue) -> Bool {
        if expected == actual { return true }
        guard !isExact, case .object(let e) = expected, case .object(let a) = actual, e.count == a.count else { return false }
        for (key, value) in e {
            guard let other = a[key], matches(key: key, value, other) else { return false }
        }
        return true
    }

    /// Whether one key's values match: a time within the tolerance, anything else equal.
    func matches(key: String, _ expected: JSONValue, _ actual: JSONValue) -> Bool {
        if expected == actual { return true }
        guard !isExact, Self.timeKeys.contains(key), case .number(let e) = expected, case .number(let a) = actual else { return false }
        // Times are printed with at most 3 decimals; the slack keeps 150.0000001 from failing ±150.
        return abs(e - a) <= milliseconds + 1e-6
    }

    /// Whether every record matches, in order.
    public func matches(_ expected: [JSONValue], _ actual: [JSONValue]) -> Bool {
        expected.count == actual.count && zip(expected, actual).allSatisfy { matches($0, $1) }
    }

    /// `±150 ms`.
    public var description: String { "±" + formatMilliseconds(milliseconds) + " ms" }
}
