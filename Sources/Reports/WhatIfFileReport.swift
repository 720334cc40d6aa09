import Fleet
import OfflineBanner
import TurboRecording
import VariantAnalysis

/// One file of a `whatif` run over many recordings, read in a worker thread: what the totals
/// need of it, and its report, set aside (`TextSpool`) for the command to print in path order.
/// Handed from the thread that made it to the one that prints it, never shared.
package struct WhatIfFileReport: @unchecked Sendable {
    package enum Outcome: Equatable, Sendable {
        case compared(WhatIfSummary)
        /// A native recording: it has no banner.
        case native
        /// Strict mode stopped at a malformed line, or the file could not be opened.
        case failed(RecordingError)

        package var failure: RecordingError? { if case .failed(let error) = self { error } else { nil } }
    }

    package var path: String
    package var outcome: Outcome
    /// The malformed lines a lenient read skipped (the first `FleetFile.maxWarnings`).
    package var warnings: [RecordingError]
    /// What to print for it: empty unless compared.
    package var report: TextSpool

    /// Reads the recording at `path` to its end through v1 and the variant, its report written
    /// as `stream` says (a fleet writes an unchanged recording's too: it is printed when it is
    /// the only one compared).
    package static func read(
        _ path: String, settings: BannerSettings, variant: BannerVariant, lenient: Bool, stream: WhatIfStream,
        blinkMs: Double = Tune.defaultBlinkMs
    ) -> WhatIfFileReport {
        var warnings: [RecordingError] = []
        let report = TextSpool()
        do {
            // Opened once: the kind is read from the first record, which stays to be read (a
            // FIFO or `<(…)` cannot be opened again).
            let lines = try JSONLines(path: path)
            if try RecordingKind.of(lines: lines) == .native {
                return WhatIfFileReport(path: path, outcome: .native, warnings: [], report: report)
            }
            let reader = RecordingReader(lines: lines, lenient: lenient, keepObserved: false) { skipped in
                if warnings.count < WhatIfFile.maxWarnings { warnings.append(skipped) }
            }
            let summary = try stream.write(
                reader, settings: settings, variant: variant, blinkMs: blinkMs,
                to: WhatIfOutput(write: { report.append($0) }))
            return WhatIfFileReport(path: path, outcome: .compared(summary), warnings: warnings, report: report)
        } catch let error as RecordingError {
            return WhatIfFileReport(path: path, outcome: .failed(error), warnings: warnings, report: TextSpool())
        } catch {
            return WhatIfFileReport(
                path: path, outcome: .failed(RecordingError(.unreadable, path: path, line: nil, "\(error)")), warnings: warnings,
                report: TextSpool())
        }
    }
}
