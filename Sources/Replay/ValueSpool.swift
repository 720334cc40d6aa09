import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Numbers written now, and their exact order statistics later: each value's bits go to an
/// unnamed temporary file (in `Scratch.folder`), and the k-th smallest is found with a radix select over it — four
/// passes of a 65,536-bin histogram, one per 16 bits of a key that orders as the numbers do.
/// Memory stays flat, and the answer is the very value a sort would give.
public final class ValueSpool {
    private let file: UnsafeMutablePointer<FILE>
    public private(set) var count = 0
    public private(set) var max: Double?
    private var buffer: [UInt64] = []
    /// The first write's failure (its errno), said when the values are read back.
    private var failed: Int32?

    /// At most how many values, none yet spilled, are selected by a sort in memory.
    private let sortedInMemoryUpTo: Int

    /// A `SpoolError` when no temporary file can be made.
    public convenience init() throws { try self.init(sortedInMemoryUpTo: Self.chunk) }

    /// `sortedInMemoryUpTo: 0` takes the radix select however few the values (its tests).
    package init(sortedInMemoryUpTo: Int) throws {
        file = try Scratch.stream()
        buffer.reserveCapacity(Self.chunk)
        self.sortedInMemoryUpTo = sortedInMemoryUpTo
    }

    deinit { fclose(file) }

    private static let chunk = 8192

    public func append(_ value: Double) {
        buffer.append(Self.key(value))
        count += 1
        if max.map({ value > $0 }) ?? true { max = value }
        if buffer.count == Self.chunk { spill() }
    }

    private func spill() {
        let written = buffer.withUnsafeBufferPointer { fwrite($0.baseAddress, 8, $0.count, file) }
        if written != buffer.count, failed == nil { failed = errno }
        buffer.removeAll(keepingCapacity: true)
    }

    /// The values at the sorted positions `ranks` (0-based, each below `count`), in that order.
    public func selecting(_ ranks: [Int]) throws -> [Double] {
        // Values that never left memory (a chunk's worth at most) are sorted there: the same
        // keys in the same order, without the file and four 65,536-bin passes a rank.
        if count == buffer.count && count <= sortedInMemoryUpTo {
            let sorted = buffer.sorted()
            return ranks.map { rank in
                precondition(rank >= 0 && rank < count)
                return Self.value(sorted[rank])
            }
        }
        spill()
        if let failed { throw Scratch.failure(.write, code: failed) }
        guard fflush(file) == 0 else { throw Scratch.failure(.write) }
        return try ranks.map { rank in
            precondition(rank >= 0 && rank < count)
            var prefix: UInt64 = 0
            var remaining = rank
            for pass in 0..<4 {
                let shift = UInt64(48 - 16 * pass)
                // Only the keys whose higher bits are those chosen so far are counted.
                let mask: UInt64 = pass == 0 ? 0 : ~0 << (shift + 16)
                var histogram = [Int](repeating: 0, count: 65536)
                // Counted through the buffer, not the array: an array's subscript in a debug
                // build checks uniqueness on every count.
                let bin = try histogram.withUnsafeMutableBufferPointer { bins in
                    try forEachKey { key in
                        if key & mask == prefix { bins[Int((key >> shift) & 0xFFFF)] += 1 }
                    }
                    var bin = 0
                    while remaining >= bins[bin] {
                        remaining -= bins[bin]
                        bin += 1
                    }
                    return bin
                }
                prefix |= UInt64(bin) << shift
            }
            return Self.value(prefix)
        }
    }

    private func forEachKey(_ body: (UInt64) -> Void) throws {
        rewind(file)
        var chunk = [UInt64](repeating: 0, count: Self.chunk)
        var seen = 0
        while true {
            let read = chunk.withUnsafeMutableBufferPointer { keys in
                let read = fread(keys.baseAddress, 8, keys.count, file)
                var index = 0
                while index < read {
                    body(keys[index])
                    index += 1
                }
                return read
            }
            seen += read
            if read < Self.chunk { break }
        }
        guard seen == count else { throw Scratch.failure(.read) }
        fseek(file, 0, SEEK_END)
    }

    /// A key whose unsigned order is the numbers' order: a positive number's sign bit set,
    /// a negative one's bits all flipped. (−0 sorts before +0, and a sort keeps either: both
    /// print as 0.)
    static func key(_ value: Double) -> UInt64 {
        let bits = value.bitPattern
        return bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
    }

    static func value(_ key: UInt64) -> Double {
        Double(bitPattern: key & (1 << 63) != 0 ? key & ~(1 << 63) : ~key)
    }
}
