import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines of a file from a byte offset to another, read through a buffer of its own: one run of
/// a merge, or one whole input on the merge's first pass. Trailing spaces, tabs and a CR are
/// not part of a line (Hadoop Streaming's framing adds them).
final class LineCursor {
    let source: String
    private let fd: Int32
    /// The file can be read at an offset (a regular file, not a pipe).
    private let positioned: Bool
    private var buffer: [UInt8]
    /// The buffer's size as made: it doubles for a longer line (a partial's lines have no
    /// length limit), and comes back to this once that line is read, so a merge holds one
    /// long line per run at a time, not the longest it ever met.
    private let bufferSize: Int
    private var start = 0, end = 0
    private var atEnd = false
    /// The file offset of `buffer[end]`, and where this cursor stops.
    private var fileOffset: Int
    private let stop: Int
    /// The offset and number of the line `next` gives next.
    private(set) var offset: Int
    private(set) var nextNumber: Int

    /// The buffer's size now (for the tests: it must come back after a long line).
    var capacity: Int { buffer.count }

    /// The current log line and its key, after `advanceToLog`.
    private(set) var line: ArraySlice<UInt8> = []
    private(set) var key: ArraySlice<UInt8> = []
    private(set) var number = 0

    init(path: String, source: String, offset: Int, end: Int = .max, line: Int = 1, bufferSize: Int = 1 << 16) throws {
        self.source = source
        fd = withFileSystemPath(path) { open($0, O_RDONLY) }
        guard fd >= 0 else {
            throw RecordingError(.unreadable, path: source, line: nil, String(cString: strerror(errno)))
        }
        positioned = lseek(fd, 0, SEEK_CUR) >= 0
        if offset > 0, lseek(fd, off_t(offset), SEEK_SET) < 0 {
            close(fd)
            throw RecordingError(.unreadable, path: source, line: nil, String(cString: strerror(errno)))
        }
        buffer = [UInt8](repeating: 0, count: bufferSize)
        self.bufferSize = bufferSize
        fileOffset = offset
        self.offset = offset
        stop = end
        nextNumber = line
    }

    deinit { close(fd) }

    /// The next line (without its end), or `nil` at the stop or the end of the file.
    func next() throws -> ArraySlice<UInt8>? {
        while true {
            if offset >= stop { return nil }
            if let newline = Self.newline(in: buffer, from: start, to: end) {
                let line = trimmed(buffer[start..<newline])
                offset += newline + 1 - start
                start = newline + 1
                nextNumber += 1
                return line
            }
            if atEnd {
                guard start < end else { return nil }
                let line = trimmed(buffer[start..<end])
                offset += end - start
                start = end
                nextNumber += 1
                return line
            }
            try fill()
        }
    }

    /// Moves to the next log line in this cursor's stretch; `false` when there is none.
    func advanceToLog() throws -> Bool {
        // Let go of the last line first: the buffer is then refilled in place, not copied.
        line = []
        key = []
        while let text = try next() {
            guard let key = PartialRuns.key(text) else { continue }
            line = text
            self.key = key
            number = nextNumber - 1
            return true
        }
        return false
    }

    private func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var last = line.endIndex
        while last > line.startIndex, line[last - 1] == 0x20 || line[last - 1] == 0x09 || line[last - 1] == 0x0D { last -= 1 }
        return line[line.startIndex..<last]
    }

    /// The index of the first `\n` in `buffer[start..<end]`: `memchr`, since a line may be a
    /// mebibyte, and a generic search is a call a byte in a debug build.
    private static func newline(in buffer: [UInt8], from start: Int, to end: Int) -> Int? {
        guard start < end else { return nil }
        return buffer.withUnsafeBytes { bytes in
            memchr(bytes.baseAddress! + start, 0x0A, end - start).map { bytes.baseAddress!.distance(to: UnsafeRawPointer($0)) }
        }
    }

    private func fill() throws {
        if start > 0 {
            buffer.replaceSubrange(0..<(end - start), with: buffer[start..<end])
            end -= start
            start = 0
        }
        if buffer.count > bufferSize, end <= bufferSize / 2 { buffer = Array(buffer[0..<bufferSize]) }
        if end == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
        // At its own offset where the file has one: cursors on one descriptor's copies (a spooled
        // standard input, where the system shares the offset) never move each other.
        let count = buffer.withUnsafeMutableBytes {
            positioned ? pread(fd, $0.baseAddress! + end, $0.count - end, off_t(fileOffset)) : read(fd, $0.baseAddress! + end, $0.count - end)
        }
        if count < 0 {
            if errno == EINTR { return }
            throw RecordingError(.unreadable, path: source, line: nil, String(cString: strerror(errno)))
        }
        if count == 0 { atEnd = true }
        end += count
        fileOffset += count
    }
}
