#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw WriteError.system(.cannotCreate, path) }
    do {
        try writeAll(fd, contents, destination: path)
        guard fsync(fd) == 0 else { throw WriteError.system(.io, path) }
    } catch {
        close(fd)
        unlink(temporary)
        throw error
    }
    guard close(fd) == 0 else {
        let failure = WriteError.system(.io, path)
        unlink(temporary)
        throw failure
    }
    guard rename(temporary, path) == 0 else {
        let failure = WriteError.system(.io, path)
        unlink(temporary)
        throw failure
    }
}
