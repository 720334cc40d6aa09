import Fleet
import TurboRecording

/// The steps every fleet command (`stats`, `tune`, `whatif`, `archive --summary`) takes around
/// its own analysis: find the logs, say when there are none, report what each log could not
/// give as the log is added up (its skipped lines, then its failure, in the report's order, so
/// stderr is as stable as stdout), and turn the failures into the exit status. `stats`, `tune`
/// and `archive --summary` keep their failures in their totals, as a merge does; `whatif` keeps
/// the two flags of `Failures`.
@MainActor
enum FleetRun {
    /// The logs under `paths`, or, with `fromStandardInput`, the paths listed on standard input.
    static func logs(_ paths: [String], fromStandardInput: Bool, console: Console) throws -> [String] {
        // A log listed twice (two spellings, a link) is read once, by real path, either way.
        let logs = fromStandardInput ? FleetLogs.unique(try FleetLogs.pathsFromStandardInput()) : try console.recordings(under: paths)
        if logs.isEmpty {
            console.error("turbo-replay: warning: no recordings (*.jsonl) under \(paths.joined(separator: " "))")
        }
        return logs
    }

    /// What the logs of a run could not give, for its status.
    struct Failures {
        private(set) var malformed = false
        private(set) var unreadable = false

        mutating func add(_ failure: RecordingError) {
            if failure.kind == .malformed { malformed = true } else { unreadable = true }
        }

        /// A log that could not be read makes the report incomplete: 65 when one was malformed
        /// (the worse: its data is wrong), else 66 when one could not be opened.
        var status: ExitCode { malformed ? .dataError : unreadable ? .noInput : .ok }
    }

    /// One log's skipped lines, then its failure, on standard error, as the log is added up.
    static func report(_ warnings: [RecordingError], _ failure: RecordingError?, into failures: inout Failures, console: Console) {
        for warning in warnings { console.skipped(warning) }
        if let failure {
            console.failure(failure)
            failures.add(failure)
        }
    }
}
