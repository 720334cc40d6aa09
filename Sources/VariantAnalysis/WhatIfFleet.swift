import BannerFindings
import Fleet
import Foundation
import OfflineBanner
import Replay
import TurboRecording

/// One file of a `whatif` run: its comparison, or why there is none.
package typealias WhatIfFile = FleetFile<WhatIfOutcome>

package enum WhatIfOutcome: FleetOutcome {
    case compared(WhatIfRecording)
    /// A native recording: it has no banner.
    case native
    /// Strict mode stopped at a malformed line, or the file could not be opened.
    case failed(RecordingError)

    package var failure: RecordingError? { if case .failed(let error) = self { error } else { nil } }
}

/// `whatif` over many recordings: each file compared on its own (`jobs` at a time), combined
/// in path order, so the report does not depend on which file finished first.
package struct WhatIfFleet: Equatable, Sendable {
    package var variant: BannerVariant
    package var files: [WhatIfFile]

    package init(variant: BannerVariant, files: [WhatIfFile]) {
        self.variant = variant
        self.files = files
    }

    package static func analyze(
        _ paths: [String], settings: BannerSettings, variant: BannerVariant, lenient: Bool = false,
        blinkMs: Double = Tune.defaultBlinkMs, jobs: Int = 1
    ) -> WhatIfFleet {
        WhatIfFleet(
            variant: variant,
            files: inParallel(paths, jobs: jobs) {
                analyzeFile($0, settings: settings, variant: variant, lenient: lenient, blinkMs: blinkMs)
            })
    }

    /// One file, start to end, in the calling thread.
    package static func analyzeFile(
        _ path: String, settings: BannerSettings, variant: BannerVariant, lenient: Bool,
        blinkMs: Double = Tune.defaultBlinkMs
    ) -> WhatIfFile {
        var warnings: [RecordingError] = []
        do {
            // Opened once: the kind is read from the first record, which stays to be read (a
            // FIFO or `<(…)` cannot be opened again).
            let lines = try JSONLines(path: path)
            if try RecordingKind.of(lines: lines) == .native { return WhatIfFile(path: path, outcome: .native, warnings: []) }
            let reader = RecordingReader(lines: lines, lenient: lenient, keepObserved: false) { skipped in
                if warnings.count < StatsFile.maxWarnings { warnings.append(skipped) }
            }
            let recording = try WhatIfRecording.analyze(reader, settings: settings, variant: variant, blinkMs: blinkMs)
            return WhatIfFile(path: path, outcome: .compared(recording), warnings: warnings)
        } catch let error as RecordingError {
            return WhatIfFile(path: path, outcome: .failed(error), warnings: warnings)
        } catch {
            return WhatIfFile(
                path: path, outcome: .failed(RecordingError(.unreadable, path: path, line: nil, "\(error)")),
                warnings: warnings)
        }
    }

    package var recordings: [WhatIfRecording] {
        files.compactMap { if case .compared(let recording) = $0.outcome { return recording } else { return nil } }
    }

    package var changed: [WhatIfRecording] { recordings.filter(\.changed) }
    package var natives: Int { files.filter { $0.outcome == .native }.count }

    package var failures: [RecordingError] { files.failures() }

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
