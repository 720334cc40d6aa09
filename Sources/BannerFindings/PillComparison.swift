import OfflineBanner

/// How a variant's pill episodes compare with v1's on the same log (banner-variants.md,
/// "Comparing"). A variant that only takes pills down earlier keeps each of its episodes
/// within one of v1's: each v1 episode is then unchanged, shortened (perhaps in pieces, when
/// the pill came back) or removed. An episode of the variant that reaches outside the v1
/// episode it overlaps was lengthened, and one that overlaps none was added: the contract
/// says neither should happen, and `whatif` says so loudly when one does.
package struct PillComparison: Equatable, Sendable {
    package struct Episode: Equatable, Sendable {
        package enum Change: String, Sendable {
            case unchanged, shortened, removed, lengthened
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

    package init(v1: [PillEpisode], variant: [PillEpisode]) {
        var within: [[PillEpisode]] = Array(repeating: [], count: v1.count)
        var added: [PillEpisode] = []
        for episode in variant {
            // Closed intervals: a pill shown for no time at a v1 episode's edge is within it.
            if let index = v1.firstIndex(where: { episode.start <= $0.end && episode.end >= $0.start }) {
                within[index].append(episode)
            } else {
                added.append(episode)
            }
        }
        episodes = zip(v1, within).map { original, after in
            let change: Episode.Change
            if after.isEmpty {
                change = .removed
            } else if after.contains(where: { $0.start < original.start || $0.end > original.end }) {
                change = .lengthened
            } else if after.count == 1, after[0].start == original.start, after[0].end == original.end {
                change = .unchanged
            } else {
                change = .shortened
            }
            return Episode(v1: original, variant: after, change: change)
        }
        self.added = added
    }

    package var v1Ms: Double { episodes.reduce(0) { $0 + $1.v1.duration } }
    package var variantMs: Double { episodes.reduce(0) { $0 + $1.variantMs } + added.reduce(0) { $0 + $1.duration } }
    package var removedMs: Double { v1Ms - variantMs }
    package var variantEpisodes: Int { episodes.reduce(0) { $0 + $1.variant.count } + added.count }

    package func count(_ change: Episode.Change) -> Int { episodes.filter { $0.change == change }.count }
    package var splits: Int { episodes.filter(\.split).count }

    /// Episodes made longer or added: what the contract says a variant must not do.
    package var worse: Int { count(.lengthened) + added.count }
}
