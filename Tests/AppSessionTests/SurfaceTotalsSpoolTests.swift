import NativeErrorPolicy
import PolicyCore
import Replay
import Testing

@testable import TestSupport

/// The time on error views per surface added up on disk (`SurfaceTotalsSpool`, sorted runs
/// merged at the end) against the tally in memory (`ErrorViewTime.summary(end:)`), on random
/// logs replayed through the real policy: the same surfaces in the same byte order, the same
/// doubles, and the same total. A tiny memory bound makes a run every few views, so that one
/// surface's views land in many runs, and runs are merged many times over.
@Suite("Time per surface on disk")
struct SurfaceTotalsSpoolTests {
    /// Names that compare equal as Swift strings and differ in bytes (é precomposed and as e +
    /// a combining accent; K and the Kelvin sign) are two surfaces, as everywhere else.
    static let surfaces = ["tab:caf\u{E9}", "tab:cafe\u{301}", "K", "\u{212A}", "modal", "a", "b", "", "tab:home", "s10", "s9"]

    static func presented(_ surface: String, _ code: Int) -> PolicyInput {
        .presented(surface: surface, error: code == 503 ? .http(status: 503) : .web(.code(-1009)))
    }

    /// Replays a random log both ways and compares what the summary says.
    func compare(seed: UInt64, records: Int, memoryBytes: Int) throws {
        var generator = SeededRandom(seed: seed)
        var policy = RetryPolicy(settings: PolicySettings(platform: generator.pick([.ios, .android])))
        var twin = policy
        var kept = ErrorViewTime(), taken = ErrorViewTime(keepingClosedViews: false)
        let spool = SurfaceTotalsSpool(memoryBytes: memoryBytes)
        var decisions: [Decision] = [], twins: [Decision] = []
        var t = 0.0
        for _ in 0..<records {
            // Fractions of a millisecond, so that the order of the additions shows in the sums.
            t += Double(generator.int(in: 0...900)) / 7
            let surface = generator.pick(Self.surfaces)
            let input: PolicyInput? = generator.pick([
                Self.presented(surface, 0), Self.presented(surface, 503), .dismissed(surface: surface), .tapRetry(surface: surface),
                .path(online: true), .path(online: false), .foreground, nil,
            ])
            taken.send(input, at: t, through: &policy, into: &decisions)
            // The same policy again, counted by the tally that keeps every view.
            kept.send(input, at: t, through: &twin, into: &twins)
            taken.takeClosedViews { spool.add($0, $1) }
        }
        let end = t + 1234.5
        let expected = kept.summary(end: end)
        let open = taken.onScreenSince.map { (surface: $0.surface, ms: Swift.max(0, end - $0.since)) }
        let surfaces = try spool.surfaces(open: open)
        let got = surfaces.collected
        #expect(got.count == expected.bySurface.count && surfaces.count == got.count)
        for (a, b) in zip(got, expected.bySurface) {
            #expect(Array(a.surface.utf8) == Array(b.surface.utf8))
            #expect(a.ms.bitPattern == b.ms.bitPattern, "\(b.surface): \(a.ms) on disk, \(b.ms) in memory")
        }
        #expect(surfaces.totalMs.bitPattern == expected.totalMs.bitPattern)
        // Byte order, each surface once: the canonically-equivalent names stay two.
        #expect(zip(got, got.dropFirst()).allSatisfy { Array($0.surface.utf8).lexicographicallyPrecedes(Array($1.surface.utf8)) })
    }

    @Test("the same surfaces, in byte order, with the same doubles as in memory", arguments: 0..<24)
    func sameAsInMemory(seed: Int) throws {
        // Half the seeds spill a run every few views (and merge runs over and over); half never.
        try compare(seed: UInt64(seed) &* 0x9E37_79B9, records: 1500, memoryBytes: seed % 2 == 0 ? 150 : 1 << 20)
    }

    @Test("runs are written and merged when the memory bound is small")
    func runsAreMerged() throws {
        let spool = SurfaceTotalsSpool(memoryBytes: 100)
        for i in 0..<400 { spool.add(ByteString("s\(i % 37)"), Double(i) / 3) }
        #expect(spool.runsWritten > SurfaceTotalsSpool.mergeAt)
        #expect(spool.heldInMemory < 4)
        let surfaces = try spool.surfaces(open: [(ByteString("s5"), 1), (ByteString("zz"), 2)])
        #expect(surfaces.count == 38)
        var expected: [String: Double] = [:]
        for i in 0..<400 { expected["s\(i % 37)", default: 0] += Double(i) / 3 }
        expected["s5"]! += 1
        expected["zz"] = 2
        #expect(surfaces.collected.map(\.surface) == expected.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        for (surface, ms) in surfaces.collected { #expect(ms == expected[surface]) }
    }

    /// What `session` holds of the error views' times does not grow with the surfaces: at N and
    /// 10·N views on new surfaces, the views held in memory stay under the bound.
    @Test("what is held in memory is the same at N and 10·N surfaces")
    func flat() throws {
        func held(_ n: Int) -> Int {
            let spool = SurfaceTotalsSpool(memoryBytes: 4096)
            var most = 0
            for i in 0..<n {
                spool.add(ByteString("surface-\(i)"), 250)
                most = Swift.max(most, spool.heldInMemory)
            }
            return most
        }
        // 300 surfaces are three times what 4 KiB holds: the spool has written runs at N already.
        let small = held(300), large = held(3_000)
        #expect(large <= small && small < 100)
    }
}
