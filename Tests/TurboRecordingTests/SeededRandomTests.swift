import Testing

@testable import TestSupport

/// `SeededRandom`'s own draws are the standard library's, number for number: the generators
/// use them for speed, and a seed must still make the case it made.
@Suite("SeededRandom draws what the standard library draws")
struct SeededRandomTests {
    static let closedRanges: [ClosedRange<Int>] = [0...0, 0...1, 0...12, -50...900_000, 1...40_000, 7...7, Int.min...Int.max, Int.min...0, -3...Int.max]
    static let ranges: [Range<Int>] = [0..<1, 0..<2, 0..<10, 0..<100, -5..<5, 3..<20_001, Int.min..<Int.max]

    @Test("int(in:), bool(), unit(), chance and pick, over 2,000 draws of each from three seeds")
    func sameAsTheLibrary() {
        for seed: UInt64 in [0, 42, 0x9E37_79B9_7F4A_7C15] {
            var mine = SeededRandom(seed: seed), library = SeededRandom(seed: seed)
            for k in 0..<2_000 {
                let closed = Self.closedRanges[k % Self.closedRanges.count], open = Self.ranges[k % Self.ranges.count]
                #expect(mine.int(in: closed) == Int.random(in: closed, using: &library), "seed \(seed), draw \(k), \(closed)")
                #expect(mine.int(in: open) == Int.random(in: open, using: &library), "seed \(seed), draw \(k), \(open)")
                #expect(mine.bool() == Bool.random(using: &library))
                #expect(mine.unit() == Double.random(in: 0..<1, using: &library))
                let probability = Double(k % 11) / 10
                #expect(mine.chance(probability) == (Double.random(in: 0..<1, using: &library) < probability))
                let choices = Array(0..<(1 + k % 9))
                #expect(mine.pick(choices) == choices.randomElement(using: &library)!)
            }
            #expect(mine.next() == library.next(), "both generators are at the same place")
        }
    }
}
