/// How a fleet's durations spread: the median (the mean of the middle two for an even count),
/// the 90th percentile (nearest rank) and the maximum, the three figures every report gives.
public struct Distribution: Equatable, Sendable {
    public var median: Double
    public var p90: Double
    public var max: Double

    /// `nil` for no values: a report says "none" rather than a median of nothing.
    public init?(_ values: some Sequence<Double>) {
        let sorted = values.sorted()
        guard let last = sorted.last else { return nil }
        let n = sorted.count
        median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
        let rank = Int((0.9 * Double(n)).rounded(.up))
        p90 = sorted[Swift.max(rank, 1) - 1]
        max = last
    }
}
