import Replay

@testable import Fleet

/// The exact figures `Distribution` reads from a sketch: the median (the lower middle), p90 by
/// nearest rank, and the maximum — written out here, not through `QuantileRanks`.
func exactDistribution(_ values: [Double]) -> (median: Double, p90: Double, max: Double)? {
    let sorted = values.sorted()
    guard let last = sorted.last else { return nil }
    let n = sorted.count
    let median = sorted[(n - 1) / 2]
    return (median, sorted[max(Int((0.9 * Double(n)).rounded(.up)), 1) - 1], last)
}

/// `value` is within the sketch's stated accuracy of `exact`: 0.5% of it, or for a duration
/// under `zeroThreshold` (read as 0), that threshold.
func withinAccuracy(_ value: Double?, of exact: Double) -> Bool {
    guard let value else { return false }
    let bound = exact < QuantileSketch.zeroThreshold ? QuantileSketch.zeroThreshold : QuantileSketch.relativeAccuracy * exact * (1 + 1e-9)
    return abs(value - exact) <= bound
}

/// `distribution` is what the sketch promises for `values`: median and p90 within its accuracy,
/// the maximum exact.
func matchesWithinAccuracy(_ distribution: Distribution?, _ values: [Double]) -> Bool {
    guard let exact = exactDistribution(values) else { return distribution == nil }
    guard let distribution else { return false }
    return withinAccuracy(distribution.median, of: exact.median) && withinAccuracy(distribution.p90, of: exact.p90)
        && distribution.max == exact.max
}
