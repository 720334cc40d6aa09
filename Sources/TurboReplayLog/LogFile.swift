#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The log on disk: a file opened with O_APPEND, one `write(2)` per batch of whole lines, so a
/// process that dies at any instant leaves every line it finished whole and at most the last
/// one cut.
///
/// Several writers (a relaunched process while the old one is dying, an app extension) share
/// the file through an advisory lock on `NAME.lock`, a file that is never rotated: every step
/// from looking at the file to writing it happens under that lock, so a writer always sees the
/// file as the last writer left it (its size, its last line, a rotation) before it appends.
final class LogFile {
    let path: String
    private var descriptor: Int32 = -1
    private var lockDescriptor: Int32 = -1
    /// Device and inode of the open file: another writer's rotation puts a new file at `path`.
    private var identity: (dev_t, ino_t)?
    /// The file's size as this writer last saw or left it.
    private(set) var size = 0
    /// Whether the last `refresh` found the file other than this writer left it: another
    /// file at the path, or another size.
    private(set) var changed = false

    init(path: String) {
        self.path = path
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    /// Runs `body` holding the advisory lock. Without a lock file (a folder that refuses one)
    /// the body runs all the same: a single writer needs no lock.
    func withLock<Result>(_ body: () -> Result) -> Result {
        if lockDescriptor < 0 { lockDescriptor = openFile(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644) }
        guard lockDescriptor >= 0 else { return body() }
        while flock(lockDescriptor, LOCK_EX) != 0, errno == EINTR {}
        defer { flock(lockDescriptor, LOCK_UN) }
        return body()
    }

    /// Opens the file at `path` if it is not open, or opens it again if another writer moved
    /// it aside; then reads its size. False when it cannot be opened. Under the lock.
    func refresh() -> Bool {
        var before = descriptor >= 0 ? size : nil
        if descriptor >= 0 {
            var onDisk = stat()
            let moved = stat(path, &onDisk) != 0 || identity.map { $0 != onDisk.st_dev || $1 != onDisk.st_ino } ?? true
            if moved {
                closeFile()
                before = nil
            }
        }
        if descriptor < 0 {
            descriptor = openFile(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { return false }
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            closeFile()
            return false
        }
        identity = (status.st_dev, status.st_ino)
        size = Int(status.st_size)
        changed = before != size
        return true
    }

    /// What another file of the log holds, read without creating it or taking a lock: its first
    /// bytes (where its `meta` is) and the start of its last whole line. Nil when it cannot be
    /// opened.
    static func peek(_ path: String) -> (head: [UInt8], lastLine: [UInt8])? {
        let other = LogFile(path: path)
        other.descriptor = openFile(path, O_RDONLY | O_CLOEXEC, 0)
        var status = stat()
        guard other.descriptor >= 0, fstat(other.descriptor, &status) == 0 else { return nil }
        other.size = Int(status.st_size)
        return (other.head(limit: 4096), other.tail(prefix: 128).lastLine)
    }

    /// Up to `limit` bytes from the start of the file: where its `meta` line is.
    func head(limit: Int) -> [UInt8] {
        read(at: 0, count: min(limit, size))
    }

    /// The file's end: the start of its last complete line (at most `prefix` bytes of it,
    /// without the line end; empty when there is none) and how many bytes follow that line's
    /// end without a line end of their own (a line whose writer died mid-write). Reads back
    /// from the end a block at a time, keeping one block: its cost is the last two lines'
    /// length, not the file's.
    func tail(prefix: Int) -> (lastLine: [UInt8], partial: Int) {
        var ends: [Int] = []  // offsets of the last line end and the one before it
        var start = size
        while start > 0, ends.count < 2 {
            let from = max(0, start - 65_536)
            let chunk = read(at: from, count: start - from)
            guard chunk.count == start - from else { return ([], 0) }
            for index in chunk.indices.reversed() where chunk[index] == 0x0A {
                ends.append(from + index)
                if ends.count == 2 { break }
            }
            start = from
        }
        guard let last = ends.first else { return ([], size) }
        let lineStart = ends.count > 1 ? ends[1] + 1 : 0
        return (read(at: lineStart, count: min(prefix, last - lineStart)), size - 1 - last)
    }

    /// Writes `bytes` over the file from `offset` to its end, in one write: a half line
    /// replaced by the line that reports it. False (with the file cut back to `offset`) when
    /// the write falls short.
    func replaceTail(from offset: Int, with bytes: [UInt8]) -> Bool {
        // pwrite(2) on a descriptor opened with O_APPEND appends wherever it is told to write.
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_APPEND) == 0 else { return false }
        defer { _ = fcntl(descriptor, F_SETFL, flags) }
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
        if written == bytes.count {
            size = max(size, offset + written)
            return true
        }
        _ = truncate(to: offset)
        return false
    }

    /// Cuts the file back to `length` bytes: a short write taken back.
    func truncate(to length: Int) -> Bool {
        guard ftruncate(descriptor, off_t(length)) == 0 else { return false }
        size = length
        return true
    }

    /// Appends `bytes` (whole lines with their line ends) in one write. A short write (a full
    /// disk) is taken back to the size seen under the lock, so no later line follows half a
    /// line and the file never grows a hole.
    func append(_ bytes: [UInt8]) -> Bool {
        guard descriptor >= 0 else { return false }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written == bytes.count {
            size += written
            return true
        }
        if written > 0 { _ = truncate(to: size) }
        return false
    }

    /// Moves the file aside as `NAME.1` (`NAME.1` to `NAME.2`, …, the oldest of `keep`
    /// removed), or removes it when `keep` is 0. False when the file stays where it is (a
    /// read-only folder, a directory in the way): then nothing may be written past the bound.
    func rotate(keep: Int) -> Bool {
        if keep == 0 {
            guard unlink(path) == 0 || errno == ENOENT else { return false }
        } else {
            unlink("\(path).\(keep)")
            for index in stride(from: keep - 1, through: 1, by: -1) { rename("\(path).\(index)", "\(path).\(index + 1)") }
            guard rename(path, "\(path).1") == 0 else { return false }
        }
        closeFile()
        return refresh()
    }

    private func read(at offset: Int, count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        return got == count ? bytes : Array(bytes.prefix(max(got, 0)))
    }

    private func closeFile() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        identity = nil
    }
}

/// `open(2)` is variadic in C; Swift imports it with its mode as a parameter on both systems.
private func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}
