import PolicyCore
import Replay

/// How a fleet's durations spread: the median (the lower middle, `QuantileRanks`, as every
/// command reads it), the 90th percentile (nearest rank) and the maximum, the three figures
/// every report gives.
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
        // 1-based ranks: the lower middle and the nearest rank, as every report reads them.
        let ranks = QuantileRanks(count: sketch.count)!
        median = sketch.value(atRank: ranks.median + 1)
        p90 = sketch.value(atRank: ranks.p90 + 1)
        self.max = max
    }

    /// From a `DurationSample`: exact while it keeps its values, else from its sketch.
    package init?(_ sample: DurationSample) {
        guard let max = sample.max, let quantiles = sample.quantiles else { return nil }
        median = quantiles.median
        p90 = quantiles.p90
        self.max = max
    }

    package init?(_ values: some Sequence<Double>) {
        self.init(QuantileSketch(values))
    }
}
