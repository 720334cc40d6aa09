import Testing

@testable import Fleet
@testable import TestSupport

/// `FittedTimings`: a fitted timing's tally, bounded like a report's listings.
@Suite("the fitted timings' tally")
struct FittedTimingsTests {
    @Test("under the bound: every value, smallest first, with its logs")
    func whole() {
        var timings = FittedTimings()
        for ms in [1500.0, 1000, 1500, 900] { timings.add(ms) }
        #expect(timings.kept.map(\.ms) == [900, 1000, 1500])
        #expect(timings.kept.map(\.logs) == [1, 1, 2])
        #expect(timings.logs == 4 && timings.dropped == 0)
    }

    @Test("past the bound: the smallest values kept with their exact logs, whatever order the logs come in")
    func bounded() {
        let capacity = KeptLogs<Int>.capacity
        // Every value twice, and 10 values past the bound.
        let values = (0..<(capacity + 10)).flatMap { [Double($0), Double($0)] }
        var ascending = FittedTimings(), descending = FittedTimings(), shuffled = FittedTimings()
        for ms in values { ascending.add(ms) }
        for ms in values.reversed() { descending.add(ms) }
        var generator = SeededRandom(seed: 35)
        for ms in values.shuffled(using: &generator) { shuffled.add(ms) }
        for timings in [ascending, descending, shuffled] {
            #expect(timings.kept.count == capacity)
            #expect(timings.kept.first.map { "\($0.ms) \($0.logs)" } == "0.0 2")
            #expect(timings.kept.last.map { "\($0.ms) \($0.logs)" } == "\(Double(capacity - 1)) 2")
            #expect(timings.logs == values.count)
            #expect(timings.dropped == 20)
        }
    }
}
