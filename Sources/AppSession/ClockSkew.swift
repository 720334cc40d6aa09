import OfflineBanner
import PolicyCore

/// The `clock-skew` warning (app-session.md v1.2, "Plausible clocks"): causal pairs the
/// session can see that run backwards by more than a tolerance. Two clocks that disagree give a
/// timeline that is wrong everywhere and looks fine, so the session says so, with the pairs and
/// the Δ that would make them agree, and measures no latency from them.
///
/// The pair read is the pill and the drop: the page's own `offline` event (the debounce's pill)
/// comes from the same loss of network as the app's `path` offline, so it cannot come first.
/// A pill raised before the drop by a failed request, or one raised before the edge before the
/// drop, is no pair: those run no clock backwards.
public struct ClockSkew: Equatable, Sendable {
    public static let finding = "clock-skew"
    public static let level = FindingLevel.warning
    /// The pairs a finding lists; past them it counts.
    public static let listed = 10

    public struct Pair: Equatable, Sendable {
        /// The app's drop, on the session clock.
        public var drop: Double
        /// The page's pill, raised by its own `offline` before the drop.
        public var pill: Double

        public init(drop: Double, pill: Double) {
            self.drop = drop
            self.pill = pill
        }

        public var backwardsMs: Double { drop - pill }
    }

    /// The Δ the session used.
    public var offset: Double
    public let toleranceMs: Double
    /// Every pair that ran backwards.
    public private(set) var count = 0
    /// The first `listed` pairs, in order.
    public private(set) var pairs: [Pair] = []
    /// How far the furthest ran backwards.
    public private(set) var largestMs: Double = 0

    public init(offset: Double, toleranceMs: Double) {
        self.offset = offset
        self.toleranceMs = toleranceMs
    }

    /// The Δ with which every pair agrees: the app's clock moved back by the furthest.
    public var agreeingOffset: Double { offset - largestMs }

    /// How far the pill ran before the drop, when it is such a pair beyond the tolerance. `pill`
    /// is the first the page's own `offline` raised after the edge before the drop (the app's
    /// first `path` included: a pill from before it belongs to an earlier outage), whether or
    /// not the page heard `online` again before the drop.
    public func backwards(drop: Double, pill: Double) -> Double? {
        drop - pill > toleranceMs ? drop - pill : nil
    }

    public mutating func add(_ pair: Pair) {
        count += 1
        if pairs.count < Self.listed { pairs.append(pair) }
        largestMs = max(largestMs, pair.backwardsMs)
    }

    /// `{"t":…,"finding":"clock-skew","pairs":[{"drop":…,"pill":…,"backwardsMs":…},…],"count":N,
    /// "offsetMs":Δ,"agreeingOffsetMs":…,"toleranceMs":…}`, at the first pair's pill.
    public var jsonLine: String {
        var line = JSONLine()
        line.number("t", pairs.first?.pill ?? 0)
        line.string("finding", Self.finding)
        let listed = pairs.map { pair -> String in
            var item = JSONLine()
            item.number("drop", pair.drop)
            item.number("pill", pair.pill)
            item.number("backwardsMs", pair.backwardsMs)
            return item.text
        }
        line.raw("pairs", "[" + listed.joined(separator: ",") + "]")
        line.integer("count", count)
        line.number("offsetMs", offset)
        line.number("agreeingOffsetMs", agreeingOffset)
        line.number("toleranceMs", toleranceMs)
        return line.text
    }
}
