import Fleet
import TurboRecording

/// The steps every fleet command (`stats`, `tune`, `whatif`, `archive --summary`) takes around
/// its own analysis: find the logs, say when there are none, report what each log could not
/// give as the log is added up (its skipped lines, then its failure, in the report's order, so
/// stderr is as stable as stdout), and turn the failures (kept bounded, as a merge keeps them)
/// into the exit status.
enum FleetRun {
    /// The logs under `paths`, or, with `fromStandardInput`, the paths listed on standard input,
    /// in the order of `key` (`FleetLogs.byKey` for the reports that add up in key order), held
    /// on disk: a fleet of a million logs is not a list in memory.
    static func logs(
        _ paths: [String], fromStandardInput: Bool, key: @escaping PathListing.Key = PathListing.byPath, console: Console
    ) throws -> PathListing {
        // A log listed twice (two spellings, a link) is read once, by real path, either way.
        let logs = fromStandardInput ? try FleetLogs.standardInputListing(key: key) : try console.recordings(under: paths, key: key)
        if logs.count == 0 {
            console.error("turbo-replay: warning: no recordings (*.jsonl) under \(paths.joined(separator: " "))")
        }
        return logs
    }

    /// One log's skipped lines, then its failure, on standard error, as the log is added up.
    static func report<Outcome>(_ file: FleetFile<Outcome>, console: Console) {
        for warning in file.warnings { console.skipped(warning) }
        if let failure = file.outcome.failure { console.failure(failure) }
    }

    /// `report`, with a progress line drawn in place cleared first when the log has a line to
    /// print, then the log counted as read.
    static func report<Outcome>(_ file: FleetFile<Outcome>, console: Console, progress: FleetProgress?) {
        if !file.warnings.isEmpty || file.outcome.failure != nil { progress?.clear() }
        report(file, console: console)
        progress?.read(file.path)
    }

    /// A log that could not be read makes the report incomplete: 66 when one could not be opened
    /// or read, else 65 when one was malformed. The highest status wins, as in every command
    /// (docs/cli.md, "Exit status"): a log that was never read is worse than one read and
    /// refused, and `check` says the same of a recording.
    static func status(_ failures: KeptFailures) -> ExitCode {
        status(malformed: failures.malformed, unreadable: failures.unreadable)
    }

    /// `status(_:)` from the counts of malformed and unreadable logs (and sessions).
    static func status(malformed: Int, unreadable: Int) -> ExitCode {
        unreadable > 0 ? .noInput : malformed > 0 ? .dataError : .ok
    }
}
