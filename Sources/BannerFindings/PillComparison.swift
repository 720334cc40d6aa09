import OfflineBanner

/// How a variant's pill episodes compare with v1's on the same log (banner-variants.md,
/// "Comparing"). A variant that only takes pills down earlier keeps each of its episodes
/// within one of v1's: each v1 episode is then unchanged, shortened (perhaps in pieces, when
/// the pill came back) or removed. An episode of the variant that reaches outside the v1
/// episode it overlaps was lengthened, and one that overlaps none was added: the contract
/// says neither should happen, and `whatif` says so loudly when one does.
package struct PillComparison: Equatable, Sendable {
    package struct Episode: Equatable, Sendable {
        package enum Change: String, CaseIterable, Sendable {
            case unchanged, shortened, removed, lengthened
        }

        /// What the variant made of `original` with `after`, its episodes that overlap it.
        package static func change(of original: PillEpisode, into after: [PillEpisode]) -> Change {
            if after.isEmpty { return .removed }
            if after.contains(where: { $0.start < original.start || $0.end > original.end }) { return .lengthened }
            if after.count == 1, after[0].start == original.start, after[0].end == original.end { return .unchanged }
            return .shortened
        }

        package var v1: PillEpisode
        /// The variant's episodes that overlap it, in order (more than one: the pill came back).
        package var variant: [PillEpisode]
        package var change: Change

        package var variantMs: Double { variant.reduce(0) { $0 + $1.duration } }
        /// Pill time the variant removed from this episode (negative when it added some).
        package var removedMs: Double { v1.duration - variantMs }
        /// The variant's pill came down and went up again within it.
        package var split: Bool { variant.count > 1 }
    }

    /// v1's episodes, in order, each with what the variant made of it.
    package var episodes: [Episode]
    /// The variant's episodes that overlap no v1 episode.
    package var added: [PillEpisode]

    /// The v1 episodes looked at while pairing: it grows with the episodes, never with their
    /// square (a test holds it to that at ten times the input).
    package private(set) var work = 0

    /// `v1` and `variant` each in time order, as a banner run appends them: episodes follow one
    /// another, never overlap (one may start where the one before ended), so their ends grow
    /// with their starts. The pairing is `PillPairing`'s, which `whatif` runs as the log is read.
    package init(v1: [PillEpisode], variant: [PillEpisode]) {
        // A variant episode goes with the first v1 episode it overlaps (closed intervals: a pill
        // shown for no time at a v1 episode's edge is within it). That is the first v1 episode
        // that has not ended before it starts, if it began by its end; the episodes that ended
        // before this one starts ended before every later one starts too, so the walk through
        // v1 goes forward only: linear, not quadratic on a log of many flaps.
        var pairing = PillPairing()
        for episode in v1 { pairing.addV1(episode) }
        for episode in variant { pairing.addVariant(episode) }
        var episodes: [Episode] = [], added: [PillEpisode] = []
        pairing.settle(v1From: .infinity, variantFrom: .infinity, episode: { episodes.append($0) }, added: { added.append($0) })
        self.init(episodes: episodes, added: added, work: pairing.work)
    }

    /// Episodes already paired (by a `PillPairing` fed as the log was read).
    package init(episodes: [Episode], added: [PillEpisode], work: Int = 0) {
        self.episodes = episodes
        self.added = added
        self.work = work
    }

    /// The same pairing, however much work it took (a fleet's totals are put together, not paired).
    package static func == (a: PillComparison, b: PillComparison) -> Bool {
        a.episodes == b.episodes && a.added == b.added
    }

    package var v1Ms: Double { episodes.reduce(0) { $0 + $1.v1.duration } }
    package var variantMs: Double { episodes.reduce(0) { $0 + $1.variantMs } + added.reduce(0) { $0 + $1.duration } }
    package var removedMs: Double { v1Ms - variantMs }
    package var variantEpisodes: Int { episodes.reduce(0) { $0 + $1.variant.count } + added.count }

    package func count(_ change: Episode.Change) -> Int { episodes.filter { $0.change == change }.count }
    package var splits: Int { episodes.filter(\.split).count }

    /// Episodes made longer or added: what the contract says a variant must not do.
    package var worse: Int { count(.lengthened) + added.count }

    /// The numbers without the episodes, summed in the same order.
    package var totals: PillComparisonTotals {
        var totals = PillComparisonTotals()
        for episode in episodes { totals.add(episode) }
        for episode in added { totals.add(added: episode) }
        return totals
    }
}
