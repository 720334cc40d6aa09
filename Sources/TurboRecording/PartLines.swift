#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines of one part file of a collector's folder, one at a time, in the memory of a read
/// buffer and one line (kept up to a limit: past it a line is only measured).
final class PartLines {
    let path: String
    /// The number of the line read last (1-based).
    private(set) var lineNumber = 0
    private let file: UnsafeMutablePointer<FILE>
    /// Sized to the file, up to 64 KiB: a page's batch is often a few lines, and a session has
    /// thousands of them.
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var atEOF = false

    /// One line: its length (without its `\n`), and whether a `\n` ended it.
    struct Line {
        var length: Int
        var terminated: Bool
    }

    init(path: String) throws {
        guard let opened = withFileSystemPath(path, { fopen($0, "rb") }) else {
            throw RecordingError(.unreadable, path: path, line: nil, "cannot open: \(String(cString: strerror(errno)))")
        }
        self.path = path
        file = opened
        var status = stat()
        let size = fstat(fileno(opened), &status) == 0 ? Int(status.st_size) : 1 << 16
        buffer = [UInt8](repeating: 0, count: max(1, min(1 << 16, size + 1)))
    }

    deinit { fclose(file) }

    /// Puts the next line's bytes (without its `\n`, at most `limit` of them) in `line`;
    /// `nil` at the end of the file.
    func next(into line: inout [UInt8], limit: Int) throws -> Line? {
        line.removeAll(keepingCapacity: true)
        var length = 0
        while true {
            if start == end {
                if atEOF { break }
                try refill()
                if start == end { break }
            }
            let found = buffer.withUnsafeBufferPointer { whole in
                memchr(whole.baseAddress! + start, 0x0A, end - start).map { UnsafeRawPointer($0) - UnsafeRawPointer(whole.baseAddress!) }
            }
            let stop = found ?? end
            let kept = min(stop - start, max(limit - line.count, 0))
            if kept > 0 { line.append(contentsOf: buffer[start..<(start + kept)]) }
            length += stop - start
            if let found {
                start = found + 1
                lineNumber += 1
                return Line(length: length, terminated: true)
            }
            start = end
        }
        guard length > 0 else { return nil }
        lineNumber += 1
        return Line(length: length, terminated: false)
    }

    private func refill() throws {
        let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        if count == 0 {
            if ferror(file) != 0 {
                throw RecordingError(.unreadable, path: path, line: nil, "read failed: \(String(cString: strerror(errno)))")
            }
            atEOF = true
        }
        start = 0
        end = count
    }
}
