import Fleet
import OfflineBanner
import TurboRecording
import VariantAnalysis

/// One file of a `whatif` run over many recordings, read in a worker thread: what the totals
/// need of it, and its report, set aside (`TextSpool`) for the command to print in path order.
package typealias WhatIfFileReport = FleetFile<WhatIfReported>

/// What a `whatif` over many recordings keeps of one: its summary and its report, written.
/// Handed from the thread that made it to the one that prints it, never shared.
package enum WhatIfReported: FleetOutcome, @unchecked Sendable {
    case compared(WhatIfSummary, report: TextSpool)
    /// A native recording: it has no banner.
    case native
    /// Strict mode stopped at a malformed line, or the file could not be opened.
    case failed(RecordingError)

    package var failure: RecordingError? { if case .failed(let error) = self { error } else { nil } }
}

/// How `whatif` over many recordings reads one: to its end through v1 and the variant, as
/// `comparing` says, its report written as `stream` says (a fleet writes an unchanged
/// recording's too: it is printed when it is the only one compared).
package struct WhatIfReportReading: FleetReading {
    package var comparing: WhatIfReading
    package var stream: WhatIfStream

    package init(_ comparing: WhatIfReading, stream: WhatIfStream) {
        self.comparing = comparing
        self.stream = stream
    }

    package func read(_ log: FleetLog) throws -> WhatIfReported {
        guard case .web(let reader) = try log.open() else { return .native }
        let report = TextSpool()
        let summary = try stream.write(
            reader, settings: comparing.settings, variant: comparing.variant, blinkMs: comparing.blinkMs,
            to: WhatIfOutput(write: { report.append($0) }))
        return .compared(summary, report: report)
    }
}
