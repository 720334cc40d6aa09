import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension GoldenCase {
    /// A config found beside a recording (`NAME.config.json`, `NAME.native.config.json`,
    /// `NAME.session.config.json`), as a golden is found: `nil` when nothing has its name, its
    /// path when it is a regular file (or a link to one). Anything else is an error naming it,
    /// found without opening it: a FIFO would keep `check` waiting for a writer forever, and a
    /// recording replayed without the config beside it would be held to its golden under the
    /// wrong settings. (In a folder's walk it is also said on standard error, as skipped.)
    static func beside(_ config: String) throws -> String? {
        var status = stat()
        guard withFileSystemPath(config, { stat($0, &status) }) == 0 else {
            let code = errno
            var link = stat()
            if code == ENOENT, withFileSystemPath(config, { lstat($0, &link) }) != 0 { return nil }
            let reason = code == ENOENT ? "a symbolic link to nothing" : systemReason(code)
            throw RecordingError(.unreadable, path: config, line: nil, "the config beside the recording cannot be read: \(reason)")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw RecordingError(
                .unreadable, path: config, line: nil,
                "the config beside the recording is not a regular file (\(fileKind(status.st_mode))), so it is not read")
        }
        return config
    }
}

/// What a file that is not a regular one is, for a person.
func fileKind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: return "a directory"
    case S_IFIFO: return "a FIFO"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    default: return "of an unknown type"
    }
}
