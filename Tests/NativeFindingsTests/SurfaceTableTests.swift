import Testing

@testable import Replay

/// The on-disk table of surfaces that `RetriedSurfaces`, `IdleProbeRuns` and `ProbedSpill`
/// keep: what is put is found, what is removed is gone, and surfaces that come and go for a
/// long log take the disk of those held, not of every one ever put.
@Suite("The on-disk table of surfaces")
struct SurfaceTableTests {
    static func key(_ n: Int) -> [UInt8] { Array("tab:surface-\(n)-".utf8) + Array(repeating: UInt8(ascii: "x"), count: 80) }

    @Test("put, found, replaced, removed; an empty key and keys that differ only in bytes are surfaces of their own")
    func roundTrip() throws {
        let table = try #require(SurfaceTable())
        let composed = Array("tab:café".utf8), decomposed = Array("tab:cafe\u{301}".utf8)
        for (n, key) in [[], composed, decomposed, Self.key(1)].enumerated() {
            #expect(table.put(key, .init(kind: UInt32(n), t: Double(n) + 0.5)))
        }
        #expect(table.value(of: []) == .init(kind: 0, t: 0.5))
        #expect(table.value(of: composed) == .init(kind: 1, t: 1.5))
        #expect(table.value(of: decomposed) == .init(kind: 2, t: 2.5))
        #expect(table.put(composed, .init(kind: 9, t: 9)))
        #expect(table.value(of: composed) == .init(kind: 9, t: 9))
        table.remove(composed)
        #expect(table.value(of: composed) == nil)
        #expect(table.value(of: decomposed) == .init(kind: 2, t: 2.5))
        #expect(table.live == 3)
    }

    @Test("surfaces removed and put back for a long time: the key file stays near the live keys' size, every value intact")
    func rotation() throws {
        let table = try #require(SurfaceTable())
        let held = 200
        // Made once: the table is what is measured, not 120,000 interpolations of its keys.
        let keys = (0...held).map(Self.key)
        for n in 0..<held { #expect(table.put(keys[n], .init(kind: 1, t: Double(n)))) }
        // 60,000 removals and puts of ~95-byte keys: 5.7 MB of keys written in all, past the
        // bound below (the file is compacted each time it is 1 MiB past twice the live keys).
        for round in 1...300 {
            for n in 0..<held {
                table.remove(keys[n])
                #expect(table.put(keys[n], .init(kind: UInt32(round), t: Double(n))))
            }
        }
        #expect(table.live == held)
        #expect(table.keyFileBytes < 4 << 20, "the key file holds \(table.keyFileBytes) bytes for \(held) surfaces")
        for n in 0..<held { #expect(table.value(of: keys[n]) == .init(kind: 300, t: Double(n))) }
        #expect(table.value(of: keys[held]) == nil)
    }
}
