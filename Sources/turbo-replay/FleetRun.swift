import Fleet
import TurboRecording

/// The steps every fleet command (`stats`, `tune`, `whatif`, `archive --summary`) takes around
/// its own analysis: find the logs, say when there are none, report what each log could not
/// give (skipped lines, then failures, in path order, so stderr is as stable as stdout), and
/// turn the failures into the exit status. One place, so the four cannot drift apart.
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

    static func report(warnings: [[RecordingError]], failures: [RecordingError], console: Console) {
        for file in warnings {
            for warning in file { console.skipped(warning) }
        }
        for failure in failures { console.failure(failure) }
    }

    /// A log that could not be read makes the report incomplete: 65 when one was malformed (the
    /// worse: its data is wrong), else 66 when one could not be opened.
    nonisolated static func status(_ failures: [RecordingError]) -> ExitCode {
        if failures.contains(where: { $0.kind == .malformed }) { return .dataError }
        if failures.contains(where: { $0.kind == .unreadable }) { return .noInput }
        return .ok
    }
}
