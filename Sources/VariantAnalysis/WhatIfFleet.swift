import BannerFindings
import Fleet
import Foundation
import OfflineBanner
import Replay
import TurboRecording

/// One file of a `whatif` run: its comparison, or why there is none.
package typealias WhatIfFile = FleetFile<WhatIfOutcome>

package enum WhatIfOutcome: FleetOutcome, Equatable {
    case compared(WhatIfRecording)
    /// A native recording: it has no banner.
    case native
    /// Strict mode stopped at a malformed line, or the file could not be opened.
    case failed(RecordingError)

    package var failure: RecordingError? { if case .failed(let error) = self { error } else { nil } }
}

/// `whatif` over many recordings: each file compared on its own (`jobs` at a time), combined
/// in path order, so the report does not depend on which file finished first.
package typealias WhatIfFleet = LogFleet<WhatIfReading>

/// How `whatif` reads one web recording: through v1 and `variant` side by side.
package struct WhatIfReading: FleetReading, Equatable {
    package var settings: BannerSettings
    package var variant: BannerVariant
    package var blinkMs: Double

    package init(settings: BannerSettings = BannerSettings(), variant: BannerVariant, blinkMs: Double = Tune.defaultBlinkMs) {
        self.settings = settings
        self.variant = variant
        self.blinkMs = blinkMs
    }

    package func read(_ log: FleetLog) throws -> WhatIfOutcome {
        guard case .web(let reader) = try log.open() else { return .native }
        return .compared(try WhatIfRecording.analyze(reader, settings: settings, variant: variant, blinkMs: blinkMs))
    }
}

extension LogFleet where Reading == WhatIfReading {
    package var variant: BannerVariant { reading.variant }

    package var recordings: [WhatIfRecording] {
        files.compactMap { if case .compared(let recording) = $0.outcome { return recording } else { return nil } }
    }

    package var changed: [WhatIfRecording] { recordings.filter(\.changed) }
    package var natives: Int { count(.native) }

    /// Every comparison's episodes together.
    package var comparison: PillComparison {
        var total = PillComparison(v1: [], variant: [])
        for recording in recordings {
            total.episodes += recording.comparison.episodes
            total.added += recording.comparison.added
        }
        return total
    }

    /// Both sides of the trade-off over every recording, as v1 and under the variant.
    package var costs: (v1: TradeOffCosts, variant: TradeOffCosts) {
        recordings.reduce((TradeOffCosts(), TradeOffCosts())) { ($0.0 + $1.costs.v1, $0.1 + $1.costs.variant) }
    }

    /// The recordings where the variant changed most: most pill time removed, then most
    /// differences, then by path; only those it changed.
    package func changedMost(_ limit: Int) -> [WhatIfRecording] {
        Array(changed.sorted { WhatIfSummary.changedMore($0.summary, than: $1.summary) }.prefix(limit))
    }

    /// The totals the report prints, added up recording by recording as `whatif` adds them.
    package func totals(listing: Int = 10) -> WhatIfTotals {
        var totals = WhatIfTotals(variant: variant, listing: listing)
        for file in files {
            switch file.outcome {
            case .compared(let recording): totals.add(recording.summary)
            case .native: totals.addNative()
            case .failed: totals.addNotRead()
            }
        }
        return totals
    }

    /// The recordings where the variant lengthened or added an episode.
    package var worse: [WhatIfRecording] { recordings.filter { $0.comparison.worse > 0 } }
}
