import Replay

/// How a fleet's durations spread: the median (the mean of the middle two for an even count),
/// the 90th percentile (nearest rank) and the maximum, the three figures every report gives.
/// The median and p90 are read from a `QuantileSketch`, each within its relative accuracy of
/// the exact figure; the maximum is exact. A single run and a merge of partials build the same
/// sketch, so they print the same figures.
package struct Distribution: Equatable, Sendable {
    package var median: Double
    package var p90: Double
    package var max: Double

    /// `nil` for an empty sketch: a report says "none" rather than a median of nothing.
    package init?(_ sketch: QuantileSketch) {
        guard let max = sketch.max else { return nil }
        let n = sketch.count
        median =
            n % 2 == 1
            ? sketch.value(atRank: n / 2 + 1)
            : (sketch.value(atRank: n / 2) + sketch.value(atRank: n / 2 + 1)) / 2
        let rank = Int((0.9 * Double(n)).rounded(.up))
        p90 = sketch.value(atRank: Swift.max(rank, 1))
        self.max = max
    }

    package init?(_ values: some Sequence<Double>) {
        self.init(QuantileSketch(values))
    }
}
