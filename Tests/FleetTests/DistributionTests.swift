import Replay
import Testing

@testable import Fleet

/// The three figures every fleet report gives: the median (the lower middle, as every command
/// reads it), p90 by nearest rank, and the exact maximum, read from the sketch — or exactly,
/// from a `DurationSample` that keeps its values.
@Suite("Distribution")
struct DistributionTests {
    @Test("no value: no distribution, so a report says none rather than a median of nothing")
    func empty() {
        #expect(Distribution([Double]()) == nil)
        #expect(Distribution(QuantileSketch()) == nil)
    }

    @Test("one value is the median, the p90 and the maximum")
    func one() {
        let one = Distribution([1840.5])
        #expect(withinAccuracy(one?.median, of: 1840.5) && withinAccuracy(one?.p90, of: 1840.5))
        #expect(one?.max == 1840.5)
    }

    @Test("an odd count's median is its middle value; p90 of ten is the ninth (⌈0.9 × 10⌉)")
    func ranks() {
        let odd = Distribution([300, 100, 200])
        #expect(withinAccuracy(odd?.median, of: 200) && withinAccuracy(odd?.p90, of: 300) && odd?.max == 300)
        let ten = Distribution((1...10).map { Double($0) * 100 })
        // The lower middle of ten is the fifth: 500, not the mean of the middle two (550).
        #expect(withinAccuracy(ten?.median, of: 500) && withinAccuracy(ten?.p90, of: 900) && ten?.max == 1000)
        #expect(!withinAccuracy(ten?.median, of: 550))
    }

    @Test("a sample that keeps its values gives the exact figures; past its limit, the sketch's")
    func exactSample() {
        var four = DurationSample()
        for value in [4000.0, 1000, 3012, 2000] { four.add(value) }
        // The four views: 2000 (the lower middle), where the mean of the middle two from
        // the sketch said about 3006.
        let exact = Distribution(four)
        #expect(exact?.median == 2000 && exact?.p90 == 4000 && exact?.max == 4000)
        var many = DurationSample()
        for index in 1...(DurationSample.exactLimit + 1) { many.add(Double(index) + 0.3) }
        #expect(many.values == nil && many.count == DurationSample.exactLimit + 1)
        let spread = Distribution(many)
        #expect(withinAccuracy(spread?.median, of: 501.3) && spread?.median != 501.3)
    }

    @Test("added up in any split, a sample keeps its values exactly when the whole fits")
    func splitInvariant() {
        let values = (1...1_000).map { Double($0 * 7 % 1_000) + 0.25 }
        var whole = DurationSample()
        for value in values { whole.add(value) }
        var left = DurationSample(), right = DurationSample()
        for value in values.prefix(400) { left.add(value) }
        for value in values.dropFirst(400) { right.add(value) }
        left.add(right)
        let split: [Double] = (left.values ?? []).sorted(), kept: [Double] = (whole.values ?? []).sorted()
        #expect(split == kept && kept.count == 1_000)
        var past = left
        past.add(4)
        #expect(past.values == nil)
        #expect(DurationSample(sketch: whole.sketch, values: nil, totalMs: whole.totalMs) == nil, "values left out at 1,000")
        #expect(DurationSample(sketch: whole.sketch, values: whole.values, totalMs: whole.totalMs) == whole)
    }

    @Test("zeros and durations under the sketch's threshold read as 0; the maximum stays exact")
    func zeros() {
        let tiny = Distribution([0, 0, 0.0001])
        #expect(tiny?.median == 0 && tiny?.p90 == 0)
        #expect(tiny?.max == 0.0001)
    }

    @Test("a duration past a day keeps its accuracy")
    func large() {
        let values: [Double] = [86_400_000, 90_000_000, 1e12]
        #expect(matchesWithinAccuracy(Distribution(values), values))
    }
}
