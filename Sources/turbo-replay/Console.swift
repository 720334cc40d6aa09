import Glibc

/// Standard output and error, through C stdio: block-buffered into a pipe or file (a
/// replay's output is mostly written in one go), flushed at each record when streaming.
final class Console {
    private let out: UnsafeMutablePointer<FILE>
    private let err: UnsafeMutablePointer<FILE>

    init() {
        out = fdopen(STDOUT_FILENO, "w")
        err = fdopen(STDERR_FILENO, "w")
        setvbuf(out, nil, _IOFBF, 1 << 16)
    }

    func print(_ line: String) {
        fputs(line, out)
        fputc(0x0A, out)
    }

    /// Writes `bytes` as they are (a line already ends in its newline).
    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { _ = fwrite($0.baseAddress, 1, $0.count, out) }
    }

    func flush() {
        fflush(out)
    }

    /// A line on standard error, after flushing what was printed before it, so the two
    /// streams read in order in a terminal.
    func error(_ line: String) {
        fflush(out)
        fputs(line, err)
        fputc(0x0A, err)
        fflush(err)
    }
}

extension Console {
    /// A line `--lenient` skipped, named.
    func skipped(_ error: any Error) {
        self.error("turbo-replay: warning: \(error) (line skipped)")
    }

    /// How many lines `--lenient` skipped in a file, when there were any.
    func reportSkipped(_ count: Int, in path: String) {
        guard count > 0 else { return }
        error("turbo-replay: skipped \(count) malformed line\(count == 1 ? "" : "s") in \(path)")
    }
}
