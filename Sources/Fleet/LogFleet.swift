import Replay
import TurboRecording

/// What a fleet command makes of one log (`stats`, `tune`, `whatif`, `archive --summary`): its
/// settings, and how a log is read under them into the command's own outcome. `LogFleet` does
/// the rest the same way for every command: the logs in order, `jobs` at a time, the skipped
/// lines kept, and whatever stops a read made the log's failure, so one broken log never stops
/// the others.
package protocol FleetReading: Sendable {
    associatedtype Outcome: FleetOutcome

    /// The log at `path` read to its end, in the calling thread; the lines a lenient read skips
    /// go to `onSkip`. What it throws becomes the log's failure.
    func read(_ path: String, onSkip: @escaping (RecordingError) -> Void) throws -> Outcome
}

extension FleetReading {
    /// The log at `path`, opened once, and its kind, read from its first record, which stays to
    /// be read: a FIFO or `<(…)` cannot be opened again.
    package func open(_ path: String) throws -> (lines: JSONLines, kind: RecordingKind) {
        let lines = try JSONLines(path: path)
        return (lines, try RecordingKind.of(lines: lines))
    }
}

/// Many logs read by one command: each log's `FleetFile`, in the order read, and the reading
/// that made them. A command adds its logs up as they come (`stream`), holding a few at a
/// time; a fleet held whole (`analyze`) is what the tests hold those sums to.
package struct LogFleet<Reading: FleetReading>: Sendable {
    package typealias File = FleetFile<Reading.Outcome>

    package var reading: Reading
    package var files: [File]

    package init(_ reading: Reading, files: [File]) {
        self.reading = reading
        self.files = files
    }

    /// One log, start to end, in the calling thread: its outcome, or its failure, and the first
    /// `File.maxWarnings` lines a lenient read skipped.
    package static func file(_ path: String, _ reading: Reading) -> File {
        var warnings: [RecordingError] = []
        let onSkip: (RecordingError) -> Void = { skipped in
            if warnings.count < File.maxWarnings { warnings.append(skipped) }
        }
        do {
            return File(path: path, outcome: try reading.read(path, onSkip: onSkip), warnings: warnings)
        } catch let error as RecordingError {
            return File(path: path, outcome: .failed(error), warnings: warnings)
        } catch {
            return File(path: path, outcome: .failed(RecordingError(.unreadable, path: path, line: nil, "\(error)")), warnings: warnings)
        }
    }

    /// Every log in `paths`, `jobs` at a time, held in the paths' order. A log given twice (two
    /// spellings, a link) is read once, as its first spelling, unless `distinct` says the paths
    /// are known to name distinct logs (a `RecordingFiles.list` listing, `FleetLogs.unique`).
    package static func analyze(_ paths: [String], reading: Reading, jobs: Int = 1, distinct: Bool = false) -> LogFleet {
        LogFleet(reading, files: inParallel(distinct ? paths : FleetLogs.unique(paths), jobs: jobs) { file($0, reading) })
    }

    /// Each log of `logs` read, `jobs` at a time, and handed to `each` on the calling thread in
    /// the listing's order, as soon as it and every log before it are done: no list of the logs
    /// is held, and a few logs' outcomes at a time.
    package static func stream(_ logs: PathListing, reading: Reading, jobs: Int = 1, each: (File) throws -> Void) throws {
        try inParallel(next: logs.next, jobs: jobs, { file($0, reading) }, consume: each)
    }

    /// `stream` over `paths` in their order, each log once.
    package static func stream(_ paths: [String], reading: Reading, jobs: Int = 1, each: (File) throws -> Void) throws {
        try inParallel(FleetLogs.unique(paths), jobs: jobs, { file($0, reading) }, consume: each)
    }

    /// The logs that could not be read, in the files' order.
    package var failures: [RecordingError] { files.failures() }
    /// How many failed that way: malformed (65), unreadable (66).
    package var malformed: Int { files.failures(.malformed) }
    package var unreadable: Int { files.failures(.unreadable) }

    /// How many logs came out as `outcome` (a kind of log the command skips: `.native`, `.web`).
    package func count(_ outcome: Reading.Outcome) -> Int where Reading.Outcome: Equatable { files.reduce(0) { $0 + ($1.outcome == outcome ? 1 : 0) } }

    /// What `value` takes out of each log's outcome, with the log's path, for the logs that have it.
    package func each<Value>(_ value: (Reading.Outcome) -> Value?) -> [(path: String, value: Value)] {
        files.compactMap { file in value(file.outcome).map { (file.path, $0) } }
    }
}

extension LogFleet: Equatable where Reading: Equatable, Reading.Outcome: Equatable {}
