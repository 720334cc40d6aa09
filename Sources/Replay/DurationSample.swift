import PolicyCore

/// Durations (milliseconds, 0 or more) whose median and p90 are exact while they are few: every
/// value, up to `exactLimit` of them, beside their `QuantileSketch`. Past the limit only the
/// sketch is kept, and its figures are within its 0.5%. Whether the values are kept depends on
/// the count alone (two samples added keep their values exactly when the sum of their counts
/// is within the limit), so a fleet split into partials any way ends with the same sample.
///
/// So the same few error views give the same median in `session` (exact) and `stats`; a
/// fleet's thousands of views give the sketch's figure, and the reports say within what.
package struct DurationSample: Equatable, Sendable {
    /// The values kept exactly, at most: 1,000 keep a log's line in a partial short (about 10 KB
    /// at most) while a user's day, or a small fleet's, is exact.
    package static let exactLimit = 1_000

    package private(set) var sketch = QuantileSketch()
    /// Every value in the order added while there are at most `exactLimit`; `nil` past it.
    package private(set) var values: [Double]? = []
    /// All of them, added in the order they came (and sample by sample): the same bits in
    /// every process.
    package private(set) var totalMs = 0.0

    package var count: Int { sketch.count }
    package var max: Double? { sketch.max }

    package init() {}

    /// As a partial wrote it; `nil` when its parts disagree: values that are not the sketch's,
    /// values missing at or under the limit or present past it, or a total under the largest.
    package init?(sketch: QuantileSketch, values: [Double]?, totalMs: Double) {
        guard totalMs >= (sketch.max ?? 0), sketch.count > 0 || totalMs == 0 else { return nil }
        if let values {
            guard values.count <= Self.exactLimit, values.allSatisfy({ $0.isFinite && $0 >= 0 }),
                QuantileSketch(values) == sketch
            else { return nil }
        } else {
            guard sketch.count > Self.exactLimit else { return nil }
        }
        self.sketch = sketch
        self.values = values
        self.totalMs = totalMs
    }

    /// `value` must be finite and 0 or more.
    package mutating func add(_ value: Double) {
        sketch.add(value)
        totalMs += value
        if values != nil {
            if values!.count < Self.exactLimit { values!.append(value) } else { values = nil }
        }
    }

    package mutating func add(_ other: DurationSample) {
        sketch.add(other.sketch)
        totalMs += other.totalMs
        if let mine = values, let theirs = other.values, mine.count + theirs.count <= Self.exactLimit {
            values = mine + theirs
        } else {
            values = nil
        }
    }

    /// The median (the lower middle) and p90 (nearest rank) at `QuantileRanks`, exact while
    /// the values are kept, else read from the sketch (each within 0.5%); `nil` when empty.
    package var quantiles: (median: Double, p90: Double)? {
        guard let ranks = QuantileRanks(count: count) else { return nil }
        if let values {
            let sorted = values.sorted()
            return (sorted[ranks.median], sorted[ranks.p90])
        }
        return (sketch.value(atRank: ranks.median + 1), sketch.value(atRank: ranks.p90 + 1))
    }
}
