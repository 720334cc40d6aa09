import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Temporaries a writer left behind (it was killed: SIGKILL, a crash, a power cut), found and
/// removed before a command writes. Only what is provably this tool's and stale is removed: a
/// name as `TemporaryFile` makes them, a regular file (never a symbolic link, which no
/// temporary is, nor anything else), owned by this user, whose writer is gone (no process has
/// its pid; or the pid is this process's own and it is not writing that file now, so an
/// earlier process had it). What is named like one but is not provably one is left as it is,
/// and said: a planted link, another user's file.
package struct TemporarySweep: Equatable, Sendable {
    /// A name like a temporary's that is not removed, and why.
    package struct Kept: Equatable, Sendable, CustomStringConvertible {
        package var path: String
        package var reason: String
        package init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        package var description: String { "\(path): named like a temporary of turbo-replay, but \(reason); not removed" }
    }

    /// The stale temporaries: removed by a sweep, only listed by a survey. Sorted.
    package var stale: [String] = []
    /// What could not be swept. Sorted by path.
    package var kept: [Kept] = []

    package init(stale: [String] = [], kept: [Kept] = []) {
        self.stale = stale
        self.kept = kept
    }

    /// What a run of a command that writes `output` finds beside it and removes first
    /// (`render -o`, `tune --plot`, `session --render`): the temporaries of that file, in its
    /// folder (the folder of its target, when it is a symbolic link).
    package static func sweep(of output: String) -> TemporarySweep {
        guard output != "-", case .replace(let target, _) = try? OutputDestination.of(output) else { return TemporarySweep() }
        let (folder, name) = splitPath(target)
        let base = TemporaryFile.base(name)
        var found = TemporarySweep()
        found.scan(folder, recursive: false, remove: true) { $0 == base }
        return found.sorted()
    }

    /// The temporaries of goldens under `paths` whose writer is gone, and what is named like one
    /// but cannot be swept: with `remove`, the stale ones are removed (what `check --update` does
    /// once, before it writes anything; never a listing per golden, which would make an update
    /// quadratic in the folder's size). A directory is searched recursively, hidden names
    /// skipped; for a file, its folder's temporaries of that recording's goldens.
    package static func goldens(under paths: [String], remove: Bool) -> TemporarySweep {
        var found = TemporarySweep()
        // Files given one by one are grouped by folder: each folder is listed once, however many
        // of its recordings were named.
        var recordings: [String: Set<String>] = [:], folders: [String] = []
        for path in paths {
            var status = stat()
            guard withFileSystemPath(path, { stat($0, &status) }) == 0 else { continue }
            if (status.st_mode & S_IFMT) == S_IFDIR {
                var directory = path
                while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
                found.scan(directory, recursive: true, remove: remove) { RecordingFiles.isGolden($0) }
            } else {
                let recording = RecordingFiles.isGolden(path) ? RecordingFiles.recording(ofGolden: path, parts: GoldenCase.reservedParts) : path
                let (folder, name) = splitPath(recording)
                if recordings[folder] == nil { folders.append(folder) }
                recordings[folder, default: []].insert(name)
            }
        }
        for folder in folders {
            let names = recordings[folder] ?? []
            found.scan(folder, recursive: false, remove: remove) { base in
                RecordingFiles.isGolden(base) && names.contains(GoldenNames.owner(ofGolden: base, parts: GoldenCase.reservedParts).recording)
            }
        }
        return found.sorted()
    }

    private func sorted() -> TemporarySweep {
        TemporarySweep(stale: Array(Set(stale)).sorted(), kept: kept.sorted { $0.path < $1.path })
    }

    /// Looks at every temporary's name in `directory` whose destination's name `wanted` accepts.
    /// Through the directory's descriptor (`fstatat`, `unlinkat`): what is judged is what is removed.
    private mutating func scan(_ directory: String, recursive: Bool, remove: Bool, wanted: (String) -> Bool) {
        guard let stream = DirectoryListing.open(directory) else { return }
        defer { closedir(stream) }
        let fd = dirfd(stream)
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { PathBytes.name(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name.hasPrefix(".") { continue }
            let path = directory == "." ? name : (directory == "/" ? "" : directory) + "/" + name
            if entry.pointee.d_type == UInt8(DT_DIR) {
                if recursive { scan(path, recursive: true, remove: remove, wanted: wanted) }
                continue
            }
            guard let (base, pid) = TemporaryFile.parse(name), wanted(base) else { continue }
            var status = stat()
            guard withFileSystemPath(name, { fstatat(fd, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else { continue }
            if let reason = Self.notOurs(status) {
                kept.append(Kept(path: path, reason: reason))
                continue
            }
            guard !Self.isWriting(pid, path) else { continue }
            if remove, withFileSystemPath(name, { unlinkat(fd, $0, 0) }) != 0, errno != ENOENT {
                kept.append(Kept(path: path, reason: "it cannot be removed: " + systemReason(errno)))
                continue
            }
            stale.append(path)
        }
    }

    /// Why a file named like a temporary is not provably one this tool wrote, or `nil`.
    private static func notOurs(_ status: stat) -> String? {
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            guard status.st_uid == geteuid() else { return "it is owned by another user (uid \(status.st_uid))" }
            return nil
        case S_IFLNK: return "it is a symbolic link, which no temporary of turbo-replay is"
        case S_IFDIR: return "it is a directory"
        default: return "it is not a regular file, as every temporary of turbo-replay is"
        }
    }

    /// Whether the temporary's writer may still be writing it: a process has its pid (another
    /// user's included), unless the pid is this process's own and it is not writing that file.
    private static func isWriting(_ pid: Int32, _ path: String) -> Bool {
        if pid == getpid() { return TemporaryRegistry.contains(path) }
        return kill(pid, 0) == 0 || errno == EPERM
    }
}
