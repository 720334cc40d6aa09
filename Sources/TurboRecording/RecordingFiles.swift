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

    /// A session's native log beside its web recording (app-session.md): `NAME.jsonl` is the
    /// page's recording and `NAME.native.jsonl` the app's log of the same run.
    public static func sessionNative(ofWeb web: String) -> String { stem(web) + ".native.jsonl" }

    /// The web recording a session's native log `NAME.native.jsonl` belongs with, `NAME.jsonl`;
    /// `nil` when the name does not end so.
    public static func sessionWeb(ofNative native: String) -> String? {
        native.hasSuffix(".native.jsonl") ? String(native.dropLast(".native.jsonl".count)) + ".jsonl" : nil
    }

    /// The path without `.jsonl`.
    public static func stem(_ path: String) -> String { String(path.dropLast(".jsonl".count)) }

    /// Every recording under `paths`, sorted and without repeats: directories are searched
    /// recursively (hidden names skipped, symbolic links to directories not followed); a file
    /// is taken as it is, except that a golden stands for its recording.
    public static func find(in paths: [String]) throws -> [String] {
        var found: Set<String> = []
        for path in paths {
            var status = stat()
            guard stat(path, &status) == 0 else {
                throw RecordingError(.unreadable, path: path, line: nil, "no such file or directory")
            }
            if (status.st_mode & S_IFMT) != S_IFDIR {
                found.insert(isGolden(path) ? recording(ofGolden: path) : path)
                continue
            }
            try walk(path.hasSuffix("/") ? String(path.dropLast()) : path) { file in
                if isRecording(file) { found.insert(file) }
            }
        }
        return found.sorted()
    }

    /// The recording a golden belongs to: `x.expected.jsonl` → `x.jsonl`, and
    /// `x.launch.expected.jsonl` → `x.jsonl` when there is no `x.launch.jsonl`.
    public static func recording(ofGolden golden: String) -> String {
        let stem = String(golden.dropLast(".expected.jsonl".count))
        guard access(stem + ".jsonl", F_OK) != 0, let dot = stem.lastIndex(of: "."),
              !stem[dot...].contains("/") else { return stem + ".jsonl" }
        return String(stem[..<dot]) + ".jsonl"
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

}
