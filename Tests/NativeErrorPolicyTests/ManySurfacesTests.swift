import Testing

@testable import NativeErrorPolicy

/// A field log can name a great many surfaces. The policy's cost per record must not grow
/// with the number of views on screen: `work` counts the steps that could (heap moves, and
/// entries of the presentation order visited), and it is held to a linear bound.
@Suite("Many surfaces")
struct ManySurfacesTests {
    /// `n` surfaces on a healthy iOS path, one presented every millisecond: every other one a
    /// server view that stays on screen until tapped at the end, the others offline views
    /// whose probe retries 2500 ms later. Up to n/2 views are on screen at once.
    static func replay(surfaces n: Int) -> (decisions: Int, retries: Int, work: Int) {
        var policy = RetryPolicy(settings: PolicySettings(platform: .ios))
        var output: [Decision] = []
        output.reserveCapacity(2 * n)
        policy.send(.path(online: true), at: 0, into: &output)
        for i in 0..<n {
            policy.send(
                .presented(surface: "s\(i)", error: i % 2 == 0 ? .http(status: 503) : .web(.code(-1001))),
                at: Double(i), into: &output)
        }
        for i in stride(from: 0, to: n, by: 2) {
            policy.send(.tapRetry(surface: "s\(i)"), at: Double(n + i), into: &output)
        }
        policy.finish(into: &output)
        return (output.count, output.count { $0.retry != nil }, policy.work)
    }

    /// 20,000 surfaces, replayed once for both tests below. The bound holds with the same
    /// strength here as at a million: the pending probes are ~1250 at any n past 2500 (one
    /// offline view every 2 ms, each probing 2500 ms later), so the heap is as deep, while up to
    /// 10,000 views are on screen at once — a scan of them per record would cost ~5,000 steps a
    /// record, and one per timer ~2,500, both far past 40. More surfaces add only time (a
    /// million took 13 s of a debug build's CPU).
    static let twentyThousand = replay(surfaces: 20_000)

    @Test("20,000 surfaces, 10,000 on screen at once: every decision made, in steps linear in the records")
    func many() {
        let n = 20_000
        let run = Self.twentyThousand
        #expect(run.decisions == 2 * n)
        #expect(run.retries == n)
        // A heap over at most ~1250 pending probes: a dozen moves per timer, not one per view on screen.
        #expect(run.work <= 40 * n, "work \(run.work) for \(n) surfaces")
    }

    @Test("twice the surfaces, twice the work (a scan per record would be four times)")
    func doubling() {
        let small = Self.replay(surfaces: 10_000).work, large = Self.twentyThousand.work
        #expect(Double(large) / Double(small) < 2.2, "work \(small) → \(large)")
    }

    @Test("an edge starts settles on the views on screen only: removed ones are compacted away")
    func compaction() {
        var policy = RetryPolicy(settings: PolicySettings(platform: .ios))
        var output: [Decision] = []
        for i in 0..<10_000 {
            policy.send(.presented(surface: "s\(i)", error: .web(.code(-1009))), at: Double(i), into: &output)
            policy.send(.dismissed(surface: "s\(i)"), at: Double(i), into: &output)
        }
        let before = policy.work
        policy.send(.presented(surface: "last", error: .web(.code(-1009))), at: 20_000, into: &output)
        policy.send(.path(online: true), at: 20_001, into: &output)
        #expect(policy.work - before < 100)
        #expect(policy.finish() == [Decision(t: 20_401, surface: "last", outcome: .retry(.automatic(.edge)))])
    }
}
