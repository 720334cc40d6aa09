import Testing

@testable import NativeErrorPolicy

/// `stats` and `whatif` add each error view's time up as it closes
/// (`ErrorViewTime(keepingClosedViews: false)`): what the tally holds is the views on screen,
/// not every view and every surface the log named (bench/shapes.py's
/// surfaces-presented-dismissed: 1.5 million surfaces at 3,000,000 records). Counted, not timed.
@Suite("Error view time: held by the open views")
struct ErrorViewTimeGrowthTests {
    /// Surfaces `s1`…`sN`, each presented then dismissed 250 ms later; `s0` stays open.
    static func tally(_ n: Int, keeping: Bool) -> (held: Int, count: Int, totalMs: Double) {
        var policy = RetryPolicy(settings: PolicySettings(platform: .ios))
        var tally = ErrorViewTime(keepingClosedViews: keeping)
        var decisions: [Decision] = []
        var count = 0, totalMs = 0.0
        tally.send(presented("s0", .http(status: 503)), at: 0, through: &policy, into: &decisions)
        for i in 1...n {
            tally.send(presented("s\(i)"), at: Double(i * 500), through: &policy, into: &decisions)
            tally.send(.dismissed(surface: "s\(i)"), at: Double(i * 500 + 250), through: &policy, into: &decisions)
            if !keeping {
                tally.takeClosed {
                    count += 1
                    totalMs += $0
                }
                // The app's own timing of the same views is taken as they close too.
                tally.takeShown { _ in }
            }
        }
        tally.finish(through: &policy, into: &decisions)
        let held = tally.held
        if keeping {
            let summary = tally.summary(end: tally.end ?? 0)
            return (held, summary.count, summary.totalMs)
        }
        for duration in tally.durations(end: tally.end ?? 0) {
            count += 1
            totalMs += duration
        }
        return (held, count, totalMs)
    }

    @Test("taken as they close: as much held at 10·N views as at N, the open one (by the policy and by the app's log)")
    func flat() {
        let small = Self.tally(300, keeping: false), large = Self.tally(3000, keeping: false)
        #expect(small.held == 2 && large.held == 2, "\(small.held) held at 300 views, \(large.held) at 3000")
    }

    @Test("taken as they close: the same count and total as the tally that keeps them all")
    func sameFigures() {
        let streamed = Self.tally(3000, keeping: false), kept = Self.tally(3000, keeping: true)
        #expect(streamed.count == kept.count && streamed.count == 3001)
        #expect(streamed.totalMs == kept.totalMs)
        #expect(kept.held > 3000, "the keeping tally holds every surface's total, for summary(end:)")
    }
}
