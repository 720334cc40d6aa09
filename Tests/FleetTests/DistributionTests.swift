import Replay
import Testing

@testable import Fleet

/// The three figures every fleet report gives: the median (the mean of the middle two for an
/// even count), p90 by nearest rank, and the exact maximum, read from the sketch.
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
        #expect(withinAccuracy(ten?.median, of: 550) && withinAccuracy(ten?.p90, of: 900) && ten?.max == 1000)
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
