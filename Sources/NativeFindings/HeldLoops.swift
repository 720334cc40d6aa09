import NativeErrorPolicy
import Replay

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Probe loops waiting on disk for their runs to end (`IdleProbeRuns`): each run a record in
/// one temporary file, and an index by the run's `order` in a second, so that at an edge they
/// are read back in the order the loops come out without sorting them in memory. A run given
/// back to the detector leaves its record behind: the reader asks the caller which records
/// are still held. A read of a file this process wrote that fails is a broken machine, not a
/// log: the replay stops (`preconditionFailure`) rather than answer wrongly.
final class HeldLoops: @unchecked Sendable {
    // One replay owns it and uses it from one thread; `@unchecked` only because it is a class
    // over two file descriptors.

    private var records: Int32
    private let index: Int32
    private var recordsEnd: Int64 = 0
    /// Orders held are past it: the index's first entry is `base + 1`.
    private let base: Int
    /// The highest order held.
    private var highest: Int
    /// Bytes of the records still held (written and not given back): a run given back and
    /// taken out again is written anew, so past half the file the held ones are written again
    /// without the rest (`compact`), and the file grows with the loops held, not with the log.
    private var liveBytes: Int64 = 0

    /// A record's fixed part: count, order, more lines, last line (-1: none), first, second
    /// and last retry, the number of lines and the surface's length. Then each line, then the
    /// surface's bytes.
    private static let header = 64

    /// Loops held from now on have orders past `order`.
    init?(past order: Int) {
        base = order
        highest = order
        guard let records = unnamedTemporaryFile() else { return nil }
        guard let index = unnamedTemporaryFile() else {
            close(records)
            return nil
        }
        self.records = records
        self.index = index
    }

    deinit {
        close(records)
        close(index)
    }

    /// Writes `run` on `surface`; its record's place, or `nil` when the disk would not take it.
    func append(_ run: ProbeLoopDetector.Run, on surface: [UInt8]) -> Int64? {
        var words: [Int64] = [
            Int64(run.count), Int64(run.order), Int64(run.moreLines), Int64(run.lastLine ?? -1),
            Int64(bitPattern: run.first.bitPattern), Int64(bitPattern: run.second.bitPattern),
            Int64(bitPattern: run.last.bitPattern), Int64(run.lines.count) << 32 | Int64(surface.count),
        ]
        words += run.lines.map(Int64.init)
        var bytes = words.withUnsafeBytes { Array($0) }
        bytes += surface
        let offset = recordsEnd
        guard pwrite(records, bytes, bytes.count, off_t(offset)) == bytes.count else { return nil }
        var entry = offset + 1
        guard pwrite(index, &entry, 8, off_t(8 * (run.order - base - 1))) == 8 else { return nil }
        recordsEnd += Int64(bytes.count)
        liveBytes += Int64(bytes.count)
        highest = max(highest, run.order)
        return offset
    }

    /// `run(at:)` for a run given back to the detector: its record is no longer held.
    func take(at offset: Int64) -> (run: ProbeLoopDetector.Run, surface: [UInt8]) {
        let taken = run(at: offset)
        liveBytes -= Int64(Self.header + 8 * taken.run.lines.count + taken.surface.count)
        return taken
    }

    /// The records file's length (the tests read it).
    var fileBytes: Int64 { recordsEnd }

    /// Whether most of the file is records given back (and it is more than 4 MB).
    var wasteful: Bool { recordsEnd > 1 << 22 && recordsEnd > 2 * liveBytes }

    /// Writes the records still held (`held`, as for `reading`) into a new file, in order,
    /// and tells `moved` each one's new place. `false`, with nothing changed, when the disk
    /// would not take them.
    func compact(held: ([UInt8], Int64) -> Bool, moved: ([UInt8], Int64) -> Void) -> Bool {
        guard let fresh = unnamedTemporaryFile() else { return false }
        var end: Int64 = 0
        var copied = true
        forEachHeld(held) { offset, size in
            var bytes = [UInt8](repeating: 0, count: size)
            read(&bytes, offset)
            copied = pwrite(fresh, bytes, size, off_t(end)) == size
            end += Int64(size)
            return copied
        }
        guard copied else {
            close(fresh)
            return false
        }
        // The same records in the same order again: their new places, in the index and for
        // the caller, and no place for those given back (theirs would be past the new end).
        // Both over places already written, so a failure is the machine's.
        end = 0
        var order = base + 1
        while order <= highest {
            var chunk = indexChunk(from: order)
            for (k, entry) in chunk.enumerated() where entry > 0 {
                let (size, surface) = recordSize(at: entry - 1)
                guard held(surface, entry - 1) else {
                    chunk[k] = 0
                    continue
                }
                chunk[k] = end + 1
                moved(surface, end)
                end += Int64(size)
            }
            let bytes = 8 * chunk.count
            guard chunk.withUnsafeBytes({ pwrite(index, $0.baseAddress, bytes, off_t(8 * (order - base - 1))) }) == bytes else {
                preconditionFailure("a temporary file of probe loops could not be written")
            }
            order += chunk.count
        }
        close(records)
        records = fresh
        recordsEnd = end
        liveBytes = end
        return true
    }

    /// Each record the index points at that is still held, in order: its place, size and
    /// surface, until `body` says stop.
    private func forEachHeld(_ held: ([UInt8], Int64) -> Bool, _ body: (_ offset: Int64, _ size: Int) -> Bool) {
        var order = base + 1
        while order <= highest {
            let chunk = indexChunk(from: order)
            for entry in chunk where entry > 0 {
                let (size, surface) = recordSize(at: entry - 1)
                guard held(surface, entry - 1) else { continue }
                guard body(entry - 1, size) else { return }
            }
            order += chunk.count
        }
    }

    /// The index's entries from `order` on, up to 8,192 of them (past the file's end, zeros).
    fileprivate func indexChunk(from order: Int) -> [Int64] {
        let count = min(8192, highest - order + 1)
        var chunk = [Int64](repeating: 0, count: count)
        let got = chunk.withUnsafeMutableBytes { pread(index, $0.baseAddress, 8 * count, off_t(8 * (order - base - 1))) }
        guard got >= 0, got % 8 == 0 else { preconditionFailure("a temporary file of probe loops could not be read back") }
        return chunk
    }

    /// The size of the record at `offset`, and its surface's bytes.
    private func recordSize(at offset: Int64) -> (size: Int, surface: [UInt8]) {
        let (header, surface) = headerAndSurface(at: offset)
        return (Self.header + 8 * Int(header[7] >> 32) + surface.count, surface)
    }

    /// The run written at `offset`, and its surface's bytes.
    func run(at offset: Int64) -> (run: ProbeLoopDetector.Run, surface: [UInt8]) {
        let (header, surface) = headerAndSurface(at: offset)
        var lines = [Int64](repeating: 0, count: Int(header[7] >> 32))
        if !lines.isEmpty { read(&lines, offset + Int64(Self.header)) }
        let run = ProbeLoopDetector.Run(
            first: Double(bitPattern: UInt64(bitPattern: header[4])), second: Double(bitPattern: UInt64(bitPattern: header[5])),
            last: Double(bitPattern: UInt64(bitPattern: header[6])), count: Int(header[0]), lines: lines.map(Int.init),
            moreLines: Int(header[2]), lastLine: header[3] < 0 ? nil : Int(header[3]), order: Int(header[1]))
        return (run, surface)
    }

    /// The fixed part of the record at `offset` (as `header` says) and its surface's bytes.
    private func headerAndSurface(at offset: Int64) -> (header: [Int64], surface: [UInt8]) {
        var header = [Int64](repeating: 0, count: Self.header / 8)
        read(&header, offset)
        let lineCount = Int(header[7] >> 32), surfaceLength = Int(header[7] & 0xFFFF_FFFF)
        var surface = [UInt8](repeating: 0, count: surfaceLength)
        if surfaceLength > 0 { read(&surface, offset + Int64(Self.header + 8 * lineCount)) }
        return (header, surface)
    }

    private func read<T>(_ values: inout [T], _ offset: Int64) {
        let bytes = values.count * MemoryLayout<T>.stride
        guard values.withUnsafeMutableBytes({ pread(records, $0.baseAddress, bytes, off_t(offset)) }) == bytes else {
            preconditionFailure("a temporary file of probe loops could not be read back")
        }
    }

    /// The loops held, in order: `held(surface, offset)` says whether the record at `offset`
    /// is still the surface's run (not given back since).
    func reading(_ held: @escaping ([UInt8], Int64) -> Bool) -> Reader {
        Reader(loops: self, order: base + 1, end: highest, held: held)
    }

    /// Reads the index a chunk at a time and each live record it points at.
    struct Reader {
        fileprivate let loops: HeldLoops
        fileprivate var order: Int
        fileprivate let end: Int
        fileprivate let held: ([UInt8], Int64) -> Bool
        private var chunk: [Int64] = []
        private var chunkAt = 0

        fileprivate init(loops: HeldLoops, order: Int, end: Int, held: @escaping ([UInt8], Int64) -> Bool) {
            self.loops = loops
            self.order = order
            self.end = end
            self.held = held
        }

        mutating func next() -> ProbeLoopDetector.Ended? {
            while order <= end {
                if chunkAt == chunk.count {
                    chunk = loops.indexChunk(from: order)
                    chunkAt = 0
                }
                let entry = chunk[chunkAt]
                chunkAt += 1
                order += 1
                guard entry > 0 else { continue }
                let (run, surface) = loops.run(at: entry - 1)
                guard held(surface, entry - 1), let loop = run.loop(on: String(decoding: surface, as: UTF8.self)) else {
                    continue
                }
                return ProbeLoopDetector.Ended(order: run.order, loop: loop)
            }
            return nil
        }
    }
}
