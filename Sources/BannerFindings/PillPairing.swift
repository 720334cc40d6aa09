import OfflineBanner

/// `PillComparison`'s pairing, done as the two banner runs close their episodes: a v1 episode
/// is handed on (with what the variant made of it) as soon as no episode the variant can still
/// close could be paired with it, and a variant episode as soon as the v1 episode it goes with
/// is known. What is held is the episodes still undecided, so a log of a million flaps keeps a
/// few, where the whole comparison kept every episode of both runs.
///
/// The pairing is the one `PillComparison` describes: a variant episode goes with the first v1
/// episode that has not ended before it starts, if that one began by its end; else it was added.
/// The walk goes forward only, so the work grows with the episodes (`work`).
package struct PillPairing: Sendable {
    /// v1's closed episodes not yet handed on, from `v1Head`, each with its variant episodes so far.
    private var v1: [PillComparison.Episode] = []
    private var v1Head = 0
    /// The variant's closed episodes not yet paired, from `variantHead`.
    private var variant: [PillEpisode] = []
    private var variantHead = 0

    /// Episodes looked at while pairing: one per variant episode placed and per v1 episode
    /// handed on (a test holds it to linear at ten times the input).
    package private(set) var work = 0

    package init() {}

    /// Episodes held, undecided: what the growth tests count.
    package var held: Int { (v1.count - v1Head) + (variant.count - variantHead) }

    /// v1 closed `episode` (after every one added before it).
    package mutating func addV1(_ episode: PillEpisode) {
        v1.append(PillComparison.Episode(v1: episode, variant: [], change: .removed))
    }

    /// The variant closed `episode` (after every one added before it).
    package mutating func addVariant(_ episode: PillEpisode) {
        variant.append(episode)
    }

    /// Decides what can be decided, given that no episode either run closes from now on starts
    /// before `v1From` (v1) or `variantFrom` (the variant): each v1 episode handed on to
    /// `episode`, in order, with its change; each variant episode that overlaps no v1 episode
    /// to `added`, in order. At the end of the log both are `.infinity`, and everything is decided.
    package mutating func settle(
        v1From: Double, variantFrom: Double, episode: (PillComparison.Episode) throws -> Void,
        added: (PillEpisode) throws -> Void
    ) rethrows {
        while true {
            // A v1 episode that ended before every variant episode still to come starts is final.
            if v1Head < v1.count {
                let next = variantHead < variant.count ? variant[variantHead].start : variantFrom
                if next > v1[v1Head].v1.end {
                    var done = v1[v1Head]
                    done.change = PillComparison.Episode.change(of: done.v1, into: done.variant)
                    v1Head += 1
                    work += 1
                    try episode(done)
                    continue
                }
            }
            guard variantHead < variant.count else { break }
            let candidate = variant[variantHead]
            if v1Head < v1.count {
                // The first v1 episode held has not ended before the candidate starts (those
                // that had are handed on above): it is the one the candidate goes with, if any.
                work += 1
                variantHead += 1
                if candidate.end >= v1[v1Head].v1.start {
                    v1[v1Head].variant.append(candidate)
                } else {
                    try added(candidate)
                }
            } else if v1From > candidate.end {
                // Every v1 episode to come starts after it ends.
                work += 1
                variantHead += 1
                try added(candidate)
            } else {
                break  // v1's next episode may still overlap it
            }
        }
        compact()
    }

    /// Drops what was handed on, once it is most of the storage: amortised, never a copy per episode.
    private mutating func compact() {
        if v1Head > 64, v1Head * 2 > v1.count {
            v1.removeFirst(v1Head)
            v1Head = 0
        }
        if variantHead > 64, variantHead * 2 > variant.count {
            variant.removeFirst(variantHead)
            variantHead = 0
        }
    }
}
