import Foundation
import TurboRecording

/// The golden convention: a recording `NAME.jsonl` is checked against `NAME.expected.jsonl`
/// beside it (and, for the other timelines it has, `NAME.<timeline>.expected.jsonl`),
/// replayed with `NAME.config.json` when there is one.
public struct GoldenCase: Equatable, Sendable {
    public var recording: String

    public init(recording: String) { self.recording = recording }

    /// The first timeline's golden: `NAME.expected.jsonl`.
    public var golden: String { RecordingFiles.stem(recording) + ".expected.jsonl" }
    public var config: String { RecordingFiles.stem(recording) + ".config.json" }

    /// Every recording under `paths`, sorted (see `RecordingFiles.find`).
    public static func find(in paths: [String]) throws -> [GoldenCase] {
        try RecordingFiles.find(in: paths).map(GoldenCase.init)
    }
}

/// What checking one golden found.
public enum GoldenResult: Equatable, Sendable {
    case passed
    /// The timeline differs; `diff` is for a person to read.
    case mismatch(diff: String)
    case missingGolden
    /// The recording, its config or its golden could not be read, or breaks its format.
    case unreadable(RecordingError)
    /// `--update` could not write the golden (the old one is left as it was).
    case writeFailed(WriteError)
    /// `--update` wrote the golden: `created` when there was none (`diff` is then the timeline
    /// written, each record a `+ ` line), else `diff` says what changed.
    case written(created: Bool, diff: String)

    public var failed: Bool {
        switch self {
        case .passed, .written: return false
        case .mismatch, .missingGolden, .unreadable, .writeFailed: return true
        }
    }
}

/// One golden of a recording, checked.
public struct GoldenCheck: Equatable, Sendable {
    public var golden: String
    public var result: GoldenResult
    /// Under a variant, for a recording without a golden of the variant's own: that golden's
    /// name (the variant was held to v1's, `golden`, and had to change nothing).
    public var missingVariantGolden: String?

    public init(golden: String, result: GoldenResult, missingVariantGolden: String? = nil) {
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
    public func check(update: Bool = false, tolerance: Tolerance = .exact) -> [GoldenCheck] {
        let kind: RecordingKind
        let config = FileManager.default.fileExists(atPath: self.config) ? self.config : nil
        let resolved: Tolerance
        do {
            kind = try RecordingKind.of(path: recording)
            resolved = try resolvedTolerance(tolerance, config: config)
        } catch {
            return [GoldenCheck(golden: golden, result: .unreadable(recordingError(error, path: recording)))]
        }
        var checks: [GoldenCheck] = []
        for timeline in GoldenTimeline.all(for: kind) {
            let golden = timeline.golden(for: recording)
            let text: [UInt8]
            do {
                guard let replayed = try timeline.replay(recording, config) else { continue }
                text = replayed
            } catch {
                checks.append(GoldenCheck(golden: golden, result: .unreadable(recordingError(error, path: recording))))
                continue
            }
            if !timeline.alwaysRequired && text.isEmpty && !FileManager.default.fileExists(atPath: golden) { continue }
            checks.append(GoldenCheck(golden: golden, result: compare(text, with: golden, update: update, tolerance: resolved)))
        }
        return checks
    }

    /// The first timeline's result alone (a web recording has no other).
    public func checkFirst(update: Bool = false, tolerance: Tolerance = .exact) -> GoldenResult {
        check(update: update, tolerance: tolerance).first?.result ?? .passed
    }

    /// The tolerance this recording is checked with: its config's, else `option`.
    func resolvedTolerance(_ option: Tolerance, config: String?) throws -> Tolerance {
        Tolerance.resolved(option: option, config: try config.flatMap(ToleranceConfig.load(path:)))
    }

    func compare(_ text: [UInt8], with golden: String, update: Bool, tolerance: Tolerance = .exact) -> GoldenResult {
        if update { removeStaleTemporaries(of: golden) }
        let existing: [UInt8]
        switch readGolden(golden) {
        case .missing: return update ? write(text, to: golden, created: true, diff: addedLines(text)) : .missingGolden
        // Not overwritten even under --update: what could not be read could not be diffed.
        case .unreadable(let error): return .unreadable(error)
        case .contents(let bytes): existing = bytes
        }
        // The common case, decided without parsing: the golden is, byte for byte, what this
        // replay prints (identical text is identical JSON values).
        if existing.elementsEqual(text) { return .passed }
        let replayed = TimelineLines(text: text)
        let expected: [JSONLineValue]
        do {
            expected = try readJSONLineValues(path: golden)
        } catch {
            // A malformed golden is rewritten by --update, and a failure without it.
            if update { return write(text, to: golden, created: false, diff: "(the old golden was malformed: \(error))") }
            return .unreadable(recordingError(error, path: golden))
        }
        // Within the tolerance, --update leaves the golden alone: a re-capture that matches
        // must not churn the file it matched.
        if tolerance.matches(expected.map(\.value), replayed.values) { return .passed }
        let diff = timelineDiff(golden: golden, expected: expected, actual: replayed, tolerance: tolerance)
        return update ? write(text, to: golden, created: false, diff: diff) : .mismatch(diff: diff)
    }

    func write(_ text: [UInt8], to golden: String, created: Bool, diff: String) -> GoldenResult {
        do {
            try replaceAtomically(path: golden, contents: text)
        } catch let error as WriteError {
            return .writeFailed(error)
        } catch {
            return .writeFailed(WriteError(.io, destination: golden, reason: "\(error)"))
        }
        return .written(created: created, diff: diff)
    }

    /// Removes temporaries of `golden` left by runs that are no longer alive (killed while
    /// writing). A live process's temporary is left alone: it is about to be renamed.
    public func removeStaleTemporaries(of golden: String) {
        let directory = (golden as NSString).deletingLastPathComponent
        let prefix = (golden as NSString).lastPathComponent + temporaryMarker
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)) else { continue }
            if pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH) {
                unlink(directory.isEmpty ? name : directory + "/" + name)
            }
        }
    }

    /// The temporary a process with `pid` writes `golden` to.
    public func temporary(of golden: String, pid: Int32 = getpid()) -> String {
        temporaryPath(for: golden, pid: pid)
    }
}

/// A new golden's timeline as a diff from nothing: each record a `+ ` line.
func addedLines(_ text: [UInt8]) -> String {
    TimelineLines(text: text).lines.map { "+ " + $0 }.joined(separator: "\n")
}

enum GoldenFile {
    case missing
    case unreadable(RecordingError)
    case contents([UInt8])
}

/// The golden's bytes. Only a golden that is not there is missing: one that is there but
/// cannot be opened (mode 000) or is not a regular file is unreadable, and says why.
func readGolden(_ path: String) -> GoldenFile {
    // O_NONBLOCK: a FIFO in a golden's place must not hang the check.
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else {
        if errno == ENOENT { return .missing }
        return .unreadable(RecordingError(.unreadable, path: path, line: nil, "cannot open: \(String(cString: strerror(errno)))"))
    }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
        return .unreadable(RecordingError(.unreadable, path: path, line: nil, "not a regular file"))
    }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        guard n >= 0 else {
            return .unreadable(RecordingError(.unreadable, path: path, line: nil, "read failed: \(String(cString: strerror(errno)))"))
        }
        if n == 0 { return .contents(bytes) }
        bytes.append(contentsOf: buffer[0..<n])
    }
}

/// A replayed timeline, split in lines and parsed for comparison.
struct TimelineLines {
    var lines: [String]
    var values: [JSONValue]

    init(text: [UInt8]) {
        lines = text.split(separator: 0x0A, omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
        values = lines.map { JSONValue(parsing: $0) ?? .null }
    }
}

func recordingError(_ error: any Error, path: String) -> RecordingError {
    error as? RecordingError ?? RecordingError(.unreadable, path: path, line: nil, "\(error)")
}
