import BannerFindings
import OfflineBanner

/// What `whatif` keeps of one recording once it is read: counts and sums, never its
/// differences or episodes (those are printed as they are decided). A fleet's totals and its
/// "changed most" list are made of these.
package struct WhatIfSummary: Equatable, Sendable {
    package var path: String
    package var variant: BannerVariant
    package var differences: Int
    package var pill: PillComparisonTotals
    package var toasts: (v1: Int, variant: Int)
    package var costs: (v1: TradeOffCosts, variant: TradeOffCosts)

    package init(
        path: String, variant: BannerVariant, differences: Int, pill: PillComparisonTotals, toasts: (v1: Int, variant: Int),
        costs: (v1: TradeOffCosts, variant: TradeOffCosts)
    ) {
        self.path = path
        self.variant = variant
        self.differences = differences
        self.pill = pill
        self.toasts = toasts
        self.costs = costs
    }

    /// The two timelines differ somewhere.
    package var changed: Bool { differences > 0 }

    package static func == (a: WhatIfSummary, b: WhatIfSummary) -> Bool {
        a.path == b.path && a.variant == b.variant && a.differences == b.differences && a.pill == b.pill
            && a.toasts == b.toasts && a.costs == b.costs
    }

    /// `changedMost`'s order: most pill time removed, then most differences, then by path.
    package static func changedMore(_ a: WhatIfSummary, than b: WhatIfSummary) -> Bool {
        let (x, y) = (a.pill.removedMs, b.pill.removedMs)
        if x != y { return x > y }
        if a.differences != b.differences { return a.differences > b.differences }
        return a.path < b.path
    }
}
