import PolicyCore
import Replay
import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The merge's flat half: partials' log lines are sorted by their key (the real path as the
/// line spells it, `{"real":"…"`), so a merge reads every input once to find its sorted runs,
/// then streams a k-way merge of the runs, one line of each in memory. A log read twice sits
/// next to its twin in that stream and is found without a set of every path; the totals are
/// folded in one order whatever the split, so a merge of merges prints the same bytes.
enum PartialRuns {
    /// The most runs one merge opens at once (each holds a file and a buffer): more is refused,
    /// and merged in groups first with `--merge --partial`.
    static let maxRuns = 4096
    /// What the runs' buffers share: each gets its part, between 4 KB and 256 KB.
    static let bufferBudget = 16 << 20

    /// A stretch of one input whose log lines are in key order.
    struct Run {
        var file: String
        var source: String
        var start: Int
        var end: Int
        var firstLine: Int
    }

    static let logPrefix: [UInt8] = Array(#"{"real":""#.utf8)

    /// The key of a log line (the real path's JSON string, quotes included), or `nil` when
    /// the line is not a log line.
    static func key(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard line.starts(with: logPrefix) else { return nil }
        var index = line.startIndex + logPrefix.count
        while index < line.endIndex {
            switch line[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return line[(line.startIndex + logPrefix.count - 1)...index]
            default: index += 1
            }
        }
        return nil
    }

    /// Standard input (or what else is read as it arrives, at `input`, called `source`) copied
    /// to a file of its own (a merge reads its inputs twice, and a pipe can be read once), with
    /// no name from the moment it is open (`Scratch`): a merge killed by any signal, SIGKILL
    /// included, leaves no copy of a partial that may be gigabytes. The path opens it again for
    /// each reader (the descriptor's own name); the caller closes the descriptor when the merge
    /// ends, and the copy is gone.
    static func spool(_ input: Int32 = STDIN_FILENO, source: String = "<stdin>") throws -> (path: String, descriptor: Int32) {
        let fd = try Scratch.descriptor()
        do {
            try copy(input, source: source, to: fd)
        } catch {
            close(fd)
            throw error
        }
        #if os(Linux)
        return ("/proc/self/fd/\(fd)", fd)
        #else
        return ("/dev/fd/\(fd)", fd)
        #endif
    }

    private static func copy(_ input: Int32, source: String, to fd: Int32) throws {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(input, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw RecordingError(.unreadable, path: source, line: nil, errorText())
            }
            if count == 0 { break }
            var written = 0
            while written < count {
                let n = buffer.withUnsafeBytes { write(fd, $0.baseAddress! + written, count - written) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw Scratch.failure(.write, code: n == 0 ? ENOSPC : errno) }
                written += n
            }
        }
    }

    static func errorText() -> String { String(cString: strerror(errno)) }

    /// Every log line of `runs`, in key order (a tie: the earlier run first), with the run's
    /// source and the line's number.
    static func merge(
        _ runs: [Run], _ body: (_ line: ArraySlice<UInt8>, _ key: ArraySlice<UInt8>, _ source: String, _ number: Int) throws -> Void
    ) throws {
        let size = Swift.min(Swift.max(bufferBudget / Swift.max(runs.count, 1), 4096), 256 << 10)
        var cursors: [LineCursor] = []
        for run in runs {
            let cursor = try LineCursor(
                path: run.file, source: run.source, offset: run.start, end: run.end, line: run.firstLine, bufferSize: size)
            if try cursor.advanceToLog() { cursors.append(cursor) }
        }
        // A tie goes to the earlier run: the cursors are in run order.
        func precedes(_ a: Int, _ b: Int) -> Bool {
            cursors[a].key.lexicographicallyPrecedes(cursors[b].key) || (cursors[a].key.elementsEqual(cursors[b].key) && a < b)
        }
        var heap = IndexHeap(count: cursors.count, by: precedes)
        while let index = heap.first {
            let top = cursors[index]
            try body(top.line, top.key, top.source, top.number)
            if try top.advanceToLog() { heap.firstChanged(by: precedes) } else { heap.removeFirst(by: precedes) }
        }
    }
}
