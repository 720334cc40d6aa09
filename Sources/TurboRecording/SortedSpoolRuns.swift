#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file a `SortedSpool` writes its runs to, back to back: a `Scratch` file (in `$TMPDIR`,
/// else `/tmp`, with no name), so nothing is left behind however the process ends. Entries are
/// written as their key's and value's lengths (4 bytes each, native order), then their bytes.
final class TemporaryFile {
    let descriptor: Int32
    let folder: String
    private var pending: [UInt8] = []
    /// Bytes written, pending ones included.
    private(set) var size = 0

    init() throws {
        folder = Scratch.folder
        descriptor = try Scratch.descriptor()
    }

    deinit { close(descriptor) }

    func writeEntry(key: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) throws {
        withUnsafeBytes(of: UInt32(key.count)) { pending.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt32(value.count)) { pending.append(contentsOf: $0) }
        pending.append(contentsOf: key)
        pending.append(contentsOf: value)
        size += 8 + key.count + value.count
        if pending.count >= 1 << 16 { try flush() }
    }

    func flush() throws {
        var written = 0
        while written < pending.count {
            let count = pending.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, pending.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw Scratch.failure(.write, in: folder, code: count < 0 ? errno : ENOSPC) }
            written += count
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Up to `buffer.count` bytes from `offset` (of what was flushed); fewer only at the end.
    func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var done = 0
        while done < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Scratch.failure(.read, in: folder) }
            if count == 0 { break }
            done += count
        }
        return done
    }

    /// `runs` merged into one run at the end of the file.
    func merge(_ runs: [SortedSpool.Run], budget: Int) throws -> SortedSpool.Run {
        try flush()
        let offset = size
        var merge = try RunMerge(file: self, runs: runs, budget: budget)
        var count = 0
        while let entry = try merge.next() {
            try entry.key.withUnsafeBufferPointer { key in try entry.value.withUnsafeBufferPointer { try writeEntry(key: key, value: $0) } }
            count += 1
        }
        try flush()
        return SortedSpool.Run(offset: offset, count: count)
    }
}

/// One run read back: a buffered cursor over its entries.
private struct RunReader {
    let file: TemporaryFile
    var offset: Int
    var remaining: Int
    var buffer: [UInt8]
    var start = 0
    var end = 0
    var key: [UInt8] = []
    var value: [UInt8] = []

    init(file: TemporaryFile, run: SortedSpool.Run, bufferSize: Int) {
        self.file = file
        offset = run.offset
        remaining = run.count
        buffer = [UInt8](repeating: 0, count: bufferSize)
    }

    /// Reads the next entry into `key` and `value`; `false` after the last.
    mutating func advance() throws -> Bool {
        guard remaining > 0 else { return false }
        remaining -= 1
        let lengths = try take(8)
        let keyCount = lengths.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: 0, as: UInt32.self)) }
        let valueCount = lengths.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: 4, as: UInt32.self)) }
        key = try take(keyCount)
        value = try take(valueCount)
        return true
    }

    private mutating func take(_ count: Int) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count)
        while out.count < count {
            if start == end {
                end = try buffer.withUnsafeMutableBytes { try file.read(at: offset, into: $0) }
                start = 0
                offset += end
                guard end > 0 else { throw Scratch.failure(.read, in: file.folder, code: EIO) }
            }
            let n = min(count - out.count, end - start)
            out.append(contentsOf: buffer[start..<(start + n)])
            start += n
        }
        return out
    }
}

/// The k-way merge of runs: a heap of their cursors by current entry (key, value, then the
/// run's order, so that equal entries come in the order they were added).
struct RunMerge {
    private var readers: [RunReader] = []
    private var heap: IndexHeap

    init(file: TemporaryFile, runs: [SortedSpool.Run], budget: Int) throws {
        try file.flush()
        let size = min(max(budget / max(runs.count, 1), 4096), 1 << 16)
        for run in runs {
            var reader = RunReader(file: file, run: run, bufferSize: size)
            if try reader.advance() { readers.append(reader) }
        }
        heap = IndexHeap(count: readers.count) { [readers] in Self.precedes(readers, $0, $1) }
    }

    private static func precedes(_ readers: [RunReader], _ a: Int, _ b: Int) -> Bool {
        let order = compare(readers[a].key, readers[b].key)
        if order != 0 { return order < 0 }
        let valueOrder = compare(readers[a].value, readers[b].value)
        return valueOrder != 0 ? valueOrder < 0 : a < b
    }

    mutating func next() throws -> (key: [UInt8], value: [UInt8])? {
        guard let top = heap.first else { return nil }
        let entry = (key: readers[top].key, value: readers[top].value)
        let more = try readers[top].advance()
        let readers = self.readers
        if more { heap.firstChanged { Self.precedes(readers, $0, $1) } } else { heap.removeFirst { Self.precedes(readers, $0, $1) } }
        return entry
    }
}
