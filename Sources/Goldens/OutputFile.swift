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

/// Writes a named output file whole, as `replaceAtomically` does: a regular file (or a new one,
/// or the target of a symbolic link to one) through a temporary beside it, fsynced and renamed
/// into place, so that at every moment the path holds the old file or the whole new one; a
/// device such as `/dev/stdout` or `/dev/full`, or a FIFO, directly.
package func writeOutputFile(path: String, contents: [UInt8]) throws {
    try replaceAtomically(path: path, contents: contents)
}

/// `writeOutputFile(path:contents:)` for a text, written from its own storage 64 KiB at a time
/// rather than copied whole first: a large picture is not held twice.
package func writeOutputFile(path: String, text: String) throws {
    var text = text
    try text.withUTF8 { utf8 in
        try replaceAtomically(path: path) { write in
            var start = 0
            while start < utf8.count {
                let end = min(start + (1 << 16), utf8.count)
                try write(Array(UnsafeBufferPointer(rebasing: utf8[start..<end])))
                start = end
            }
        }
    }
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
