import BannerFindings
import OfflineBanner

/// `whatif`'s totals over many recordings, added up as each recording's summary comes (in
/// path order): counts and sums, the `listing` recordings the variant changed most, and the
/// paths of those it made worse. It keeps no recording's episodes or differences, so a fleet
/// costs what its totals cost, however long its logs.
package struct WhatIfTotals: Equatable, Sendable {
    package let variant: BannerVariant
    /// How many recordings `changedMost` holds.
    package let listing: Int
    /// Recordings compared (web, read to their end).
    package private(set) var recordings = 0
    /// Of them, those whose timelines differ somewhere.
    package private(set) var changed = 0
    /// Native recordings, passed over (they have no banner).
    package private(set) var natives = 0
    /// Recordings that could not be read.
    package private(set) var notRead = 0
    package private(set) var pill = PillComparisonTotals()
    package private(set) var costs = (v1: TradeOffCosts(), variant: TradeOffCosts())
    /// The changed recordings that changed most (`WhatIfSummary.changedMore`), at most `listing`.
    package private(set) var changedMost: [WhatIfSummary] = []
    /// The recordings where the variant lengthened or added an episode, in path order.
    package private(set) var worse: [String] = []

    package init(variant: BannerVariant, listing: Int = 10) {
        self.variant = variant
        self.listing = listing
    }

    /// A recording's summary, after every one added before it in path order.
    package mutating func add(_ recording: WhatIfSummary) {
        recordings += 1
        pill = pill + recording.pill
        costs = (costs.v1 + recording.costs.v1, costs.variant + recording.costs.variant)
        if recording.pill.worse > 0 { worse.append(recording.path) }
        guard recording.changed else { return }
        changed += 1
        // A bounded top-k: the same recordings, in the same order, as sorting them all would give.
        let index = changedMost.firstIndex { WhatIfSummary.changedMore(recording, than: $0) } ?? changedMost.endIndex
        guard index < listing else { return }
        changedMost.insert(recording, at: index)
        if changedMost.count > listing { changedMost.removeLast() }
    }

    /// A native recording, passed over.
    package mutating func addNative() { natives += 1 }

    /// A recording that could not be read.
    package mutating func addNotRead() { notRead += 1 }

    package static func == (a: WhatIfTotals, b: WhatIfTotals) -> Bool {
        a.variant == b.variant && a.listing == b.listing && a.recordings == b.recordings && a.changed == b.changed
            && a.natives == b.natives && a.notRead == b.notRead && a.pill == b.pill && a.costs == b.costs
            && a.changedMost == b.changedMost && a.worse == b.worse
    }
}
