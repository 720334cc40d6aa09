import Foundation
import TurboRecording

/// The golden convention: a recording `NAME.jsonl` is checked against `NAME.expected.jsonl`
/// beside it (and, for the other timelines it has, `NAME.<timeline>.expected.jsonl`: the names
/// are `GoldenNames`'), replayed with `NAME.config.json` when there is one.
package struct GoldenCase: Equatable, Sendable {
    package var recording: String
    /// `check --max-open-views`: the bound on the native replays (nil: the default).
    package var maxOpenViews: Int?

    package init(recording: String) { self.recording = recording }

    package init(recording: String, maxOpenViews: Int?) {
        self.recording = recording
        self.maxOpenViews = maxOpenViews
    }

    /// The first timeline's golden: `NAME.expected.jsonl`.
    package var golden: String { GoldenNames.golden(of: recording) }
    package var config: String { GoldenNames.config(of: recording) }

    /// Every recording under `paths`, sorted (see `RecordingFiles.find`).
    package static func find(in paths: [String]) throws -> [GoldenCase] {
        try RecordingFiles.find(in: paths, goldenParts: reservedParts).map(GoldenCase.init)
    }
}

/// What checking one golden found.
package enum GoldenResult: Equatable, Sendable {
    case passed
    /// The timeline differs; `diff` is for a person to read.
    case mismatch(diff: String)
    case missingGolden
    /// A golden on disk of `policy`, a policy of the app's log that does not apply to the
    /// recording (the web-archive cache's beside an Android log): nothing is replayed to compare
    /// with it, and it should not be there.
    case doesNotApply(policy: String)
    /// The recording, its config or its golden could not be read, or breaks its format.
    case unreadable(RecordingError)
    /// `--update` could not write the golden (the old one is left as it was).
    case writeFailed(WriteError)
    /// The page's own banner (`seen`) disagreed with the replay and no `NAME.seen.expected.jsonl`
    /// says it may: `report` names the first difference, for a person to read.
    case drift(report: String)
    /// `--update` wrote the golden: `created` when there was none (`diff` is then the timeline
    /// written, each record a `+ ` line), else `diff` says what changed.
    case written(created: Bool, diff: String)

    package var failed: Bool {
        switch self {
        case .passed, .written: return false
        case .mismatch, .missingGolden, .doesNotApply, .unreadable, .writeFailed, .drift: return true
        }
    }
}

/// One golden of a recording, checked.
package struct GoldenCheck: Equatable, Sendable {
    package var golden: String
    package var result: GoldenResult
    /// Under a variant, for a recording without a golden of the variant's own: that golden's
    /// name (the variant was held to v1's, `golden`, and had to change nothing).
    package var missingVariantGolden: String?

    package init(golden: String, result: GoldenResult, missingVariantGolden: String? = nil) {
        self.golden = golden
        self.result = result
        self.missingVariantGolden = missingVariantGolden
    }
}

extension GoldenCase {
    /// Replays the recording and compares each of its timelines with its golden, record by
    /// record, as JSON values, its times within `tolerance` (or the config's `toleranceMs`,
    /// which wins: `Tolerance.resolved`). With `update`, writes a golden instead when it is
    /// missing or differs (beyond the tolerance). The first timeline's golden comes first; a
    /// recording that cannot be read gives that one failure.
    package func check(update: Bool = false, tolerance: Tolerance = .exact) -> [GoldenCheck] {
        let kind: RecordingKind
        let config: String?
        let resolved: Tolerance
        do {
            config = try Self.beside(self.config)
            kind = try RecordingKind.of(path: recording)
            resolved = try resolvedTolerance(tolerance, config: config)
        } catch {
            return [GoldenCheck(golden: golden, result: .unreadable(recordingError(error, path: recording)))]
        }
        var checks: [GoldenCheck] = []
        for timeline in GoldenTimeline.all(for: kind) {
            let golden = timeline.golden(for: recording)
            let source: TimelineSource = { [maxOpenViews] emit in try timeline.replay(recording, config, maxOpenViews, emit) }
            // A session golden with no session is the survey's stray already (`noSessionLog`).
            let named = timeline.policy.goldenBeside == .native ? timeline.policy.title : nil
            guard
                let result = compare(
                    source, with: golden, update: update, tolerance: resolved,
                    optional: !timeline.alwaysRequired, policy: named)
            else { continue }
            checks.append(GoldenCheck(golden: golden, result: result))
        }
        // The app, after the model: a recording that could not be read has said so once already.
        if kind == .web, !checks.contains(where: { if case .unreadable = $0.result { true } else { false } }),
            let seen = checkSeen()
        {
            checks.append(seen)
        }
        return checks
    }

    /// The first timeline's result alone (a web recording has no other).
    package func checkFirst(update: Bool = false, tolerance: Tolerance = .exact) -> GoldenResult {
        check(update: update, tolerance: tolerance).first?.result ?? .passed
    }

    /// The tolerance this recording is checked with: its config's, else `option`.
    func resolvedTolerance(_ option: Tolerance, config: String?) throws -> Tolerance {
        Tolerance.resolved(option: option, config: try config.flatMap(ToleranceConfig.load(path:)))
    }

    /// Replays `source` against `golden` as both stream (`TimelineComparison`); `nil` when the
    /// timeline does not apply, or is `optional`, empty and has no golden. A recording that
    /// cannot be read is that failure whatever the golden; with `update`, a golden that is
    /// missing, malformed or differs is written by replaying `source` again into it. Given the
    /// `policy` a golden is of, a golden on disk for a timeline that does not apply (the
    /// web-archive cache's beside an Android log) is a failure (`doesNotApply`), never left
    /// unread: `--update` does not delete it.
    func compare(
        _ source: TimelineSource, with golden: String, update: Bool, tolerance: Tolerance = .exact,
        optional: Bool = false, policy: String? = nil
    ) -> GoldenResult? {
        switch openGolden(golden) {
        case .unreadable(let error):
            // Not overwritten even under --update: what could not be read could not be diffed.
            do {
                guard try source({ _ in }) else { return nil }
            } catch {
                return .unreadable(recordingError(error, path: recording))
            }
            return .unreadable(error)
        case .missing:
            var added = AddedLines()
            do {
                guard try source({ added.add($0) }) else { return nil }
            } catch {
                return .unreadable(recordingError(error, path: recording))
            }
            if optional && added.count == 0 { return nil }
            return update ? write(source, to: golden, created: true, diff: added.text) : .missingGolden
        case .lines(let reader):
            let comparison = TimelineComparison(golden: golden, reader: reader, tolerance: tolerance)
            do {
                guard try source(comparison.replayed) else { return policy.map { .doesNotApply(policy: $0) } }
            } catch {
                return .unreadable(recordingError(error, path: recording))
            }
            comparison.finish()
            if let error = comparison.goldenError {
                // A malformed golden is rewritten by --update, and a failure without it.
                if update { return write(source, to: golden, created: false, diff: "(the old golden was malformed: \(error))") }
                return .unreadable(error)
            }
            // Within the tolerance, --update leaves the golden alone: a re-capture that matches
            // must not churn the file it matched.
            if comparison.passed { return .passed }
            let diff = comparison.diff
            return update ? write(source, to: golden, created: false, diff: diff) : .mismatch(diff: diff)
        }
    }

    /// Writes what `source` replays to `golden`, through a temporary, a record at a time.
    func write(_ source: TimelineSource, to golden: String, created: Bool, diff: String) -> GoldenResult {
        do {
            try replaceAtomically(path: golden) { write in
                try withoutActuallyEscaping(write) { write in
                    _ = try source { line in
                        try write(line)
                        try write(newline)
                    }
                }
            }
        } catch let error as WriteError {
            return .writeFailed(error)
        } catch {
            return .writeFailed(WriteError(.io, destination: golden, reason: "\(error)"))
        }
        return .written(created: created, diff: diff)
    }
}

private let newline: [UInt8] = [0x0A]

/// A new golden's timeline as a diff from nothing: each record a `+ ` line, the first
/// `TimelineComparison.keptInFull` of them, then how many more were written.
struct AddedLines {
    private(set) var count = 0
    private var rows: [String] = []

    mutating func add(_ line: [UInt8]) {
        count += 1
        if count <= TimelineComparison.keptInFull { rows.append("+ " + String(decoding: line, as: UTF8.self)) }
    }

    var text: String {
        let more = count - rows.count
        return (rows + (more > 0 ? ["… and \(more) more records (\(count) in all)"] : [])).joined(separator: "\n")
    }
}

enum GoldenFile {
    case missing
    case unreadable(RecordingError)
    case lines(JSONLines)
}

/// The golden, to be read a line at a time. Only a golden that is not there is missing: one
/// that is there but cannot be opened (mode 000) or is not a regular file is unreadable, and
/// says why.
func openGolden(_ path: String) -> GoldenFile {
    // O_NONBLOCK: a FIFO in a golden's place must not hang the check.
    let fd = withFileSystemPath(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
    guard fd >= 0 else {
        if errno == ENOENT { return .missing }
        return .unreadable(RecordingError(.unreadable, path: path, line: nil, "cannot open: \(String(cString: strerror(errno)))"))
    }
    var status = stat()
    let regular = fstat(fd, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    close(fd)
    guard regular else { return .unreadable(RecordingError(.unreadable, path: path, line: nil, "not a regular file")) }
    do {
        // A golden line quotes a record's strings, sometimes two of them (a served archive has
        // its URL and its key): `--update` can write one longer than a recording's line, and
        // what it writes, `check` reads.
        let lines = try JSONLines(path: path, maxLineBytes: goldenMaxLineBytes)
        lines.cutsAllowed = false  // a golden is written whole: a cut one is an error
        return .lines(lines)
    } catch {
        return .unreadable(recordingError(error, path: path))
    }
}

/// Replayed records, as lines and parsed for comparison; `offset` is the index of the first
/// one in the whole replay (a window of it has records before).
struct TimelineLines {
    var lines: [String]
    var values: [JSONValue]
    var offset: Int

    init(lines: [[UInt8]], offset: Int = 0) {
        self.lines = lines.map { String(decoding: $0, as: UTF8.self) }
        values = self.lines.map { JSONValue(parsing: $0) ?? .null }
        self.offset = offset
    }
}

func recordingError(_ error: any Error, path: String) -> RecordingError {
    error as? RecordingError ?? RecordingError(.unreadable, path: path, line: nil, "\(error)")
}

/// A golden line's limit: a few times a recording line's, since one golden line can quote
/// several strings of one record line (each under `JSONLines.defaultMaxLineBytes`).
let goldenMaxLineBytes = 8 * JSONLines.defaultMaxLineBytes
