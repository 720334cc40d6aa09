import OfflineBanner
import Testing

@testable import BannerFindings
@testable import TestSupport
@testable import TurboRecording
@testable import VariantAnalysis

/// `whatif --variant recover-on-response` grows with the log, never with its square: the
/// pairing of the variant's pill episodes with v1's counts its steps (`PillComparison.work`),
/// and ten times the flaps must cost about ten times the steps (issue 34: 1.1 s at 300k
/// records, 104 s at 3M, when each variant episode searched v1's from the start).
@Suite struct WhatIfLinearTests {
    /// `flaps` dead-upstream flaps: a fetch error raises the pill with `navigator.onLine`
    /// true, a response takes it down under the variant, then an offline/online pair raises
    /// and ends a pill on both sides. v1 keeps one episode per flap, the variant two.
    static func whatIf(flaps: Int) -> WhatIf {
        var whatIf = WhatIf(settings: BannerSettings(), variant: .recoverOnResponse)
        var line = 1
        func feed(_ t: Double, _ input: BannerInput) {
            line += 1
            whatIf.feed(Record(line: line, event: .input(t: t, input))) { _ in }
        }
        whatIf.feed(Record(line: 1, event: .meta(Meta(version: 1)))) { _ in }
        inputs(flaps: flaps, feed)
        whatIf.finish { _ in }
        return whatIf
    }

    @Test func tenTimesTheFlapsIsAboutTenTimesTheWork() {
        let small = Self.whatIf(flaps: 300).comparison, large = Self.whatIf(flaps: 3000).comparison
        // The shape is what the test needs: every flap gives v1 one episode and the variant two.
        #expect(small.episodes.count == 300 && small.variantEpisodes == 600)
        #expect(large.episodes.count == 3000 && large.variantEpisodes == 6000)
        #expect(small.work > 0)
        // Linear: 10× (a few steps of slack). A quadratic pairing does about 100×.
        #expect(large.work <= 10 * small.work + 10, "work \(small.work) at 300 flaps, \(large.work) at 3000")
    }

    /// The forward walk pairs as "the first v1 episode it overlaps" says, on episodes that
    /// touch, nest in time and fall between one another.
    @Test func theWalkPairsAsTheFirstOverlapDoes() {
        // Seeded: a failing case is the same case on the next run.
        var generator = SeededRandom(seed: 42)
        for _ in 0..<200 {
            let v1 = Self.episodes(count: Int.random(in: 0...8, using: &generator), using: &generator)
            let variant = Self.episodes(count: Int.random(in: 0...8, using: &generator), using: &generator)
            let comparison = PillComparison(v1: v1, variant: variant)
            // The first-overlap search from the start, as the comparison was made before the walk.
            let reference = PillPairingTests.reference(v1: v1, variant: variant)
            #expect(comparison.episodes.map(\.variant) == reference.episodes.map(\.variant), "v1 \(v1), variant \(variant)")
            #expect(comparison.added == reference.added)
        }
    }

    /// The inputs of `flaps` dead-upstream flaps, in order, after the page's connect.
    static func inputs(flaps: Int, _ feed: (Double, BannerInput) -> Void) {
        feed(0, .connect())
        for flap in 0..<flaps {
            let t = Double(flap) * 10_000 + 1000
            feed(t, .fetchRequestError(FetchRequestError()))
            feed(t + 2300, .beforeFetchResponse(BeforeFetchResponse(statusCode: 200)))
            feed(t + 4000, .offline)
            feed(t + 6000, .online)
        }
    }

    /// Episodes in time order on a coarse grid, so that ends and starts often coincide.
    static func episodes(count: Int, using generator: inout some RandomNumberGenerator) -> [PillEpisode] {
        var t = 0.0
        return (0..<count).map { _ in
            t += Double(Int.random(in: 0...2, using: &generator)) * 100
            let start = t
            t += Double(Int.random(in: 0...3, using: &generator)) * 100
            return PillEpisode(start: start, end: t, cause: .offline)
        }
    }
}
