#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where recordings are on disk: `NAME.jsonl`, with its goldens `NAME.expected.jsonl` (and
/// `NAME.<timeline>.expected.jsonl`) and its settings `NAME.config.json` beside it.
public enum RecordingFiles {
    public static func isGolden(_ path: String) -> Bool { path.hasSuffix(".expected.jsonl") }
    public static func isRecording(_ path: String) -> Bool { path.hasSuffix(".jsonl") && !isGolden(path) }
    /// `NAME.config.json` (and `NAME.native.config.json`, `NAME.session.config.json`).
    public static func isConfig(_ path: String) -> Bool { path.hasSuffix(".config.json") }

    /// A regular file (links followed): one that can be opened and read to its end without
    /// waiting on a writer, as a FIFO would make its reader wait.
    public static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return withFileSystemPath(path) { stat($0, &status) } == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether something is at `path` (links followed), as `access(F_OK)` says.
    public static func exists(_ path: String) -> Bool { withFileSystemPath(path) { access($0, F_OK) } == 0 }

    /// A session's native log beside its web recording (app-session.md): `NAME.jsonl` is the
    /// page's recording and `NAME.native.jsonl` the app's log of the same run.
    public static func sessionNative(ofWeb web: String) -> String { stem(web) + ".native.jsonl" }

    /// The web recording a session's native log `NAME.native.jsonl` belongs with, `NAME.jsonl`;
    /// `nil` when the name does not end so.
    public static func sessionWeb(ofNative native: String) -> String? {
        native.hasSuffix(".native.jsonl") ? String(native.dropLast(".native.jsonl".count)) + ".jsonl" : nil
    }

    /// The path without `.jsonl` (`GoldenNames.stem`).
    public static func stem(_ path: String) -> String { GoldenNames.stem(path) }

    /// Every recording under `paths`, sorted and without repeats (see `list`); what `list`
    /// skipped is left out.
    public static func find(in paths: [String], goldenParts: [String] = []) throws -> [String] {
        try list(in: paths, goldenParts: goldenParts).recordings
    }

    /// Every recording under `paths`, sorted, each log once however it was reached: directories
    /// are searched recursively (hidden names skipped, symbolic links to directories not
    /// followed); a file is taken as it is, except that a golden stands for its recording. Two
    /// paths to the same file (`a` and `./a`, `a//`, a symbolic link) are one log, listed under
    /// the first spelling met (in the order of `paths`, then of names). In a directory, a
    /// recording's name that is not a regular file (a FIFO, a link to a device: reading it could
    /// wait forever) is skipped and said why. `goldenParts`: the kinds of golden, which the
    /// registry names above this module (`GoldenCase.reservedParts`); the commands give them, so
    /// that a golden stands for the recording the naming rule gives (`recording(ofGolden:parts:)`).
    public static func list(in paths: [String], goldenParts: [String] = []) throws -> RecordingListing {
        let (listing, skipped) = try stream(in: paths, goldenParts: goldenParts)
        return RecordingListing(recordings: try listing.all(), skipped: skipped)
    }

    /// The recordings `list` finds, handed back one at a time in the order of `key` (by default
    /// the paths' bytes), in bounded memory however many there are: a fleet of a million logs,
    /// or a directory of them, is listed on disk (`PathListing`), not in memory.
    package static func stream(
        in paths: [String], key: @escaping PathListing.Key = PathListing.byPath, budget: Int = SortedSpool.defaultBudget,
        goldenParts: [String] = []
    ) throws -> (listing: PathListing, skipped: [SkippedFile]) {
        var builder = PathListing.Builder(key: key, budget: budget)
        var skipped: [SkippedFile] = []
        for (rank, path) in paths.enumerated() {
            var status = stat()
            guard withFileSystemPath(path, { stat($0, &status) }) == 0 else { throw unreadable(path, errno) }
            if (status.st_mode & S_IFMT) != S_IFDIR {
                let file = isGolden(path) ? recording(ofGolden: path, parts: goldenParts) : path
                let (identity, exact) = givenIdentity(of: file)
                try builder.add(file, identity: identity, exact: exact, rank: rank)
                continue
            }
            var directory = path
            while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
            if CollectorFolder.isLog(directory) {
                // A collector's folder is one log, read whole (`CollectorFolder`), not its parts.
                let (identity, exact) = givenIdentity(of: directory)
                try builder.add(directory, identity: identity, exact: exact, rank: rank)
                continue
            }
            try walk(directory, identity: identity(of: directory), collectorLogs: true, into: &skipped) { file, known in
                // A walk's file is known by its directory's real path and its name, with no
                // realpath; a link's is asked for.
                let (identity, exact) = known.map { ($0, $0.utf8.count < Int(PATH_MAX)) } ?? givenIdentity(of: file)
                try builder.add(file, identity: identity, exact: exact, rank: rank)
            }
        }
        return (try builder.listing(), skipped.sorted { $0.path < $1.path })
    }

    /// What a path named (or a link found) is known by: its real path (`exact`), else when
    /// realpath cannot give one (a real path past PATH_MAX) its directory's real path and its
    /// name, as a walk knows it, so that the file named and the file walked to are one log;
    /// else its spelling, for opening it to say why.
    static func givenIdentity(of path: String) -> (identity: String, exact: Bool) {
        if let real = identity(of: path) { return (real, true) }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, name != ".", name != "..", let real = identity(of: directory) else { return (path, false) }
        return (inside(real, name), false)
    }

    /// The file a path names, whatever the spelling: its canonical absolute path (symbolic
    /// links resolved, `.`, `..` and repeated slashes gone), or `nil` when it does not resolve.
    public static func identity(of path: String) -> String? {
        guard let resolved = withFileSystemPath(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return PathBytes.name(cString: resolved)
    }

    /// Every file under `paths`, sorted and without repeats, walked as `find` walks them; a
    /// file named in `paths` is in `given`. For `check`, which must also see the goldens that
    /// belong to no recording and the names that almost spell a golden's.
    public static func files(in paths: [String]) throws -> (all: [String], given: Set<String>, skipped: [SkippedFile]) {
        let (listing, given, skipped) = try streamFiles(in: paths)
        return (try listing.all(), given, skipped)
    }

    /// The files `files` finds, handed back one at a time in the order of their paths' bytes,
    /// in bounded memory however many there are (`PathListing`).
    package static func streamFiles(
        in paths: [String], budget: Int = SortedSpool.defaultBudget
    ) throws -> (listing: PathListing, given: Set<String>, skipped: [SkippedFile]) {
        var builder = PathListing.Builder(budget: budget)
        var given: Set<String> = []
        var skipped: [SkippedFile] = []
        for path in paths {
            var status = stat()
            guard withFileSystemPath(path, { stat($0, &status) }) == 0 else { throw unreadable(path, errno) }
            if (status.st_mode & S_IFMT) != S_IFDIR {
                try builder.add(path, identity: path, exact: false, rank: 0)
                given.insert(path)
                continue
            }
            try walk(path.hasSuffix("/") ? String(path.dropLast()) : path, identity: nil, everyFile: true, into: &skipped) { path, _ in
                try builder.add(path, identity: path, exact: false, rank: 0)
            }
        }
        // Only recordings', goldens' and configs' names: a FIFO called notes.txt beside them is
        // none of check's business.
        let named = skipped.filter { isRecording($0.path) || isGolden($0.path) || isConfig($0.path) }
        return (try builder.listing(), given, named.sorted { $0.path < $1.path })
    }

    /// The recording a golden belongs to: its owner under `GoldenNames`, `parts` the kinds of
    /// golden (`x.expected.jsonl` → `x.jsonl`, `x.launch.expected.jsonl` → `x.jsonl`); and for a
    /// name whose middle part is no kind (`x.lanch.expected.jsonl`), `x.jsonl` when there is no
    /// `x.lanch.jsonl`, so that the golden is reported as the misnamed golden of that recording.
    /// Given no kinds (a golden handed to a command as a log to read, below the registry that
    /// names them), every middle part is read that second way: `x.launch.expected.jsonl` is
    /// `x.jsonl`'s unless a recording `x.launch.jsonl` exists, a name the rule refuses.
    public static func recording(ofGolden golden: String, parts: [String]) -> String {
        let owner = GoldenNames.owner(ofGolden: golden, parts: parts)
        let stem = GoldenNames.stem(owner.recording)
        guard owner.part == nil, !exists(owner.recording), let dot = stem.lastIndex(of: "."),
            !stem[dot...].contains("/")
        else { return owner.recording }
        return String(stem[..<dot]) + ".jsonl"
    }

    /// Calls `body` with every recording under `directory` that is a regular file (or a link
    /// to one), recursively, skipping hidden names and not following symbolic links to
    /// directories; a recording's name that is anything else goes to `skipped`. A directory
    /// that cannot be listed (no permission, a path past PATH_MAX) or a link that cannot be
    /// followed for any reason but its target's absence (a loop) throws: what is under it is
    /// unknown, and a run that went on would look complete. With opendir/readdir, not
    /// FileManager's enumerator: this walk is the serial part of `check --jobs` (bench/history.md).
    /// With `everyFile`, every regular file is handed to `body`, not only recordings (for the
    /// goldens that belong to no recording). With `collectorLogs`, a collector's log folder
    /// (`CollectorFolder.isLog`) is handed to `body` as one recording, and not walked into.
    ///
    /// `identity` is the directory's own (`identity(of:)`), when known: a file in it that is no
    /// symbolic link is then that and its name, and gets it with no `realpath` (which asks the
    /// kernel to read every component of the path as a link). A link's is `nil`, for the caller.
    private static func walk(
        _ directory: String, identity: String?, everyFile: Bool = false, collectorLogs: Bool = false, into skipped: inout [SkippedFile],
        _ body: (_ path: String, _ identity: String?) throws -> Void
    ) throws {
        guard let stream = DirectoryListing.open(directory) else {
            throw RecordingError(.unreadable, path: directory, line: nil, "cannot list the directory: \(systemReason(errno))")
        }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { PathBytes.name(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name.hasPrefix(".") { continue }
            let path = directory + "/" + name
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) {
                var status = stat()
                guard withFileSystemPath(path, { lstat($0, &status) }) == 0 else { throw unreadable(path, errno) }
                type = fileType(status.st_mode)
            }
            if type == UInt8(DT_DIR) {
                if collectorLogs, CollectorFolder.isLog(path) {
                    try body(path, identity.map { inside($0, name) })
                    continue
                }
                try walk(
                    path, identity: identity.map { inside($0, name) }, everyFile: everyFile, collectorLogs: collectorLogs, into: &skipped, body)
                continue
            }
            guard everyFile || isRecording(name) else { continue }
            let linked = type == UInt8(DT_LNK)
            if linked {
                var status = stat()
                guard withFileSystemPath(path, { stat($0, &status) }) == 0 else {
                    guard errno == ENOENT else { throw unreadable(path, errno) }
                    skipped.append(SkippedFile(path: path, reason: "a symbolic link to nothing"))
                    continue
                }
                // A link to a directory named like a recording is not followed, as any other.
                if (status.st_mode & S_IFMT) == S_IFDIR { continue }
                type = fileType(status.st_mode)
            }
            if type == UInt8(DT_REG) {
                try body(path, linked ? nil : identity.map { inside($0, name) })
            } else {
                skipped.append(SkippedFile(path: path, reason: "not a regular file (\(describe(type)))"))
            }
        }
    }

    /// A path the system refuses (`errno` from stat or opendir), as 66 names it: a symbolic
    /// link loop says so rather than "no such file or directory".
    static func unreadable(_ path: String, _ code: Int32) -> RecordingError {
        RecordingError(.unreadable, path: path, line: nil, systemReason(code))
    }

    /// The identity of `name` in the directory whose identity is `directory`.
    private static func inside(_ directory: String, _ name: String) -> String {
        directory == "/" ? "/" + name : directory + "/" + name
    }

    private static func fileType(_ mode: mode_t) -> UInt8 {
        switch mode & S_IFMT {
        case S_IFDIR: return UInt8(DT_DIR)
        case S_IFREG: return UInt8(DT_REG)
        case S_IFLNK: return UInt8(DT_LNK)
        case S_IFIFO: return UInt8(DT_FIFO)
        case S_IFCHR: return UInt8(DT_CHR)
        case S_IFBLK: return UInt8(DT_BLK)
        case S_IFSOCK: return UInt8(DT_SOCK)
        default: return UInt8(DT_UNKNOWN)
        }
    }

    private static func describe(_ type: UInt8) -> String {
        switch Int(type) {
        case Int(DT_FIFO): return "a FIFO"
        case Int(DT_CHR): return "a character device"
        case Int(DT_BLK): return "a block device"
        case Int(DT_SOCK): return "a socket"
        default: return "of an unknown type"
        }
    }
}

/// What `RecordingFiles.list` found: the recordings to read, and what it left out and why.
public struct RecordingListing: Equatable, Sendable {
    public var recordings: [String] = []
    public var skipped: [SkippedFile] = []

    public init(recordings: [String] = [], skipped: [SkippedFile] = []) {
        self.recordings = recordings
        self.skipped = skipped
    }
}

/// A path a listing did not take, and why: `PATH: skipped: REASON`.
public struct SkippedFile: Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): skipped: \(reason)" }
}

/// `strerror(code)` as the tool's messages spell it, starting in lower case ("too many levels
/// of symbolic links", "file name too long").
public func systemReason(_ code: Int32) -> String {
    let reason = String(cString: strerror(code))
    return reason.prefix(1).lowercased() + reason.dropFirst()
}
