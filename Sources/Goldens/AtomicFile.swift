import Glibc
import TurboRecording

/// What a temporary file is called beside the file it will replace: `NAME.tmp-PID`.
let temporaryMarker = ".tmp-"

func temporaryPath(for path: String, pid: Int32 = getpid()) -> String {
    path + temporaryMarker + String(pid)
}

/// Writes `contents` to `path` through a temporary beside it (`NAME.tmp-PID`), fsynced and
/// renamed over `path`, so that `path` is at every moment either the old file or the whole
/// new one. On failure the temporary is removed and `path` is untouched.
public func replaceAtomically(path: String, contents: [UInt8]) throws {
    let temporary = temporaryPath(for: path)
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
