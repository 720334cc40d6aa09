import Goldens
import Reports
import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output and error, through C stdio: block-buffered into a pipe or file (a
/// replay's output is mostly written in one go), flushed at each record when streaming.
///
/// Every write to standard output is checked. The first that fails (a full disk, an I/O
/// error, a closed descriptor) throws a `WriteError`, which ends the command with exit
/// status 74: what was written before it stays written, but the status says the output is
/// incomplete. (A closed pipe ends the process by SIGPIPE first, as for any Unix tool.)
///
/// Tests give it C streams of their own instead (`init(output:error:)`, open_memstream's), and
/// run the command line in their process (`CLI.run`).
package final class Console: ExplainPrinter {
    private let out: UnsafeMutablePointer<FILE>?
    private let err: UnsafeMutablePointer<FILE>?
    /// Whether the streams are the process's own standard output and error, whose handling
    /// (SIGPIPE) is the process's to change.
    private let standardStreams: Bool

    /// The line `writeLine` fills, reused from line to line. Behind a pointer, as the readers
    /// keep their state: a stored `var`, or a local the caller's closure captures, would cost
    /// an exclusivity check at each access, on every line of an output-heavy replay.
    private let line = UnsafeMutablePointer<[UInt8]>.allocate(capacity: 1)

    package init() {
        out = fdopen(STDOUT_FILENO, "w")
        err = fdopen(STDERR_FILENO, "w")
        standardStreams = true
        // 64 kB of buffer, so an output-heavy replay makes a sixteenth of the write calls. Given
        // no buffer, glibc's setvbuf keeps the size it would have picked (4 kB to a pipe or
        // /dev/null) and ignores this one; the buffer lives as long as standard output does,
        // to the process's end, when the stream is flushed from it, so it is never freed.
        if let out { setvbuf(out, UnsafeMutablePointer<CChar>.allocate(capacity: 1 << 16), _IOFBF, 1 << 16) }
        line.initialize(to: [])
    }

    /// A console that writes to `output` and `error` as they are, buffered as they are: a
    /// test's streams (open_memstream's), one stream for both to keep their order (`2>&1`).
    /// They stay the caller's to close.
    package init(output: UnsafeMutablePointer<FILE>, error: UnsafeMutablePointer<FILE>) {
        out = output
        err = error
        standardStreams = false
        line.initialize(to: [])
    }

    deinit {
        line.deinitialize(count: 1)
        line.deallocate()
    }

    /// Whether standard error is a terminal: a test's stream never is.
    var errorIsTerminal: Bool { standardStreams && isatty(STDERR_FILENO) == 1 }

    /// `text` on standard error as it is, no newline added, after what was printed before it:
    /// a progress line redrawn in place (`FleetProgress`).
    func errorText(_ text: String) {
        if let out { fflush(out) }
        guard let err else { return }
        fputs(text, err)
        fflush(err)
    }

    /// A write to standard output has failed (and was reported by whoever caught it).
    private(set) var failed = false

    /// From here on, a closed pipe on standard output is a failed write to report (EPIPE),
    /// not the end of the process by SIGPIPE. The signal's handling is the whole process's:
    /// streams that are not its standard ones have no pipe to close, and leave it as it is.
    func reportClosedPipe() {
        if standardStreams { signal(SIGPIPE, SIG_IGN) }
    }

    private var failure: WriteError {
        failed = true
        return WriteError(.io, destination: "standard output", reason: String(cString: strerror(errno == 0 ? EIO : errno)))
    }

    package func print(_ line: String) throws {
        guard let out, fputs(line, out) >= 0, fputc(0x0A, out) != EOF else { throw failure }
    }

    /// `text` a line at a time, each made terminal-safe (`terminalSafe`): what it quotes (a
    /// file name, a recording's text) can neither add a line nor reach the terminal as a
    /// control sequence.
    func printSafely(_ text: String) throws {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { try print(terminalSafe(String(line))) }
    }

    /// Writes `bytes` as they are (a line already ends in its newline).
    func write(_ bytes: [UInt8]) throws {
        guard let out else { throw failure }
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, out) }
        guard written == bytes.count else { throw failure }
    }

    /// Writes the line `fill` appends to an empty buffer, and its newline.
    func writeLine(_ fill: (inout [UInt8]) -> Void) throws {
        line.pointee.removeAll(keepingCapacity: true)
        fill(&line.pointee)
        line.pointee.append(0x0A)
        try write(line.pointee)
    }

    func flush() throws {
        guard let out, fflush(out) == 0 else { throw failure }
    }

    /// A line on standard error, after flushing what was printed before it, so the two
    /// streams read in order in a terminal. Errors about errors have nowhere to go.
    package func error(_ line: String) {
        if let out { fflush(out) }
        guard let err else { return }
        fputs(line, err)
        fputc(0x0A, err)
        fflush(err)
    }
}

extension Console {
    /// A line `--lenient` skipped, named.
    func skipped(_ error: any Error) {
        self.error("turbo-replay: warning: \(terminalSafe("\(error)")) (line skipped)")
    }

    /// An error on standard error. Its message may quote a recording (an unknown `type`,
    /// `platform` or `error.kind`), so it is made terminal-safe: one line, no escapes.
    func failure(_ error: any Error, _ label: String = "error") {
        self.error("turbo-replay: \(label): \(terminalSafe("\(error)"))")
    }

    /// How many lines `--lenient` skipped in a file, when there were any.
    func reportSkipped(_ count: Int, in path: String) {
        guard count > 0 else { return }
        error("turbo-replay: skipped \(count) malformed line\(count == 1 ? "" : "s") in \(terminalSafe(path))")
    }

    /// A cut log, on standard error for the commands whose output is a timeline, not findings:
    /// the `log-cut` finding as `explain` reports it, which never changes the exit status.
    func reportCut(_ line: Int?, in path: String) {
        guard let line else { return }
        reportCuts([LogCut(line: line, t: nil)], in: path)
    }

    /// A collector's folder's holes, on standard error for the commands whose output is a
    /// timeline: the `log-gap` finding as `explain` reports it.
    func reportGaps(_ gaps: [LogGap], in path: String) {
        for gap in gaps { error("turbo-replay: note: " + terminalSafe(gap.note(path: path))) }
    }

    /// A native log's cuts: the `cut` records its logger wrote, then its own last line's.
    func reportCuts(_ cuts: [LogCut], in path: String) {
        for cut in cuts { error("turbo-replay: note: " + terminalSafe(cut.note(path: path))) }
    }
}
