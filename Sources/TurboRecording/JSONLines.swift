import CJSONC

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads JSON Lines through json-c one line at a time, in constant memory: a fixed read
/// buffer, a line buffer capped at `maxLineBytes`, one reused tokener. Each non-blank line is
/// handed over as a parsed `json_object` that lives only for the call; the caller copies out
/// what it keeps.
public final class JSONLines {
    /// A hostile log must not take the machine: longer lines are an error, not an allocation.
    public static let defaultMaxLineBytes = 1 << 20
    /// json-c's own default; deeper nesting is an error naming the line.
    public static let defaultMaxDepth = 32

    public let path: String
    public let maxLineBytes: Int
    /// Whether a cut last line is the log's cut (a recording) or an error like any other (a
    /// golden, a partial: files this tool writes whole, where a cut one is made again).
    ///
    /// This and `onObject` are set before reading and only read while it goes on, on one
    /// thread: unchecked, since a run-time exclusivity check on every line can find no conflict.
    @exclusivity(unchecked) public var cutsAllowed = true
    /// Sees each line's object before the reader decodes it: a second reader of the same pass
    /// (the session's record lines) that reads nothing twice, so it works on a pipe too.
    @exclusivity(unchecked) public var onObject: ((OpaquePointer, Int) -> Void)?
    public var maxDepth: Int { parser.maxDepth }
    /// The input when it was given as bytes (`fmemopen` reads it in place).
    private var ownedBytes: UnsafeMutableRawPointer?
    /// A collector's folder read as one log: its parts, in place of the file.
    private var collector: CollectorSource?
    private let file: UnsafeMutablePointer<FILE>
    private let ownsFile: Bool
    /// Read as it arrives (standard input, a FIFO, `<(tail -f …)`): each read takes what is
    /// there, so a line is seen as soon as it is written; a regular file is read in full blocks.
    public let arrives: Bool
    private let parser: JSONLineParser
    /// The read buffer. Buffers are owned pointers rather than arrays: the per-line loop then
    /// pays no copy-on-write or exclusivity checks on them.
    private let chunk: UnsafeMutableBufferPointer<UInt8>
    /// Where reading is. Kept behind a pointer for the same reason: the class's own stored
    /// `var`s would cost a dynamic exclusivity check at each access, several per line.
    private let position = UnsafeMutablePointer<Position>.allocate(capacity: 1)

    private struct Position {
        var chunkStart = 0
        var chunkEnd = 0
        /// A line that crossed a refill, gathered here; grows up to `maxLineBytes`, then is freed.
        var carry = LineBuffer()
        var atEOF = false
        var lineNumber = 0
        /// The line read last ended at the end of the input with no newline after it.
        var unterminated = false
        /// The log's cut (recording-format.md, "A cut log"): the number of its last line, which
        /// has no line end and is not a complete JSON object; `nil` while none was met.
        var cut: Int?

        /// The line before was refused as overlong before its end: its rest is still to skip.
        var skippingRest = false
        /// A line `peek` looked at, to be handed out again, as it was, by the next read.
        var pushedBack: RawLine?

        /// Finds the next line without copying it when it lies whole in the read buffer. The
        /// limit counts the line without its ending (LF, CRLF, or a CR at the end of the input),
        /// and a line is refused as soon as it passes it: an endless line on a pipe is not read
        /// to its end first.
        mutating func nextRawLine(
            in chunk: UnsafeMutableBufferPointer<UInt8>, maxLineBytes: Int,
            refill: () throws -> Int
        ) throws -> RawLine? {
            if let line = pushedBack {
                pushedBack = nil
                return line
            }
            carry.count = 0
            unterminated = false
            var discarding = skippingRest
            skippingRest = false
            while true {
                if chunkStart == chunkEnd {
                    if atEOF { break }
                    chunkStart = 0
                    chunkEnd = try refill()
                    if chunkEnd == 0 {
                        atEOF = true
                        break
                    }
                }
                let base = chunk.baseAddress!
                if let found = memchr(base + chunkStart, 0x0A, chunkEnd - chunkStart) {
                    let newline = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                    let start = chunkStart
                    chunkStart = newline + 1
                    if discarding {
                        discarding = false
                        continue
                    }
                    lineNumber += 1
                    let last = newline > start ? base[newline - 1] : carry.last
                    if carry.count + (newline - start) - (last == 0x0D ? 1 : 0) > maxLineBytes { return .overlong }
                    if carry.count == 0 { return .inChunk(start..<newline) }
                    carry.append(base + start, count: newline - start)
                    return .carried
                }
                // The line goes on past the buffer: keep it, up to the cap (and one byte
                // more, which may be the CR of a CRLF).
                if !discarding {
                    if carry.count + (chunkEnd - chunkStart) > maxLineBytes + 1 {
                        lineNumber += 1
                        carry.free()
                        chunkStart = chunkEnd
                        skippingRest = true
                        return .overlong
                    }
                    carry.append(base + chunkStart, count: chunkEnd - chunkStart)
                }
                chunkStart = chunkEnd
            }
            // The last line, without a final newline.
            guard !discarding, carry.count > 0 else { return nil }
            lineNumber += 1
            unterminated = true
            return carry.count - (carry.last == 0x0D ? 1 : 0) > maxLineBytes ? .overlong : .carried
        }
    }

    /// The number of the line read last (1-based).
    public var lineNumber: Int { position.pointee.lineNumber }

    /// The line at which the log was cut, once the end of the input has been read: its last line,
    /// with no line end and not a complete JSON object, is where its writer died, not an error.
    /// Every line before it was read; the cut itself is no record. Known only at the end (on a
    /// stream, at EOF). `nil` when the log ends whole.
    public var cut: Int? { position.pointee.cut }

    /// Opens `path`, or standard input for `-`; a folder is a collector's, its parts read as one
    /// log (`CollectorFolder`).
    public convenience init(path: String, maxLineBytes: Int = defaultMaxLineBytes, maxDepth: Int = defaultMaxDepth) throws {
        if path == "-" {
            // Standard input is read as lines arrive (a piped capture); files in large blocks.
            guard let input = fdopen(STDIN_FILENO, "rb") else {  // closed (`<&-`)
                throw RecordingError(.unreadable, path: "<stdin>", line: nil, "cannot open: \(String(cString: strerror(errno)))")
            }
            self.init(
                file: input, ownsFile: false, name: "<stdin>", maxLineBytes: maxLineBytes,
                maxDepth: maxDepth, readBufferSize: 4096)
            return
        }
        guard let opened = withFileSystemPath(path, { fopen($0, "rb") }) else {
            throw RecordingError(.unreadable, path: path, line: nil, "cannot open: \(String(cString: strerror(errno)))")
        }
        // Told from the file opened, not by a second look at the path: a fleet opens millions.
        var status = stat()
        guard fstat(fileno(opened), &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
            self.init(file: opened, ownsFile: true, name: path, maxLineBytes: maxLineBytes, maxDepth: maxDepth, readBufferSize: 1 << 16)
            return
        }
        fclose(opened)
        let folder = try CollectorFolder(path: path)
        // The folder's objects are read by `CollectorSource`; the stream itself stays empty.
        guard let empty = fopen("/dev/null", "rb") else {
            throw RecordingError(.unreadable, path: path, line: nil, "cannot open /dev/null: \(String(cString: strerror(errno)))")
        }
        self.init(
            file: empty, ownsFile: true, name: folder.path, maxLineBytes: maxLineBytes, maxDepth: maxDepth,
            readBufferSize: 1 << 16, regular: true)
        collector = CollectorSource(folder: folder, maxLineBytes: maxLineBytes)
    }

    /// Reads `bytes` as if they were a file called `name` (for tests and the fuzzer; a small
    /// `readBufferSize` makes lines cross buffer refills).
    public convenience init(
        bytes: [UInt8], name: String, maxLineBytes: Int = defaultMaxLineBytes,
        maxDepth: Int = defaultMaxDepth, readBufferSize: Int = 1 << 16
    ) {
        let copy = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        bytes.withUnsafeBytes { if let source = $0.baseAddress { copy.copyMemory(from: source, byteCount: bytes.count) } }
        // fmemopen reads a buffer as a FILE; an empty one is /dev/null.
        let file = bytes.isEmpty ? fopen("/dev/null", "rb")! : fmemopen(copy, bytes.count, "rb")!
        self.init(
            file: file, ownsFile: true, name: name, maxLineBytes: maxLineBytes, maxDepth: maxDepth,
            readBufferSize: max(readBufferSize, 1))
        ownedBytes = copy
    }

    private init(
        file: UnsafeMutablePointer<FILE>, ownsFile: Bool, name: String, maxLineBytes: Int, maxDepth: Int,
        readBufferSize: Int, regular: Bool = false
    ) {
        self.file = file
        self.ownsFile = ownsFile
        self.path = name
        var info = stat()
        let fd = fileno(file)
        arrives = !regular && ((!ownsFile && name == "<stdin>") || (fd >= 0 && fstat(fd, &info) == 0 && info.st_mode & S_IFMT != S_IFREG))
        self.maxLineBytes = maxLineBytes
        parser = JSONLineParser(maxDepth: maxDepth)
        chunk = .allocate(capacity: readBufferSize)
        position.initialize(to: Position())
    }

    deinit {
        parser.free()
        chunk.deallocate()
        position.pointee.carry.free()
        position.deinitialize(count: 1)
        position.deallocate()
        if ownsFile { fclose(file) }
        ownedBytes?.deallocate()
    }

    /// Calls `body` with the next non-blank line's object and its line number, or returns
    /// false at the end of the input. A malformed line throws with its number; reading may
    /// go on after it (lenient mode).
    public func next<R>(_ body: (OpaquePointer, Int) throws -> R) throws -> R? {
        while true {
            guard let line = try nextRawLine() else { return nil }
            if let result = try parse(line, body) { return result }
        }
    }

    /// `next`, but the line stays to be read again: the next `next` hands out the same line,
    /// with the same number (or throws the same error). A look at the first record, to tell
    /// which kind of log this is, that reads nothing twice, so it works on a pipe.
    public func peek<R>(_ body: (OpaquePointer, Int) throws -> R) throws -> R? {
        var looked: RawLine?  // the line to hand out again, returned or thrown on: not a blank one
        defer { position.pointee.pushedBack = looked }
        while true {
            guard let line = try nextRawLine() else { return nil }
            looked = line
            if let result = try parse(line, body) { return result }
            looked = nil
        }
    }

    /// `next`, with the line's bytes as read (without its line ending) beside its object:
    /// for a reader that compares text first and only looks into what differs (a golden).
    public func nextWithBytes<R>(_ body: (OpaquePointer, Int, UnsafeBufferPointer<UInt8>) throws -> R) throws -> R? {
        while true {
            guard let line = try nextRawLine() else { return nil }
            let bytes: UnsafeBufferPointer<UInt8>
            switch line {
            case .inChunk(let range): bytes = UnsafeBufferPointer(rebasing: chunk[range])
            case .carried: bytes = position.pointee.carry.bytes
            case .overlong: bytes = UnsafeBufferPointer(start: nil, count: 0)
            }
            if let result = try parse(line, { object, number in try body(object, number, bytes) }) { return result }
        }
    }

    // MARK: - Lines

    private enum RawLine {
        /// The line lies whole in the read buffer, at this range: parsed in place, no copy.
        case inChunk(Range<Int>)
        /// The line crossed a buffer refill and was gathered in `carry`.
        case carried
        case overlong
    }

    private func nextRawLine() throws -> RawLine? {
        // `unowned(unsafe)`: the closure lives only for this call, while `self` does, and a
        // plain method reference would retain and release `self` on every line.
        try position.pointee.nextRawLine(in: chunk, maxLineBytes: maxLineBytes) { [unowned(unsafe) self] in try self.readChunk() }
    }

    /// Fills the read buffer; 0 at the end of the input.
    private func readChunk() throws -> Int {
        let raw = UnsafeMutableRawBufferPointer(chunk)
        if let collector { return try collector.read(into: raw) }
        let count = arrives ? try readAvailable(into: raw) : fread(raw.baseAddress, 1, raw.count, file)
        if count == 0, ferror(file) != 0 {
            throw RecordingError(.unreadable, path: path, line: nil, "read failed: \(String(cString: strerror(errno)))")
        }
        return count
    }

    /// For a pipe, what has arrived rather than a whole buffer, so that
    /// `tail -f log | turbo-replay explain -` shows each record as soon as it is decided.
    private func readAvailable(into raw: UnsafeMutableRawBufferPointer) throws -> Int {
        try readArrived(fd: fileno(file), into: raw, name: path)
    }

    // MARK: - Parsing

    private func parse<R>(_ line: RawLine, _ read: (OpaquePointer, Int) throws -> R) throws -> R? {
        // The second reader, when there is one, wraps the first; without one, each line's
        // object goes straight to `read` (this is the per-line loop).
        guard let onObject else { return try parseObject(line, read) }
        return try parseObject(line) { object, number in
            onObject(object, number)
            return try read(object, number)
        }
    }

    private func parseObject<R>(_ line: RawLine, _ body: (OpaquePointer, Int) throws -> R) throws -> R? {
        let number = lineNumber
        switch line {
        case .overlong:
            throw malformed("line is longer than \(maxLineBytes) bytes")
        case .inChunk(let range):
            do {
                return try parser.parse(UnsafeBufferPointer(rebasing: chunk[range]), atFileStart: number == 1) { try body($0, number) }
            } catch let problem as JSONLineParser.Malformed {
                throw malformed(problem.message)
            }
        case .carried:
            do {
                return try parser.parse(position.pointee.carry.bytes, atFileStart: number == 1) { try body($0, number) }
            } catch let problem as JSONLineParser.Malformed {
                // The last line, with no line end, that is not a complete JSON object: the log's
                // cut. Nothing is handed out for it, and the input ends there.
                guard position.pointee.unterminated, cutsAllowed else { throw malformed(problem.message) }
                position.pointee.cut = number
                return nil
            }
        }
    }

    func malformed(_ message: String) -> RecordingError {
        guard let place = place(ofLine: lineNumber) else { return RecordingError(.malformed, path: path, line: lineNumber, message) }
        return RecordingError(.malformed, path: place.path, line: place.line, message)
    }

    // MARK: - A collector's folder

    /// Where the input's line `line` is: for a collector's folder, its part file and its line
    /// there; `nil` for a file, whose lines are its own.
    public func place(ofLine line: Int) -> (path: String, line: Int)? { collector?.place(ofLine: line) }

    /// The holes in a collector's folder met so far (`log-gap`): all of them once it has been
    /// read to its end. None for a file.
    public var gaps: [LogGap] { collector?.gaps ?? [] }

    /// The kind of log a collector's folder holds, by its parts' names; `nil` for a file.
    public var collectorKind: CollectorFolder.Kind? { collector?.folder.kind }

    /// Whether `error` is about one line of this input, which a lenient read may skip: not two
    /// parts of a collector's folder that disagree, nor another file's.
    public func isLineError(_ error: RecordingError) -> Bool {
        guard error.kind == .malformed, error != collector?.conflict else { return false }
        return error.path == path || (collector != nil && error.path.hasPrefix(path + "/"))
    }
}

/// A growable byte buffer that the owner frees: the carry of a line split across reads.
private struct LineBuffer {
    private var storage: UnsafeMutablePointer<UInt8>?
    private var capacity = 0
    var count = 0

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage, count: count) }

    var last: UInt8? { count > 0 ? storage![count - 1] : nil }

    mutating func append(_ source: UnsafePointer<UInt8>, count added: Int) {
        if count + added > capacity {
            let grown = max(count + added, capacity * 2, 4096)
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            if let storage {
                larger.update(from: storage, count: count)
                storage.deallocate()
            }
            storage = larger
            capacity = grown
        }
        (storage! + count).update(from: source, count: added)
        count += added
    }

    /// Gives the memory back (after an overlong line, so that one hostile line does not keep a
    /// megabyte for the rest of the run).
    mutating func free() {
        storage?.deallocate()
        storage = nil
        capacity = 0
        count = 0
    }
}
