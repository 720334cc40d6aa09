import BannerFindings
import Fleet
import OfflineBanner
import Replay
import TurboRecording

/// Where the two timelines of a what-if differ: what each banner decided on reading one
/// record (timers that fired before it included), or at the end of the log (`line` nil).
package struct WhatIfDifference: Equatable, Sendable {
    package var line: Int?
    /// The record's time; `nil` at the end of the log.
    package var t: Double?
    package var v1: [TimelineRecord]
    package var variant: [TimelineRecord]
}

/// One log replayed twice at once, record by record: as v1, and under a variant, with the
/// same copy and timings (banner-variants.md, "Comparing"). Each difference is handed to
/// `emit` as soon as both banners have decided, so a streamed log shows it as it happens.
///
/// The pill episodes are paired as both runs close them (`PillPairing`), and added up in
/// `pill`. Each decided episode is held until taken (`takeEpisodes`): a caller that takes them
/// after every record holds a few, whatever the length of the log; one that never does finds
/// them all in `comparison` at the end.
package struct WhatIf: Sendable {
    package let variant: BannerVariant
    package private(set) var v1: BannerRun
    package private(set) var withVariant: BannerRun
    package private(set) var differences = 0
    /// A pill shorter than this is a blink.
    package let blinkMs: Double
    /// Every decided episode, added up.
    package private(set) var pill = PillComparisonTotals()
    private var v1Output: [TimelineRecord] = []
    private var variantOutput: [TimelineRecord] = []
    private var pairing = PillPairing()
    /// Decided and not yet taken.
    private var decided: [PillComparison.Episode] = []
    private var added: [PillEpisode] = []

    /// `settings`' variants are set aside: the comparison is always with v1.
    package init(settings: BannerSettings, variant: BannerVariant, blinkMs: Double = Tune.defaultBlinkMs) {
        self.variant = variant
        self.blinkMs = blinkMs
        var base = settings
        base.variants = []
        // Each run counts its blinks as its episodes close: they are handed on, not kept.
        v1 = BannerRun(settings: base, blinkMs: blinkMs)
        base.variants = [variant]
        withVariant = BannerRun(settings: base, blinkMs: blinkMs)
    }

    package mutating func feed(_ record: Record, emit: (WhatIfDifference) throws -> Void) rethrows {
        v1Output.removeAll(keepingCapacity: true)
        variantOutput.removeAll(keepingCapacity: true)
        v1.feed(record, into: &v1Output)
        withVariant.feed(record, into: &variantOutput)
        pair(v1From: v1.nextEpisodeFrom, variantFrom: withVariant.nextEpisodeFrom)
        if v1Output != variantOutput {
            differences += 1
            try emit(WhatIfDifference(line: record.line, t: record.t, v1: v1Output, variant: variantOutput))
        }
    }

    package mutating func finish(emit: (WhatIfDifference) throws -> Void) rethrows {
        v1Output.removeAll(keepingCapacity: true)
        variantOutput.removeAll(keepingCapacity: true)
        v1.finish(into: &v1Output)
        withVariant.finish(into: &variantOutput)
        pair(v1From: .infinity, variantFrom: .infinity)
        if v1Output != variantOutput {
            differences += 1
            try emit(WhatIfDifference(line: nil, t: nil, v1: v1Output, variant: variantOutput))
        }
    }

    /// Moves the episodes both runs closed to the pairing, and what it decided to `decided`.
    private mutating func pair(v1From: Double, variantFrom: Double) {
        v1.takeEpisodes { pairing.addV1($0) }
        withVariant.takeEpisodes { pairing.addVariant($0) }
        pairing.settle(
            v1From: v1From, variantFrom: variantFrom,
            episode: { episode in
                pill.add(episode)
                decided.append(episode)
            },
            added: { episode in
                pill.add(added: episode)
                added.append(episode)
            })
    }

    /// Hands each decided v1 episode (with what the variant made of it) to `episode`, then each
    /// variant episode that overlaps none to `added`, each in order, and holds none of them after.
    package mutating func takeEpisodes(
        _ episode: (PillComparison.Episode) throws -> Void, added: (PillEpisode) throws -> Void
    ) rethrows {
        for each in decided { try episode(each) }
        for each in self.added { try added(each) }
        decided.removeAll(keepingCapacity: true)
        self.added.removeAll(keepingCapacity: true)
    }

    /// Episodes held: undecided, or decided and not taken (the growth tests count them).
    package var heldEpisodes: Int { pairing.held + decided.count + added.count }

    /// The pairing work so far (`PillComparison.work`).
    package var work: Int { pairing.work }

    /// The episodes decided and not taken; at the end of the log, when none were, the whole comparison.
    package var comparison: PillComparison {
        PillComparison(episodes: decided, added: added, work: pairing.work)
    }

    /// Both sides of the trade-off, as v1 and under the variant.
    package var costs: (v1: TradeOffCosts, variant: TradeOffCosts) {
        (TradeOffCosts(v1, blinkMs: blinkMs), TradeOffCosts(withVariant, blinkMs: blinkMs))
    }

    /// What a report needs of the recording at `path` once the log has ended.
    package func summary(path: String) -> WhatIfSummary {
        WhatIfSummary(
            path: path, variant: variant, differences: differences, pill: pill, toasts: (v1.toasts, withVariant.toasts),
            costs: costs)
    }
}

/// What `whatif` found in one recording.
package struct WhatIfRecording: Equatable, Sendable {
    package var path: String
    package var variant: BannerVariant
    package var differences: [WhatIfDifference]
    package var comparison: PillComparison
    package var toasts: (v1: Int, variant: Int)
    package var costs: (v1: TradeOffCosts, variant: TradeOffCosts)

    /// The two timelines differ somewhere.
    package var changed: Bool { !differences.isEmpty }

    package init(
        path: String, variant: BannerVariant, differences: [WhatIfDifference], comparison: PillComparison,
        toasts: (v1: Int, variant: Int), costs: (v1: TradeOffCosts, variant: TradeOffCosts) = (.init(), .init())
    ) {
        self.path = path
        self.variant = variant
        self.differences = differences
        self.comparison = comparison
        self.toasts = toasts
        self.costs = costs
    }

    package init(path: String, whatIf: WhatIf, differences: [WhatIfDifference]) {
        self.init(
            path: path, variant: whatIf.variant, differences: differences, comparison: whatIf.comparison,
            toasts: (whatIf.v1.toasts, whatIf.withVariant.toasts), costs: whatIf.costs)
    }

    /// Its numbers, without the differences and episodes.
    package var summary: WhatIfSummary {
        WhatIfSummary(
            path: path, variant: variant, differences: differences.count, pill: comparison.totals, toasts: toasts, costs: costs)
    }

    package static func == (a: WhatIfRecording, b: WhatIfRecording) -> Bool {
        a.path == b.path && a.variant == b.variant && a.differences == b.differences && a.comparison == b.comparison
            && a.toasts == b.toasts && a.costs == b.costs
    }

    /// Reads the recording at `reader` to its end through both banners.
    package static func analyze(
        _ reader: RecordingReader, settings: BannerSettings, variant: BannerVariant,
        blinkMs: Double = Tune.defaultBlinkMs
    ) throws -> WhatIfRecording {
        var whatIf = WhatIf(settings: settings, variant: variant, blinkMs: blinkMs)
        var differences: [WhatIfDifference] = []
        try Replay.analyze(reader, with: &whatIf) { differences.append($0) }
        return WhatIfRecording(path: reader.path, whatIf: whatIf, differences: differences)
    }
}
