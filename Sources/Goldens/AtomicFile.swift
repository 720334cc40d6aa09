import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `contents` to `path` through a temporary beside it (`TemporaryFile`), fsynced and
/// renamed over `path`, so that `path` is at every moment either the old file or the whole
/// new one. On failure the temporary is removed and `path` is untouched; on SIGINT or SIGTERM
/// too, before the process ends as the signal says. A file replaced keeps its permissions
/// (a read-only golden stays read-only). A `path` that is a symbolic link stays one: its
/// target is what is replaced (`OutputDestination`). The one writer of every file the tool
/// writes whole: `render -o`, `tune --plot`, `session --render`, `check --update`.
package func replaceAtomically(path: String, contents: [UInt8]) throws {
    try replaceAtomically(path: path) { write in try write(contents) }
}

/// `replaceAtomically(path:contents:)` with the contents written a piece at a time: `produce`
/// calls its argument with each piece, buffered up to 64 KiB. An error `produce` throws
/// removes the temporary as a failed write does, and is rethrown.
package func replaceAtomically(path: String, writing produce: (_ write: (_ bytes: [UInt8]) throws -> Void) throws -> Void) throws {
    let target: String
    switch try OutputDestination.of(path) {
    case .replace(let file, _): target = file
    case .inPlace: return try writeInPlace(path: path, writing: produce)
    }
    var existing = stat()
    let mode: mode_t? = withFileSystemPath(target, { stat($0, &existing) }) == 0 && (existing.st_mode & S_IFMT) == S_IFREG ? existing.st_mode & 0o7777 : nil
    let temporary = try TemporaryFile.create(for: target)
    defer { TemporaryRegistry.release(temporary.slot) }
    let fd = temporary.descriptor
    do {
        // On the new file itself, through its descriptor: never on whatever a name points to.
        if let mode, fchmod(fd, mode) != 0 { throw WriteError.system(.io, path) }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 16)
        try produce { bytes in
            buffer.append(contentsOf: bytes)
            if buffer.count >= 1 << 16 {
                try writeAll(fd, buffer, destination: path)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try writeAll(fd, buffer, destination: path)
        guard fsync(fd) == 0 else { throw WriteError.system(.io, path) }
    } catch {
        close(fd)
        _ = withFileSystemPath(temporary.path) { unlink($0) }
        throw error
    }
    guard close(fd) == 0 else {
        let failure = WriteError.system(.io, path)
        _ = withFileSystemPath(temporary.path) { unlink($0) }
        throw failure
    }
    guard withFileSystemPath(temporary.path, { from in withFileSystemPath(target) { rename(from, $0) } }) == 0 else {
        let failure = WriteError.system(.io, path)
        _ = withFileSystemPath(temporary.path) { unlink($0) }
        throw failure
    }
}

/// Where writing a path puts the bytes.
package enum OutputDestination: Equatable, Sendable {
    /// A regular file, or none yet: replaced whole through a temporary in its folder. `linked`:
    /// `file` is the target of the symbolic link that was named (the link stays as it is).
    case replace(file: String, linked: Bool)
    /// Something else that exists (a device such as `/dev/full`, a FIFO, a link to one, a name
    /// under `/dev` or `/proc` for an open file such as `/dev/stdout`): written as it is, never
    /// renamed over. As root, a rename would replace the device node itself.
    case inPlace

    /// The destination of `path`. A symbolic link to a regular file is followed to its target
    /// (all links resolved), which is replaced; a link to nothing is refused (`cannot create`),
    /// since a file created where it points would be put wherever whoever made the link chose.
    package static func of(_ path: String) throws -> OutputDestination {
        var status = stat()
        guard withFileSystemPath(path, { lstat($0, &status) }) == 0 else { return .replace(file: path, linked: false) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .replace(file: path, linked: false)
        case S_IFLNK: break
        default: return .inPlace
        }
        guard withFileSystemPath(path, { stat($0, &status) }) == 0 else {
            let code = errno
            guard code == ENOENT else { throw WriteError.system(.cannotCreate, path, code) }
            throw WriteError(.cannotCreate, destination: path, reason: "a symbolic link to nothing (not followed: no file is created where a link points)")
        }
        // An open file's name (/dev/stdout → /proc/self/fd/1) is written through, as it is.
        guard (status.st_mode & S_IFMT) == S_IFREG, !path.hasPrefix("/dev/"), !path.hasPrefix("/proc/") else { return .inPlace }
        guard let resolved = withFileSystemPath(path, { realpath($0, nil) }) else { throw WriteError.system(.cannotCreate, path) }
        defer { free(resolved) }
        return .replace(file: PathBytes.name(cString: resolved), linked: true)
    }
}

/// Writes to what is at `path` as it is (a device, a FIFO): opened without `O_CREAT`, so it
/// never makes a file, and truncated when that means anything.
func writeInPlace(path: String, writing produce: (_ write: (_ bytes: [UInt8]) throws -> Void) throws -> Void) throws {
    let fd = withFileSystemPath(path) { open($0, O_WRONLY | O_TRUNC | O_CLOEXEC) }
    guard fd >= 0 else { throw WriteError.system(.cannotCreate, path) }
    do {
        try produce { try writeAll(fd, $0, destination: path) }
    } catch {
        close(fd)
        throw error
    }
    guard close(fd) == 0 else { throw WriteError.system(.io, path) }
}
