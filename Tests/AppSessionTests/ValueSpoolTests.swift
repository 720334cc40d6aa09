import AppSession
import Replay
import Testing

@testable import TestSupport

/// The exact median and p90 of values kept on disk (`ValueSpool`, a radix select) against
/// sorting them, as `LatencySummary` does for a session in memory.
@Suite("Exact order statistics from disk")
struct ValueSpoolTests {
    @Test("each rank is the sorted values' at that rank: duplicates, zeros, negatives, fractions, huge", arguments: 0..<40)
    func ranks(seed: Int) throws {
        var generator = SeededRandom(seed: UInt64(seed) &+ 0x9E37_79B9_7F4A_7C15)
        let pool: [Double] = [0, 1, 1.5, 2000, 2000.001, -3, 1e15, 9_007_199_254_740_992, 0.001, 400, 400, 7]
        let count = generator.int(in: 1...(seed % 2 == 0 ? 30 : 20_000))
        let values = (0..<count).map { _ in
            generator.bool() ? generator.pick(pool) : Double(generator.int(in: 0...100_000)) / 8
        }
        let sorted = values.sorted()
        let ranks = [0, count - 1, count / 2, generator.int(in: 0..<count)]
        let summary = LatencySummary(values, stuck: nil)
        let r = try #require(LatencySummary.ranks(count: count))
        // As built (a few values sorted in memory, more spilled to disk), and spilled however few.
        for spool in [try ValueSpool(), try ValueSpool(sortedInMemoryUpTo: 0)] {
            for value in values { spool.append(value) }
            #expect(try spool.selecting(ranks) == ranks.map { sorted[$0] })
            #expect(spool.max == sorted.last && spool.count == count)
            #expect(try spool.selecting([r.median, r.p90]) == [summary.median!, summary.p90!])
        }
    }
}
