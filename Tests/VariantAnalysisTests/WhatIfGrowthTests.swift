import OfflineBanner
import Testing

@testable import BannerFindings
@testable import TurboRecording
@testable import VariantAnalysis

/// `whatif` keeps counts, never the episodes of a log (issue 34: 150 MB at 300,000 records of
/// flaps, growing with the log): a what-if whose decided episodes are taken after every record,
/// as the command takes them, holds the same few at N and 10·N flaps, and its totals are the
/// whole comparison's.
@Suite("whatif stays flat")
struct WhatIfGrowthTests {
    /// WhatIfLinearTests' dead-upstream flaps, the episodes taken after every record; returns
    /// the what-if, the most episodes it held at once, and how many were taken.
    static func run(flaps: Int) -> (WhatIf, held: Int, taken: Int) {
        var whatIf = WhatIf(settings: BannerSettings(), variant: .recoverOnResponse)
        var (held, taken, line) = (0, 0, 1)
        func take() {
            held = max(held, whatIf.heldEpisodes)
            whatIf.takeEpisodes({ _ in taken += 1 }, added: { _ in taken += 1 })
        }
        func feed(_ t: Double, _ input: BannerInput) {
            line += 1
            whatIf.feed(Record(line: line, event: .input(t: t, input))) { _ in }
            take()
        }
        WhatIfLinearTests.inputs(flaps: flaps, feed)
        whatIf.finish { _ in }
        take()
        return (whatIf, held, taken)
    }

    @Test("10× the flaps: the same episodes held, the totals the whole comparison's")
    func flatAtTenTimesTheFlaps() {
        let small = Self.run(flaps: 300), large = Self.run(flaps: 3000)
        #expect(small.taken == 300 && large.taken == 3000)
        #expect(small.held <= 4)
        #expect(large.held == small.held)
        #expect(large.0.comparison.episodes.isEmpty, "every decided episode was taken")
        let whole = WhatIfLinearTests.whatIf(flaps: 3000).comparison
        #expect(large.0.pill == whole.totals)
        #expect(large.0.pill.v1Episodes == 3000 && large.0.pill.variantEpisodes == 6000 && large.0.pill.splits == 3000)
        #expect(large.0.v1.episodes.isEmpty && large.0.withVariant.episodes.isEmpty, "the runs hand their episodes on")
    }

    /// The totals of one v1 episode of 100 ms that the variant shortened by `removedMs`: few
    /// distinct values, so that the order often falls to the differences and the path.
    static func pill(removedMs: Double) -> PillComparisonTotals {
        var pill = PillComparisonTotals()
        let original = PillEpisode(start: 0, end: 100, cause: .offline)
        let kept = PillEpisode(start: 0, end: 100 - removedMs, cause: .offline)
        pill.add(PillComparison.Episode(v1: original, variant: [kept], change: removedMs > 0 ? .shortened : .unchanged))
        return pill
    }

    /// A fleet's totals hold the `listing` recordings that changed most, however many changed.
    @Test("the fleet's changed-most list stays at its listing, in the order a full sort gives")
    func changedMostIsBounded() {
        func summaries(_ count: Int) -> [WhatIfSummary] {
            (0..<count).map { index in
                WhatIfSummary(
                    path: "r\(index).jsonl", variant: .recoverOnResponse, differences: index % 3,
                    pill: Self.pill(removedMs: Double((index * 7919) % 13)), toasts: (0, 0), costs: (.init(), .init()))
            }
        }
        for count in [30, 300] {
            var totals = WhatIfTotals(variant: .recoverOnResponse, listing: 10)
            let all = summaries(count)
            for summary in all { totals.add(summary) }
            let sorted = all.filter(\.changed).sorted { WhatIfSummary.changedMore($0, than: $1) }
            #expect(totals.changedMost == Array(sorted.prefix(10)))
            #expect(totals.changed == sorted.count)
        }
    }
}
