import OfflineBanner
import Replay

/// The pill's episodes added up as they close: how many, their time in all and by raising
/// cause, whether the last was still up when the log ended, and their durations as a
/// `QuantileSketch` for `stats`. Never the episodes themselves (unless asked, for tests), so a
/// log's summary stays the same size however often the pill went up.
///
/// Every total is added in the order the episodes closed, from 0, as a list of the episodes
/// would be: the printed figures are the same to the bit.
package struct PillTotals: Equatable, Sendable {
    /// One raising cause's episodes and their time.
    package struct CauseTotal: Equatable, Sendable {
        package var cause: BannerCause
        package var episodes: Int
        package var ms: Double
    }

    package private(set) var count = 0
    /// The time the pill was up, over every episode.
    package private(set) var ms: Double = 0
    /// By raising cause, in the order each first raised the pill: a log's pills have a few
    /// causes, and a dictionary would hash each cause's name for every episode.
    package private(set) var byCause: [CauseTotal] = []
    /// The recording ended with the last episode still up.
    package private(set) var stillUpAtEnd = false
    package private(set) var durations = QuantileSketch()
    /// Every episode, in order, when made with `keepingEpisodes` (tests); else `nil`.
    package private(set) var episodes: [PillEpisode]?

    package init(keepingEpisodes: Bool = false) {
        episodes = keepingEpisodes ? [] : nil
    }

    /// `episodes` added up in order, keeping them.
    package init(_ episodes: some Sequence<PillEpisode>) {
        self.init(keepingEpisodes: true)
        for episode in episodes { add(episode) }
    }

    package var isEmpty: Bool { count == 0 }

    /// What `retained` counts: the values this summary holds, which stay flat as episodes grow
    /// (the causes and the sketch's buckets in use), plus any episodes it was asked to keep.
    package var retained: Int { byCause.count + durations.bins.count + (episodes?.count ?? 0) }

    package mutating func add(_ episode: PillEpisode) {
        count += 1
        ms += episode.duration
        if let index = byCause.firstIndex(where: { $0.cause == episode.cause }) {
            byCause[index].episodes += 1
            byCause[index].ms += episode.duration
        } else {
            // From 0, as each total always was: 0 + -0.0 is 0.0, which a partial prints.
            byCause.append(CauseTotal(cause: episode.cause, episodes: 1, ms: 0 + episode.duration))
        }
        stillUpAtEnd = episode.stillUp
        // A duration below 0 would need time to run backwards; the sketch holds durations.
        durations.add(episode.duration < 0 ? 0 : episode.duration)
        episodes?.append(episode)
    }

    /// The total of `cause`; `nil` when it raised no pill.
    package func total(of cause: BannerCause) -> CauseTotal? {
        byCause.first { $0.cause == cause }
    }
}
