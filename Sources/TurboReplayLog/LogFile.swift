#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The log on disk: a file opened with O_APPEND, one `write(2)` per whole line, so a process
/// that dies at any instant leaves every line it finished whole and at most the last one cut.
/// Rotation keeps it bounded: when a line would take the file past `maxBytes`, `NAME` becomes
/// `NAME.1` (`NAME.1` becomes `NAME.2`, …, up to `keep` old files) and a fresh file starts.
final class LogFile {
    let path: String
    let maxBytes: Int
    let keep: Int
    private var descriptor: Int32 = -1
    private(set) var size = 0

    init(path: String, maxBytes: Int, keep: Int) {
        self.path = path
        self.maxBytes = maxBytes
        self.keep = max(0, keep)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Opens the file if it is not open; false when it cannot be.
    func open() -> Bool {
        if descriptor >= 0 { return true }
        descriptor = Self.openAppending(path)
        guard descriptor >= 0 else { return false }
        var status = stat()
        size = fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
        return true
    }

    /// True when `count` more bytes fit under `maxBytes` (an empty file takes any line).
    func fits(_ count: Int) -> Bool {
        size == 0 || size + count <= maxBytes
    }

    /// Appends `bytes` (a whole line with its LF) in one write. A short write (a full disk)
    /// is taken back with `ftruncate`, so the next line does not follow half a line.
    func append(_ bytes: [UInt8]) -> Bool {
        guard open() else { return false }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written == bytes.count {
            size += written
            return true
        }
        if written > 0 { _ = ftruncate(descriptor, off_t(size)) }
        return false
    }

    /// Moves the file aside (and the older ones one step further) and starts an empty one.
    func rotate() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        if keep == 0 {
            unlink(path)
        } else {
            unlink("\(path).\(keep)")
            for index in stride(from: keep - 1, through: 1, by: -1) { rename("\(path).\(index)", "\(path).\(index + 1)") }
            rename(path, "\(path).1")
        }
        size = 0
    }

    private static func openAppending(_ path: String) -> Int32 {
        openFile(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    }
}

/// `open(2)` is variadic in C; Swift imports it with its mode as a parameter on both systems.
private func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}
