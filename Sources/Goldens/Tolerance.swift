import PolicyCore
import PolicyRegistry
import Replay
import TurboRecording

/// How far a replayed timeline's times may drift from its golden's and still match.
///
/// A golden of a frozen recording is held exactly (0 ms, the default): the same recording
/// always replays to the same bytes. A golden of an app's own re-captured recording cannot
/// be: a browser captured twice puts its events tens to hundreds of ms apart. With a
/// tolerance of N ms a timeline matches its golden when it has the same records in the same
/// order, each with the same keys and the same values, except that every time (`timeKeys`)
/// may differ by at most N ms.
package struct Tolerance: Equatable, Sendable, CustomStringConvertible {
    package var milliseconds: Double

    package init(milliseconds: Double) { self.milliseconds = milliseconds }

    package static let exact = Tolerance(milliseconds: 0)

    package var isExact: Bool { milliseconds == 0 }

    /// The keys that hold a time or a duration in ms in the timelines `check` compares, as each
    /// policy's description names them (`t` in every one, the error view's `until`, …).
    package static let timeKeys: Set<String> = PolicyDescription.all.reduce(into: []) { $0.formUnion($1.timeKeys) }

    /// The keys that hold a latency, the difference of two record times (an app session's
    /// finding's `latencyMs`). Each of the two times may drift by the tolerance, so a latency
    /// may drift by twice as much.
    package static let latencyKeys: Set<String> = PolicyDescription.all.reduce(into: []) { $0.formUnion($1.latencyKeys) }

    /// The app session's last line, `{"summary":{…}}`, holds times too. Its `end` is a time,
    /// held to the tolerance. Its latencies' `median`, `p90` and `max` are each the difference
    /// of two record times, each within the tolerance, so they may drift twice as far (an
    /// order statistic moves no further than the values under it). Counts are held exactly.
    static let summaryKey = "summary"
    static let summaryTimeKeys: Set<String> = ["end"]
    static let latencies: Set<String> = ["dropToPill", "edgeToClear", "edgeToPage"]
    static let latencyFigures: Set<String> = ["median", "p90", "max"]

    /// What a recording is checked with: its `NAME.config.json`'s `toleranceMs` when it says
    /// one (the recording knows best how noisy it is: a frozen one can pin 0 under a
    /// tolerant run, a jittery one ask for more), else `option` (`check --tolerance-ms`).
    package static func resolved(option: Tolerance, config: Double?) -> Tolerance {
        config.map(Tolerance.init(milliseconds:)) ?? option
    }

    /// Whether a replayed record matches a golden's one under this tolerance.
    package func matches(_ expected: JSONValue, _ actual: JSONValue) -> Bool {
        if expected == actual { return true }
        guard !isExact, case .object(let e) = expected, case .object(let a) = actual, e.count == a.count else { return false }
        for (key, value) in e {
            guard let other = JSONValue.member(key, of: a), matches(key: key, value, other) else { return false }
        }
        return true
    }

    /// Whether one key's values match: a time within the tolerance, anything else equal.
    func matches(key: String, _ expected: JSONValue, _ actual: JSONValue) -> Bool {
        differences(key: key, expected, actual).isEmpty
    }

    /// A key's values that differ beyond the tolerance, as paths of keys (`["t"]`,
    /// `["summary", "dropToPill", "max"]`) with the slack each was allowed (nil: held
    /// exactly); empty when they match. A key the tolerance does not reach is compared whole.
    func differences(key: String, _ expected: JSONValue, _ actual: JSONValue) -> [(path: [String], slack: Double?)] {
        if expected == actual { return [] }
        // At 0 ms nothing has slack, but the summary is still compared key by key, to name what differs.
        let time = isExact ? nil : milliseconds, latency = isExact ? nil : 2 * milliseconds
        if key == Self.summaryKey {
            return nested(key, expected, actual) { inner, e, a in
                if Self.latencies.contains(inner) {
                    return nested(inner, e, a) { within(Self.latencyFigures.contains($0) ? latency : nil, $0, $1, $2) }
                }
                return within(Self.summaryTimeKeys.contains(inner) ? time : nil, inner, e, a)
            }
        }
        if Self.latencyKeys.contains(key) { return within(latency, key, expected, actual) }
        return within(Self.timeKeys.contains(key) ? time : nil, key, expected, actual)
    }

    /// `key`'s two objects key by key through `compare`, the paths prefixed with `key`; two
    /// values that are not both objects with the same keys differ whole.
    private func nested(
        _ key: String, _ expected: JSONValue, _ actual: JSONValue,
        _ compare: (String, JSONValue, JSONValue) -> [(path: [String], slack: Double?)]
    ) -> [(path: [String], slack: Double?)] {
        guard case .object(let e) = expected, case .object(let a) = actual, e.count == a.count,
            e.keys.allSatisfy({ JSONValue.member($0, of: a) != nil })
        else { return [([key], nil)] }
        return e.keys.sorted().flatMap { inner in compare(inner, e[inner]!, a[inner]!).map { ([key] + $0.path, $0.slack) } }
    }

    /// Two numbers within `slack`, or any two values equal when there is none.
    private func within(_ slack: Double?, _ key: String, _ expected: JSONValue, _ actual: JSONValue) -> [(path: [String], slack: Double?)] {
        if expected == actual { return [] }
        guard let slack, case .number(let e) = expected, case .number(let a) = actual else { return [([key], nil)] }
        // Times are printed with at most 3 decimals; the slack keeps 150.0000001 from failing ±150.
        return abs(e - a) <= slack + 1e-6 ? [] : [([key], slack)]
    }

    /// Whether every record matches, in order.
    package func matches(_ expected: [JSONValue], _ actual: [JSONValue]) -> Bool {
        expected.count == actual.count && zip(expected, actual).allSatisfy { matches($0, $1) }
    }

    /// `±150 ms`.
    package var description: String { "±" + formatMilliseconds(milliseconds) + " ms" }
}
