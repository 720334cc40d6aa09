/// The bytes of a collector's folder as one log, fed to `JSONLines` as a file's would be: the
/// parts in order, a page's repeated lines dropped, each line ended by `\n` (but the log's own
/// last, so that a cut still reads as a cut). It holds one part's read buffer, the line at
/// hand, and one entry per part read: never the log.
///
/// A page's part at seq S holds seq S, S+1, … in its lines. Parts are read by S; `nextSeq` is
/// the first seq not yet read. A part that starts past it leaves a gap (`log-gap`); its lines
/// below it were read from an earlier part, and are compared with that part's line (read again
/// from its file): the same bytes are dropped, other bytes are an error naming both.
final class CollectorSource {
    let folder: CollectorFolder
    private let limit: Int
    /// The holes met so far; a native log's are known from the names, before any line.
    private(set) var gaps: [LogGap]
    /// The error that stopped the read because two parts disagree: never skipped as a line.
    private(set) var conflict: RecordingError?

    /// One part's lines as they stand in the log: from its line `local` (1-based), `count` of
    /// them, the first at the log's line `global` and (web) at seq `seq`.
    private struct Run {
        var part: Int
        var local: Int
        var global: Int
        var seq: Int
        var count: Int
    }

    private var runs: [Run] = []
    private var next = 0
    private var reading: PartLines?
    private var nextSeq = 1
    private var lines = 0
    private var line: [UInt8] = []
    private var earlier: [UInt8] = []
    private var out: [UInt8] = []
    private var outStart = 0
    /// The earlier part a repeated line is compared with, and its line read last.
    private var comparing: PartLines?
    private var comparingPart = -1

    init(folder: CollectorFolder, maxLineBytes: Int) {
        self.folder = folder
        // Two bytes past the bound (a CR may end a line at the bound): a longer line is cut
        // here, still too long, and JSONLines refuses it at its line.
        limit = maxLineBytes + 2
        gaps = folder.missingParts.map { missing in
            let after = folder.parts.first { $0.number > missing.upperBound }
            return LogGap(.parts(missing, of: folder.manifestParts), before: after.map(folder.path(of:)))
        }
    }

    /// What stopped the read: thrown again by every read after it, so that a caller that looked
    /// past an error (the first record's kind) cannot read on from beyond it.
    private var failure: Error?

    /// Fills `buffer` with the log's next bytes; 0 at its end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if let failure { throw failure }
        do {
            while out.count - outStart < buffer.count {
                guard try produceLine() else { break }
            }
        } catch {
            failure = error
            throw error
        }
        let count = min(buffer.count, out.count - outStart)
        guard count > 0 else { return 0 }
        out.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + outStart, byteCount: count) }
        outStart += count
        if outStart == out.count {
            out.removeAll(keepingCapacity: true)
            outStart = 0
        } else if outStart > 1 << 20 {
            out.removeFirst(outStart)
            outStart = 0
        }
        return count
    }

    /// Where the log's line `global` is: its part file and its line there.
    func place(ofLine global: Int) -> (path: String, line: Int)? {
        var low = 0
        var high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].global <= global { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let run = runs[low - 1]
        return (folder.path(of: folder.parts[run.part]), run.local + global - run.global)
    }

    /// Reads one line of the parts; false when they are all read.
    private func produceLine() throws -> Bool {
        while true {
            if reading == nil {
                guard next < folder.parts.count else { return false }
                try open(next)
            }
            let part = next
            guard let read = try reading!.next(into: &line, limit: limit) else {
                reading = nil
                next += 1
                continue
            }
            let local = reading!.lineNumber
            if folder.kind == .web {
                let seq = folder.parts[part].number + local - 1
                if seq < nextSeq {
                    try compare(seq: seq, length: read.length, at: local)
                    continue
                }
                nextSeq = seq + 1
            }
            emit(read, part: part, local: local)
            return true
        }
    }

    private func open(_ part: Int) throws {
        reading = try PartLines(path: folder.path(of: folder.parts[part]))
        let start = folder.parts[part].number
        if folder.kind == .web, start > nextSeq {
            gaps.append(LogGap(.seq(nextSeq...(start - 1)), before: folder.path(of: folder.parts[part])))
            nextSeq = start
        }
    }

    private func emit(_ read: PartLines.Line, part: Int, local: Int) {
        lines += 1
        if let last = runs.last, last.part == part {
            runs[runs.count - 1].count += 1
        } else {
            let seq = folder.kind == .web ? folder.parts[part].number + local - 1 : 0
            runs.append(Run(part: part, local: local, global: lines, seq: seq, count: 1))
        }
        out.append(contentsOf: line)
        // A line with no `\n` ends the log only in its last part; elsewhere the next part's
        // first line would run on into it.
        if read.terminated || part < folder.parts.count - 1 { out.append(0x0A) }
    }

    /// A page's line at a seq already read: the same bytes as the line read then, or an error.
    private func compare(seq: Int, length: Int, at local: Int) throws {
        let run = runs.last { $0.seq <= seq && seq < $0.seq + $0.count }!
        let wanted = run.local + seq - run.seq
        if comparingPart != run.part || comparing!.lineNumber >= wanted {
            comparing = try PartLines(path: folder.path(of: folder.parts[run.part]))
            comparingPart = run.part
        }
        var held: PartLines.Line?
        while comparing!.lineNumber < wanted {
            held = try comparing!.next(into: &earlier, limit: limit)
            if held == nil { break }
        }
        if let held, held.length == length, earlier == line { return }
        let error = RecordingError(
            .malformed, path: folder.path(of: folder.parts[next]), line: local,
            "seq \(seq) is held twice with different bytes: this line, and line \(wanted) of \(folder.path(of: folder.parts[run.part])) "
                + "(a part's line k has the part's first seq + k - 1); a collector keeps one line per seq, "
                + "so one copy was changed after it was stored: remove the part that is wrong")
        conflict = error
        throw error
    }
}
