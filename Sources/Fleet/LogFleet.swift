import Replay
import TurboRecording

/// What a fleet command makes of one log (`stats`, `tune`, `whatif`, `archive --summary`): its
/// settings, and how a log is read under them into the command's own outcome. `LogFleet` does
/// the rest the same way for every command: the logs in order, `jobs` at a time, the skipped
/// lines kept, and whatever stops a read made the log's failure, so one broken log never stops
/// the others.
package protocol FleetReading: Sendable {
    associatedtype Outcome: FleetOutcome

    /// `log` read to its end, in the calling thread. What it throws becomes the log's failure.
    func read(_ log: FleetLog) throws -> Outcome
}

/// One log as a fleet command reads it: where it is, whether a malformed line is skipped
/// (`lenient`, each handed to `onSkip`) or stops the read.
package struct FleetLog {
    package let path: String
    package let lenient: Bool
    package let onSkip: (RecordingError) -> Void

    /// A log opened as what it is, read as strictly as the fleet reads.
    package enum Opened {
        case web(RecordingReader)
        case native(NativeRecordingReader)
    }

    /// The log opened once, as what its first record says it is (that record stays to be read:
    /// a FIFO or `<(…)` cannot be opened again); a web recording's reader keeps what
    /// `keepObserved` and `keepDetails` say (`RecordingReader`).
    package func open(keepObserved: Bool = false, keepDetails: Bool = true) throws -> Opened {
        let lines = try JSONLines(path: path)
        if try RecordingKind.of(lines: lines) == .native {
            return .native(NativeRecordingReader(lines: lines, lenient: lenient, onSkip: onSkip))
        }
        return .web(RecordingReader(lines: lines, lenient: lenient, keepObserved: keepObserved, keepDetails: keepDetails, onSkip: onSkip))
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
    /// `File.maxWarnings` lines a `lenient` read skipped.
    package static func file(_ path: String, _ reading: Reading, lenient: Bool = false) -> File {
        var warnings: [RecordingError] = []
        let log = FleetLog(path: path, lenient: lenient) { skipped in
            if warnings.count < File.maxWarnings { warnings.append(skipped) }
        }
        do {
            return File(path: path, outcome: try reading.read(log), warnings: warnings)
        } catch let error as RecordingError {
            return File(path: path, outcome: .failed(error), warnings: warnings)
        } catch {
            return File(path: path, outcome: .failed(RecordingError(.unreadable, path: path, line: nil, "\(error)")), warnings: warnings)
        }
    }

    /// Every log in `paths`, `jobs` at a time, held in the paths' order. A log given twice (two
    /// spellings, a link) is read once, as its first spelling, unless `distinct` says the paths
    /// are known to name distinct logs (a `RecordingFiles.list` listing, `FleetLogs.unique`).
    package static func analyze(_ paths: [String], reading: Reading, lenient: Bool = false, jobs: Int = 1, distinct: Bool = false) -> LogFleet {
        LogFleet(reading, files: inParallel(distinct ? paths : FleetLogs.unique(paths), jobs: jobs) { file($0, reading, lenient: lenient) })
    }

    /// Each log of `logs` read, `jobs` at a time, and handed to `each` on the calling thread in
    /// the listing's order, as soon as it and every log before it are done: no list of the logs
    /// is held, and a few logs' outcomes at a time.
    package static func stream(
        _ logs: PathListing, reading: Reading, lenient: Bool = false, jobs: Int = 1, each: (File) throws -> Void
    ) throws {
        try inParallel(next: logs.next, jobs: jobs, { file($0, reading, lenient: lenient) }, consume: each)
    }

    /// `stream` over `paths` in their order, each log once.
    package static func stream(
        _ paths: [String], reading: Reading, lenient: Bool = false, jobs: Int = 1, each: (File) throws -> Void
    ) throws {
        try inParallel(FleetLogs.unique(paths), jobs: jobs, { file($0, reading, lenient: lenient) }, consume: each)
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
