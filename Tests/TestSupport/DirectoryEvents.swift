import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The names that appear in a directory, created or moved into it, as the kernel reports
/// them (inotify): a test waits for a file a child writes with no loop listing the directory
/// (a folder of 1,500 files listed every millisecond cost more than the run it watched).
/// Watching starts when it is made: make it before the child starts.
final class DirectoryEvents {
    private let fd: Int32

    init(_ directory: String) throws {
        fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        guard inotify_add_watch(fd, directory, UInt32(IN_CREATE | IN_MOVED_TO)) >= 0 else {
            let error = errno
            close(fd)
            throw POSIXError(POSIXErrorCode(rawValue: error) ?? .EIO)
        }
    }

    deinit { close(fd) }

    /// The names that appeared since the last call, in order, after waiting at most
    /// `timeout` milliseconds for the first; none when none did.
    func next(timeout: Int32) -> [String] {
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, timeout) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { return [] }
        // Each event: wd, mask, cookie, len (four 32-bit fields), then len bytes of name, NUL-padded.
        var names: [String] = []
        var offset = 0
        while offset + 16 <= count {
            let length = buffer[(offset + 12)..<(offset + 16)].withUnsafeBytes { Int($0.loadUnaligned(as: UInt32.self)) }
            let name = buffer[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }
            if !name.isEmpty { names.append(String(decoding: name, as: UTF8.self)) }
            offset += 16 + length
        }
        return names
    }
}
