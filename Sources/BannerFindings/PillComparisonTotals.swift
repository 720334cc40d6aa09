import OfflineBanner

/// A pill comparison's numbers without its episodes: what `whatif` prints in a recording's
/// first summary line and in the totals, added up as each episode is decided, so a log of a
/// million episodes costs a few counters. Sums are taken in the order the episodes come, as
/// `PillComparison` takes them.
package struct PillComparisonTotals: Equatable, Sendable {
    /// v1's episodes.
    package private(set) var v1Episodes = 0
    package private(set) var v1Ms: Double = 0
    /// The variant's episodes, paired or added.
    package private(set) var variantEpisodes = 0
    /// The variant's episodes that overlap no v1 episode.
    package private(set) var added = 0
    /// v1 episodes that came back in pieces under the variant.
    package private(set) var splits = 0
    /// The variant's pill time within v1's episodes, and in the added ones: kept apart so the
    /// total is summed as `PillComparison.variantMs` sums it.
    private var pairedMs: Double = 0
    private var addedMs: Double = 0
    /// v1 episodes by change, in `Change.allCases` order.
    private var changes = [0, 0, 0, 0]

    package init() {}

    package var variantMs: Double { pairedMs + addedMs }
    package var removedMs: Double { v1Ms - variantMs }

    package func count(_ change: PillComparison.Episode.Change) -> Int {
        changes[PillComparison.Episode.Change.allCases.firstIndex(of: change)!]
    }

    /// Episodes made longer or added: what the contract says a variant must not do.
    package var worse: Int { count(.lengthened) + added }

    /// Neither side ever showed the pill.
    package var isEmpty: Bool { v1Episodes == 0 && added == 0 }

    package mutating func add(_ episode: PillComparison.Episode) {
        v1Episodes += 1
        v1Ms += episode.v1.duration
        variantEpisodes += episode.variant.count
        pairedMs += episode.variantMs
        if episode.split { splits += 1 }
        changes[PillComparison.Episode.Change.allCases.firstIndex(of: episode.change)!] += 1
    }

    package mutating func add(added episode: PillEpisode) {
        variantEpisodes += 1
        added += 1
        addedMs += episode.duration
    }

    /// Two logs' totals together (a fleet's, in path order).
    package static func + (a: PillComparisonTotals, b: PillComparisonTotals) -> PillComparisonTotals {
        var sum = a
        sum.v1Episodes += b.v1Episodes
        sum.v1Ms += b.v1Ms
        sum.variantEpisodes += b.variantEpisodes
        sum.added += b.added
        sum.splits += b.splits
        sum.pairedMs += b.pairedMs
        sum.addedMs += b.addedMs
        sum.changes = zip(a.changes, b.changes).map(+)
        return sum
    }
}
