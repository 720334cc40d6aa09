import Testing

@testable import TurboRecording

/// A listing of a million logs is sorted on disk, not in memory (issue #47, item 9): entries
/// past the spool's budget are written as sorted runs and merged, and come back in the same
/// order as a sort in memory would give them.
@Suite("SortedSpool")
struct SortedSpoolTests {
    /// Entries with many ties: keys from a small alphabet, values numbered in the order added.
    static func entries(_ count: Int, seed: UInt64) -> [(key: [UInt8], value: [UInt8])] {
        var state = seed
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<count).map { index in
            let key = (0..<random(6)).map { _ in [UInt8(ascii: "a"), UInt8(ascii: "b"), 0x00, 0xFF][random(4)] }
            return (key, Array(String(random(3)).utf8) + [UInt8(truncatingIfNeeded: index >> 8), UInt8(truncatingIfNeeded: index)])
        }
    }

    static func drain(_ spool: SortedSpool) throws -> [(key: [UInt8], value: [UInt8])] {
        var cursor = try spool.sorted()
        var out: [(key: [UInt8], value: [UInt8])] = []
        while let entry = try cursor.next() { out.append(entry) }
        return out
    }

    @Test(
        "in order, key then value byte by byte, whatever the budget and however many passes",
        arguments: [(1 << 20, 256), (64, 256), (200, 2), (1, 3)])
    func order(budget: Int, fanIn: Int) throws {
        let entries = Self.entries(3000, seed: 47)
        let spool = SortedSpool(budget: budget, fanIn: fanIn)
        for entry in entries { try spool.add(key: entry.key, value: entry.value) }
        let expected = entries.sorted { a, b in
            a.key != b.key ? a.key.lexicographicallyPrecedes(b.key) : a.value.lexicographicallyPrecedes(b.value)
        }
        let got = try Self.drain(spool)
        #expect(got.map(\.key) == expected.map(\.key))
        #expect(got.map(\.value) == expected.map(\.value))
        #expect(spool.count == 3000)
        #expect((spool.runsWritten > 0) == (budget < 1 << 20))
    }

    @Test("equal entries come back as many times as they were added; an empty spool gives nothing")
    func repeats() throws {
        let spool = SortedSpool(budget: 16)
        for _ in 0..<5 { try spool.add(key: Array("k".utf8), value: Array("v".utf8)) }
        #expect(try Self.drain(spool).count == 5)
        #expect(try Self.drain(SortedSpool()).isEmpty)
    }

    @Test("a long entry, larger than a run's read buffer, comes back whole")
    func longEntry() throws {
        let spool = SortedSpool(budget: 8)
        let long = [UInt8](repeating: 0x61, count: 300_000)
        try spool.add(key: long, value: Array("2".utf8))
        try spool.add(key: Array("a".utf8), value: long)
        let got = try Self.drain(spool)
        #expect(got.map(\.key) == [Array("a".utf8), long])
        #expect(got.map(\.value) == [long, Array("2".utf8)])
    }
}
