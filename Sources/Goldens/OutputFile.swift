import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `write` alone would name the method of the type it is called from; the C library's is meant.
#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif

/// Output that could not be written: where, and the system's reason. A tool that people
/// script must never hide one (sysexits: 73 cannot create, 74 I/O error).
package struct WriteError: Error, Equatable, Sendable, CustomStringConvertible {
    package enum Kind: Equatable, Sendable {
        /// The file (or its temporary) could not be created: a missing or read-only directory.
        case cannotCreate
        /// Writing, flushing, syncing or renaming failed: a full disk, an I/O error.
        case io
    }

    package var kind: Kind
    /// The destination as the user named it (`standard output` for the stream).
    package var destination: String
    package var reason: String

    package init(_ kind: Kind, destination: String, reason: String) {
        self.kind = kind
        self.destination = destination
        self.reason = reason
    }

    /// `cannot write to out.svg: No space left on device`
    package var description: String {
        "cannot \(kind == .cannotCreate ? "create" : "write to") \(destination): \(reason)"
    }

    static func system(_ kind: Kind, _ destination: String, _ code: Int32 = errno) -> WriteError {
        WriteError(kind, destination: destination, reason: String(cString: strerror(code)))
    }
}

/// Writes a named output file whole. A regular file (or a new one) is written through a
/// temporary beside it (`NAME.tmp-PID`), fsynced and renamed into place, so that at every
/// moment the path holds the old file or the whole new one. Anything else that exists at the
/// path (a device such as `/dev/stdout` or `/dev/full`, a FIFO, a symbolic link) is written
/// directly, never renamed over: as root, a rename would replace the device node itself.
package func writeOutputFile(path: String, contents: [UInt8]) throws {
    var status = stat()
    if withFileSystemPath(path, { lstat($0, &status) }) == 0, (status.st_mode & S_IFMT) != S_IFREG {
        try writeInPlace(path: path, contents: contents)
    } else {
        try replaceAtomically(path: path, contents: contents)
    }
}

/// `writeOutputFile(path:contents:)` for a text, written from its own storage 64 KiB at a time
/// rather than copied whole first: a large picture is not held twice.
package func writeOutputFile(path: String, text: String) throws {
    var text = text
    try text.withUTF8 { utf8 in
        try withoutActuallyEscaping({ (write: ([UInt8]) throws -> Void) in
            var start = 0
            while start < utf8.count {
                let end = min(start + (1 << 16), utf8.count)
                try write(Array(UnsafeBufferPointer(rebasing: utf8[start..<end])))
                start = end
            }
        }) { produce in
            var status = stat()
            if withFileSystemPath(path, { lstat($0, &status) }) == 0, (status.st_mode & S_IFMT) != S_IFREG {
                let fd = withFileSystemPath(path) { open($0, O_WRONLY | O_TRUNC | O_CLOEXEC) }
                guard fd >= 0 else { throw WriteError.system(.cannotCreate, path) }
                do {
                    try produce { try writeAll(fd, $0, destination: path) }
                } catch {
                    close(fd)
                    throw error
                }
                guard close(fd) == 0 else { throw WriteError.system(.io, path) }
            } else {
                try replaceAtomically(path: path, writing: produce)
            }
        }
    }
}

/// Writes to what is at `path` as it is (truncating a file a symbolic link points to).
func writeInPlace(path: String, contents: [UInt8]) throws {
    let fd = withFileSystemPath(path) { open($0, O_WRONLY | O_TRUNC | O_CLOEXEC) }
    guard fd >= 0 else { throw WriteError.system(.cannotCreate, path) }
    do {
        try writeAll(fd, contents, destination: path)
    } catch {
        close(fd)
        throw error
    }
    guard close(fd) == 0 else { throw WriteError.system(.io, path) }
}

/// Every byte, or an error: a short write is retried, `0` bytes written is a full device.
func writeAll(_ fd: Int32, _ contents: [UInt8], destination: String) throws {
    var written = 0
    while written < contents.count {
        let n = contents.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + written, contents.count - written) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { throw WriteError.system(.io, destination, n == 0 ? ENOSPC : errno) }
        written += n
    }
}
