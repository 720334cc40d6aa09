#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads what has arrived on `fd` (at most `buffer.count` bytes; 0 at the end of the input), as
/// a pipe hands it over, without waiting for a whole buffer. An interrupted read is retried, a
/// descriptor left non-blocking is waited on, and any other failure (standard input a
/// directory: EISDIR; closed: EBADF) is an error naming `name`, never an early end.
public func readArrived(fd: Int32, into buffer: UnsafeMutableRawBufferPointer, name: String) throws -> Int {
    while true {
        let n = read(fd, buffer.baseAddress, buffer.count)
        if n >= 0 { return n }
        switch errno {
        case EINTR:
            continue
        case EAGAIN:
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, -1)
        default:
            throw RecordingError(.unreadable, path: name, line: nil, "read failed: \(String(cString: strerror(errno)))")
        }
    }
}
