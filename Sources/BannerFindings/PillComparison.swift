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

    /// The v1 episodes looked at while pairing: it grows with the episodes, never with their
    /// square (a test holds it to that at ten times the input).
    package private(set) var work = 0

    /// `v1` and `variant` each in time order, as a banner run appends them: episodes follow one
    /// another, never overlap (one may start where the one before ended), so their ends grow
    /// with their starts.
    package init(v1: [PillEpisode], variant: [PillEpisode]) {
        var within: [[PillEpisode]] = Array(repeating: [], count: v1.count)
        var added: [PillEpisode] = []
        // A variant episode goes with the first v1 episode it overlaps (closed intervals: a pill
        // shown for no time at a v1 episode's edge is within it). That is the first v1 episode
        // that has not ended before it starts, if it began by its end; the episodes that ended
        // before this one starts ended before every later one starts too, so the walk through
        // v1 goes forward only: linear, where a search from the start each time was quadratic
        // on a log of many flaps.
        var index = 0
        for episode in variant {
            while index < v1.count, v1[index].end < episode.start {
                index += 1
                work += 1
            }
            work += 1
            if index < v1.count, episode.end >= v1[index].start {
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
}
