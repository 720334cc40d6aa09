import TurboRecording

/// What reading one log of a fleet gave a command: its own result, or why there is none.
package protocol FleetOutcome: Sendable {
    /// The error that stopped the read (strict mode at a malformed line, a file that could not
    /// be opened); `nil` when the log was read.
    var failure: RecordingError? { get }

    /// A log whose read `error` stopped (every command's `case failed(RecordingError)`).
    static func failed(_ error: RecordingError) -> Self
}

/// One log of a fleet command (`stats`, `archive --summary`, `tune`, `whatif`): its path, what
/// reading it gave, and the malformed lines a lenient read skipped (at most `maxWarnings`).
/// One type for every command, so that the bookkeeping around it (failures, what exit status
/// they make) is written once.
package struct FleetFile<Result: FleetOutcome>: Sendable {
    /// `StatsFile.Outcome`, `TuneFile.Outcome`…: each command's own.
    package typealias Outcome = Result

    package var path: String
    package var outcome: Outcome
    package var warnings: [RecordingError]

    package init(path: String, outcome: Outcome, warnings: [RecordingError] = []) {
        self.path = path
        self.outcome = outcome
        self.warnings = warnings
    }

    /// The skipped lines a log keeps for the report: the first ones say what is wrong.
    package static var maxWarnings: Int { 20 }
}

extension FleetFile: Equatable where Result: Equatable {}

extension Array {
    /// The logs that could not be read, in path order.
    package func failures<Outcome>() -> [RecordingError] where Element == FleetFile<Outcome> {
        compactMap(\.outcome.failure)
    }

    /// How many logs failed that way: malformed (65) or unreadable (66).
    package func failures<Outcome>(_ kind: RecordingError.Kind) -> Int where Element == FleetFile<Outcome> {
        reduce(0) { $0 + ($1.outcome.failure?.kind == kind ? 1 : 0) }
    }
}
