import CJSONC
import Foundation
import OfflineBanner

/// The golden convention: a recording `NAME.jsonl` is checked against `NAME.expected.jsonl`
/// beside it, replayed with `NAME.config.json` when there is one.
public struct GoldenCase: Equatable, Sendable {
    public var recording: String

    public init(recording: String) { self.recording = recording }

    public var golden: String { Self.stem(recording) + ".expected.jsonl" }
    public var config: String { Self.stem(recording) + ".config.json" }

    static func stem(_ path: String) -> String { String(path.dropLast(".jsonl".count)) }

    public static func isGolden(_ path: String) -> Bool { path.hasSuffix(".expected.jsonl") }
    public static func isRecording(_ path: String) -> Bool { path.hasSuffix(".jsonl") && !isGolden(path) }

    /// Every recording under `paths`, sorted: directories are searched recursively (hidden
    /// ones skipped); a golden named directly stands for its recording.
    public static func find(in paths: [String]) throws -> [GoldenCase] {
        var found: Set<String> = []
        let files = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard files.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw RecordingError(.unreadable, path: path, line: nil, "no such file or directory")
            }
            if !isDirectory.boolValue {
                if isGolden(path) {
                    found.insert(String(path.dropLast(".expected.jsonl".count)) + ".jsonl")
                } else {
                    found.insert(path)
                }
                continue
            }
            try walk(path.hasSuffix("/") ? String(path.dropLast()) : path) { file in
                if isRecording(file) { found.insert(file) }
            }
        }
        return found.sorted().map(GoldenCase.init)
    }

    /// Calls `body` with every file under `directory`, recursively, skipping hidden names
    /// (and not following symbolic links to directories). With opendir/readdir: this walk is
    /// the serial part of `check --jobs`, and FileManager's enumerator cost ~85k instructions
    /// a file.
    private static func walk(_ directory: String, _ body: (String) -> Void) throws {
        guard let stream = opendir(directory) else {
            throw RecordingError(.unreadable, path: directory, line: nil, "cannot list the directory")
        }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name.hasPrefix(".") { continue }
            let path = directory + "/" + name
            var isDirectory = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                var status = stat()
                isDirectory = lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
            }
            if isDirectory {
                try? walk(path, body)
            } else {
                body(path)
            }
        }
    }

    /// The recording's canonical timeline, one JSON text per record.
    public func actualTimeline() throws -> [String] {
        GoldenCase.lines(try actualText())
    }

    /// The recording's canonical timeline as the golden file would hold it: the banner's for a
    /// web recording, the decision timeline for a native one (its config then has the native keys).
    public func actualText() throws -> [UInt8] {
        if try isNativeRecording(path: recording) {
            let native = FileManager.default.fileExists(atPath: config) ? try NativeConfig.load(path: config) : NativeConfig()
            return Array(try nativeTimeline(path: recording, config: native).map { timelineJSON($0) + "\n" }.joined().utf8)
        }
        var settings = BannerSettings()
        if FileManager.default.fileExists(atPath: config) {
            settings = try BannerConfig.load(path: config).settings()
        }
        var text: [UInt8] = []
        try replay(RecordingReader(path: recording, keepObserved: false), settings: settings) { record in
            appendTimelineJSON(record, to: &text)
            text.append(0x0A)
        }
        return text
    }

    static func lines(_ text: [UInt8]) -> [String] {
        text.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
    }

    /// The golden's records, re-printed by json-c, with their values for comparison.
    public func expectedTimeline() throws -> [(text: String, value: JSONValue)] {
        let lines = try JSONLines(path: golden)
        var records: [(String, JSONValue)] = []
        while let record = try lines.next({ object, _ in
            (String(cString: json_object_to_json_string_ext(object, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)),
             JSONValue(object))
        }) {
            records.append(record)
        }
        return records
    }
}

/// What checking one recording found.
public enum GoldenResult: Equatable, Sendable {
    case passed
    /// The timeline differs; `diff` is for a person to read.
    case mismatch(diff: String)
    case missingGolden
    /// The recording, its config or its golden could not be read.
    case unreadable(RecordingError)
    /// `--update` wrote the golden (`created` when there was none).
    case written(created: Bool)

    public var failed: Bool {
        switch self {
        case .passed, .written: return false
        case .mismatch, .missingGolden, .unreadable: return true
        }
    }
}

extension GoldenCase {
    /// Replays the recording and compares it with its golden, record by record, as JSON values.
    /// With `update`, writes the golden instead when it is missing or differs.
    public func check(update: Bool = false) -> GoldenResult {
        if update { removeStaleTemporaries() }
        let text: [UInt8]
        do {
            text = try actualText()
        } catch let error as RecordingError {
            return .unreadable(error)
        } catch {
            return .unreadable(RecordingError(.unreadable, path: recording, line: nil, "\(error)"))
        }
        guard FileManager.default.fileExists(atPath: golden) else {
            return update ? write(text, created: true) : .missingGolden
        }
        // The common case, decided without parsing: the golden is, byte for byte, what this
        // replay prints (identical text is identical JSON values).
        if let existing = FileManager.default.contents(atPath: golden), existing.count == text.count,
           text.isEmpty || existing.withUnsafeBytes({ golden in text.withUnsafeBytes { memcmp(golden.baseAddress!, $0.baseAddress!, text.count) == 0 } }) {
            return .passed
        }
        let actual = GoldenCase.lines(text)
        let expected: [(text: String, value: JSONValue)]
        do {
            expected = try expectedTimeline()
        } catch let error as RecordingError {
            return update ? write(text, created: false) : .unreadable(error)
        } catch {
            return .unreadable(RecordingError(.unreadable, path: golden, line: nil, "\(error)"))
        }
        let actualValues = actual.map { JSONValue(parsing: $0) ?? .null }
        if expected.map(\.value) == actualValues { return .passed }
        if update { return write(text, created: false) }
        return .mismatch(diff: timelineDiff(expected: expected.map(\.text), expectedValues: expected.map(\.value),
                                            actual: actual, actualValues: actualValues))
    }

    /// Writes beside the golden, flushes it to disk, then renames it over the golden: an
    /// interrupted run (a kill, a crash, a full disk, a power cut) leaves the old golden or
    /// the new one, never half of one. A temporary that a killed run left behind is removed by
    /// the next `--update` (`removeStaleTemporaries`).
    private func write(_ text: [UInt8], created: Bool) -> GoldenResult {
        do {
            try replaceAtomically(path: golden, contents: text)
        } catch let error as RecordingError {
            return .unreadable(error)
        } catch {
            return .unreadable(RecordingError(.unreadable, path: golden, line: nil, "\(error)"))
        }
        return .written(created: created)
    }

    /// The temporary a process with `pid` writes the golden to.
    public func temporary(pid: Int32 = getpid()) -> String { golden + GoldenCase.temporaryMarker + String(pid) }

    static let temporaryMarker = ".tmp-"

    /// Removes temporaries of this golden left by runs that are no longer alive (killed while
    /// writing). A live process's temporary is left alone: it is about to be renamed.
    public func removeStaleTemporaries() {
        let directory = (golden as NSString).deletingLastPathComponent
        let prefix = (golden as NSString).lastPathComponent + GoldenCase.temporaryMarker
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)) else { continue }
            if pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH) {
                unlink(directory.isEmpty ? name : directory + "/" + name)
            }
        }
    }
}

/// Writes `contents` to `path` through a temporary beside it (`NAME.tmp-PID`), fsynced and
/// renamed over `path`, so that `path` is at every moment either the old file or the whole
/// new one. On failure the temporary is removed and `path` is untouched.
public func replaceAtomically(path: String, contents: [UInt8]) throws {
    let temporary = path + GoldenCase.temporaryMarker + String(getpid())
    func failure(_ what: String, _ code: Int32 = errno) -> RecordingError {
        let reason = String(cString: strerror(code))
        unlink(temporary)
        return RecordingError(.unreadable, path: path, line: nil, "\(what): \(reason)")
    }
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw failure("cannot write") }
    var written = 0
    while written < contents.count {
        let n = contents.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, contents.count - written) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else {
            let code = n == 0 ? ENOSPC : errno
            close(fd)
            throw failure("cannot write", code)
        }
        written += n
    }
    guard fsync(fd) == 0 else {
        let code = errno
        close(fd)
        throw failure("cannot write", code)
    }
    guard close(fd) == 0 else { throw failure("cannot write") }
    guard rename(temporary, path) == 0 else { throw failure("cannot replace") }
}
