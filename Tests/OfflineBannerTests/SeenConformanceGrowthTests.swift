import OfflineBanner
import Testing

/// What `SeenConformance` keeps and looks at, counted at N and 10·N (never timed): flat where
/// the whole computation kept the recording, linear where its open list was quadratic (issue #34).
@Suite("Streaming conformance stays flat and linear")
struct SeenConformanceGrowthTests {
    static let pill = ShownBanner(visible: true, text: "Sin conexión")

    /// A stream as a replay gives it: each change or observation, then its time reached.
    struct Run {
        var conformance: SeenConformance
        var differences: [SeenDifference] = []
        var mostKept = 0

        init(pendingSeenLimit: Int = SeenConformance.defaultPendingSeenLimit) {
            conformance = SeenConformance(pendingSeenLimit: pendingSeenLimit)
        }

        mutating func change(_ t: Double, _ shown: ShownBanner, _ cause: BannerCause) {
            let banner: BannerState = shown.visible ? (cause == .online ? .backOnline : .offline) : .hidden
            conformance.changed(BannerChange(t: t, banner: banner, label: shown.visible ? shown.text : nil, cause: cause))
            reached(t)
        }

        mutating func seen(_ t: Double, _ shown: ShownBanner) {
            conformance.observed(.seen(BannerSeen(t: t, visible: shown.visible, text: shown.text)))
            reached(t)
        }

        mutating func reached(_ t: Double) {
            conformance.reached(t)
            differences += conformance.takeDifferences()
            mostKept = max(mostKept, conformance.kept)
        }

        mutating func finish(_ end: Double) -> SeenComparison {
            conformance.finish(watchedUntil: end)
            differences += conformance.takeDifferences()
            return conformance.comparison(differences: differences)
        }
    }

    /// `episodes` pill episodes with the page's `seen` after each change, every third one late.
    static func episodes(_ count: Int) -> (SeenComparison, Run) {
        var run = Run()
        let back = ShownBanner(visible: true, text: "De nuevo en línea")
        run.seen(10, .hidden)
        var t = 10.0
        for i in 1...count {
            run.change(t + 800, pill, .offline)
            run.seen(t + 800 + (i % 3 == 0 ? 300 : 2), pill)
            run.change(t + 1500, back, .online)
            run.seen(t + 1502, back)
            run.change(t + 3500, .hidden, .flashElapsed)
            run.seen(t + 3502, .hidden)
            t += 4000
        }
        return (run.finish(t), run)
    }

    @Test("a seen after every change: the same few records kept for 10× the episodes, every difference found")
    func flatOnEpisodes() {
        let (small, smallRun) = Self.episodes(300)
        let (large, largeRun) = Self.episodes(3000)
        #expect(small.differences.count == 100 && large.differences.count == 1000)
        #expect(large.differences.allSatisfy { $0.kind == .late })
        #expect(smallRun.mostKept <= 8)
        #expect(largeRun.mostKept == smallRun.mostKept)
    }

    /// A page whose `seen` no change can take (its own label, between the model's windows), so
    /// the pairing's cursor never moves: the whole computation looked at every record since the
    /// first for each change.
    static func unclaimable(_ count: Int) -> (SeenComparison, Run) {
        var run = Run()
        let other = ShownBanner(visible: true, text: "Offline")
        run.seen(0, .hidden)
        for i in 0..<count {
            let t = Double(i) * 1000
            run.change(t + 100, pill, .offline)
            run.seen(t + 300, other)
            run.change(t + 600, .hidden, .online)
        }
        return (run.finish(Double(count) * 1000), run)
    }

    @Test("records no change claims: looked at a bounded number of times each, and let go")
    func linearWhenNothingIsClaimed() {
        let (small, smallRun) = Self.unclaimable(500)
        let (large, largeRun) = Self.unclaimable(5000)
        #expect(small.differences.count == 3 * 500 && large.differences.count == 3 * 5000)
        #expect(largeRun.conformance.examined <= 10 * smallRun.conformance.examined)
        #expect(largeRun.mostKept == smallRun.mostKept)
    }

    /// A page that writes its pill `count` times while the model keeps the banner hidden, then
    /// the model's pill comes up: every record could still be that change's (early).
    static func pageAhead(_ count: Int, pendingSeenLimit: Int) -> (SeenComparison, Run) {
        var run = Run(pendingSeenLimit: pendingSeenLimit)
        run.seen(0, .hidden)
        for i in 1...count { run.seen(Double(i), pill) }
        run.change(Double(count) + 1000, pill, .offline)
        return (run.finish(Double(count) + 2000), run)
    }

    @Test("more seen waiting for a change than the limit: the oldest are judged unclaimed, and no more kept")
    func pendingSeenLimit() {
        let (whole, wholeRun) = Self.pageAhead(1000, pendingSeenLimit: 5000)
        let (bounded, boundedRun) = Self.pageAhead(1000, pendingSeenLimit: 64)
        #expect(wholeRun.mostKept > 1000)
        #expect(boundedRun.mostKept <= 64 + 2)
        // Without the bound the change takes the first, early; with it, the first of the last 64.
        let early = { (comparison: SeenComparison) in comparison.differences.first { $0.kind == .early }?.shownAt }
        #expect(early(whole) == 1)
        #expect(early(bounded) == Double(1000 - 64 + 1))
        // Every other record is an extra either way.
        #expect(whole.differences.count == bounded.differences.count)
        #expect(whole.differences.filter { $0.kind == .extra }.count == 999)
    }
}
