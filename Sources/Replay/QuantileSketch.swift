import Foundation

/// Durations (milliseconds, 0 or more) kept as counts in log-spaced buckets, DDSketch's way: a
/// value `x` counts in bucket `i = ⌈log_γ x⌉`, which holds `(γ^(i-1), γ^i]`, and a bucket is read
/// back as `2γ^i / (γ+1)`, within `relativeAccuracy` of every value it holds. Sketches merge by
/// adding counts, exactly and in any order, so a fleet's sketch is the same however its logs are
/// split; and it holds one count per bucket in use, however many values it has seen.
///
/// The smallest and largest values are kept exactly: a quantile is never read outside them, so
/// the maximum is exact and a quantile of equal values is that value.
package struct QuantileSketch: Equatable, Sendable {
    /// Every quantile read from a sketch is within this fraction of the exact value (see
    /// `value(atRank:)`), before the 3-decimal rounding of the reports.
    package static let relativeAccuracy = 0.005
    /// Below this a duration counts as 0 (a report prints it as 0 or 0.001 anyway).
    package static let zeroThreshold = 0.0005

    static let gamma = (1 + relativeAccuracy) / (1 - relativeAccuracy)
    static let logGamma = log(gamma)
    /// Bucket indices a finite double can have (`log_γ` of the largest double is about 71,000).
    static let indexBound = 1 << 20

    package struct Bin: Equatable, Sendable {
        package var index: Int
        package var count: Int

        package init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }
    }

    /// Values under `zeroThreshold`.
    package private(set) var zeros = 0
    /// The buckets in use, by increasing index; every count is 1 or more.
    package private(set) var bins: [Bin] = []
    package private(set) var count = 0
    package private(set) var min: Double?
    package private(set) var max: Double?

    package init() {}

    package init(_ values: some Sequence<Double>) {
        for value in values { add(value) }
    }

    /// A sketch as a partial wrote it; `nil` when its parts do not fit together (a bucket out of
    /// order or empty, a minimum or maximum that is not in the first or last bucket).
    package init?(zeros: Int, bins: [Bin], min: Double?, max: Double?) {
        guard zeros >= 0 else { return nil }
        var total = zeros
        for (offset, bin) in bins.enumerated() {
            guard bin.count >= 1, abs(bin.index) < Self.indexBound,
                offset == 0 || bins[offset - 1].index < bin.index
            else { return nil }
            let (sum, overflow) = total.addingReportingOverflow(bin.count)
            guard !overflow else { return nil }
            total = sum
        }
        if total == 0 {
            guard min == nil, max == nil else { return nil }
        } else {
            guard let min, let max, min.isFinite, max.isFinite, min >= 0, min <= max else { return nil }
            let lowest = zeros > 0 ? nil : bins.first?.index
            let highest = bins.last?.index
            guard Self.index(of: min) == lowest, Self.index(of: max) == highest else { return nil }
        }
        self.zeros = zeros
        self.bins = bins
        self.count = total
        self.min = min
        self.max = max
    }

    /// The bucket of `value`; `nil` for the zero bucket.
    static func index(of value: Double) -> Int? {
        value < zeroThreshold ? nil : Int((log(value) / logGamma).rounded(.up))
    }

    static func representative(_ index: Int) -> Double {
        2 * exp(Double(index) * logGamma) / (gamma + 1)
    }

    /// `value` must be finite and 0 or more (a duration).
    package mutating func add(_ value: Double) {
        precondition(value.isFinite && value >= 0, "a sketch holds durations")
        count += 1
        min = Swift.min(min ?? value, value)
        max = Swift.max(max ?? value, value)
        guard let index = Self.index(of: value) else {
            zeros += 1
            return
        }
        var low = 0, high = bins.count
        while low < high {
            let middle = (low + high) / 2
            if bins[middle].index < index { low = middle + 1 } else { high = middle }
        }
        if low < bins.count, bins[low].index == index {
            bins[low].count += 1
        } else {
            bins.insert(Bin(index: index, count: 1), at: low)
        }
    }

    /// `other` added in: the same sketch `combined` gives for both, in bounded memory (the
    /// buckets in use, never the values).
    package mutating func add(_ other: QuantileSketch) {
        guard other.count > 0 else { return }
        zeros += other.zeros
        count += other.count
        min = Swift.min(min ?? other.min!, other.min!)
        max = Swift.max(max ?? other.max!, other.max!)
        var merged: [Bin] = []
        merged.reserveCapacity(bins.count + other.bins.count)
        var i = 0, j = 0
        while i < bins.count || j < other.bins.count {
            if j == other.bins.count || (i < bins.count && bins[i].index < other.bins[j].index) {
                merged.append(bins[i])
                i += 1
            } else if i == bins.count || other.bins[j].index < bins[i].index {
                merged.append(other.bins[j])
                j += 1
            } else {
                merged.append(Bin(index: bins[i].index, count: bins[i].count + other.bins[j].count))
                i += 1
                j += 1
            }
        }
        bins = merged
    }

    /// `sketches` added up. The counts must not overflow: a merge checks its totals before.
    package static func combined(_ sketches: some Sequence<QuantileSketch>) -> QuantileSketch {
        var result = QuantileSketch()
        var counts: [Int: Int] = [:]
        for sketch in sketches where sketch.count > 0 {
            result.zeros += sketch.zeros
            result.count += sketch.count
            for bin in sketch.bins { counts[bin.index, default: 0] += bin.count }
            result.min = Swift.min(result.min ?? sketch.min!, sketch.min!)
            result.max = Swift.max(result.max ?? sketch.max!, sketch.max!)
        }
        result.bins = counts.sorted { $0.key < $1.key }.map { Bin(index: $0.key, count: $0.value) }
        return result
    }

    /// The value of 1-based rank `rank` (1 ... count) in increasing order: within
    /// `relativeAccuracy` of the exact one, and never outside the exact minimum and maximum.
    package func value(atRank rank: Int) -> Double {
        precondition(rank >= 1 && rank <= count, "a rank of the sketch")
        var estimate = 0.0
        if rank > zeros {
            var seen = zeros
            for bin in bins {
                seen += bin.count
                if seen >= rank {
                    estimate = Self.representative(bin.index)
                    break
                }
            }
        }
        return Swift.min(Swift.max(estimate, min!), max!)
    }
}
