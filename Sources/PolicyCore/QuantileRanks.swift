/// Where every report reads its median and 90th percentile among `count` sorted values: one
/// definition for every command, so that the same values give the same figures wherever they
/// are summed up (`session`, `stats`, `whatif`).
///
/// - the median is the **lower middle**: index `(count − 1) / 2` (of 4 values, the second);
/// - the 90th percentile is the nearest rank: index `⌈0.9 × count⌉ − 1`, computed in integers
///   as `(9 × count + 9) / 10 − 1` (0.9 × n in doubles need not be exact).
///
/// Indices are 0-based; a sketch reads the 1-based ranks, each one more.
public struct QuantileRanks: Equatable, Sendable {
    public let median: Int
    public let p90: Int

    /// `nil` for no values: there is no median of nothing.
    public init?(count: Int) {
        guard count > 0 else { return nil }
        median = (count - 1) / 2
        p90 = (9 * count + 9) / 10 - 1
    }
}
