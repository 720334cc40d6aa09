import NativeErrorPolicy
import PolicyCore
import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The time on error views per surface, added up on disk: what `session`'s summary lists
/// (`bySurface`, every surface in byte order) costs flat memory on a log of millions of
/// surfaces, and gives the very doubles the in-memory tally gives.
///
/// Each closed view's (surface, ms) is held in memory up to a byte bound, then written as a
/// sorted run to an unnamed temporary file. Runs are not pre-summed: a surface's total is
/// `((0 + a) + b) + c` in the order its views closed, and `a + (b + c)` need not be that
/// double, so a run keeps each view, in the order they closed, until every run so far is
/// merged into one (`mergeAt` runs): then the sums *are* the prefix of that order, and each
/// later view still adds on after them. At the end, the runs (oldest first), what is in
/// memory and the views still open are merged a surface at a time, in byte order.
public final class SurfaceTotalsSpool: @unchecked Sendable {
    /// 4 MB of views in memory before a run is written.
    public static let defaultMemoryBytes = 4 << 20
    /// Runs on disk before they are merged into one, so open files stay few.
    public static let mergeAt = 16

    private let memoryBytes: Int
    private var entries: [(surface: ByteString, ms: Double)] = []
    private var bytes = 0
    /// Oldest first.
    private var runs: [Run] = []
    /// Runs written so far, merges included (the tests read it).
    public private(set) var runsWritten = 0
    /// The first failure to make or write a run: thrown at the end.
    private var failed: (action: SpoolError.Action, code: Int32)?

    /// `nil` never: files are made as runs are written, and a failure is thrown at the end.
    public init(memoryBytes: Int = SurfaceTotalsSpool.defaultMemoryBytes) {
        self.memoryBytes = memoryBytes
    }

    /// Views held in memory now (the growth tests read it).
    public var heldInMemory: Int { entries.count }

    /// One closed view's time on its surface.
    public func add(_ surface: ByteString, _ ms: Double) {
        entries.append((surface, ms))
        bytes += surface.text.utf8.count + 40
        if bytes >= memoryBytes { spill() }
    }

    private func spill() {
        guard !entries.isEmpty else { return }
        let sorted = Self.sortedStably(entries)
        entries.removeAll(keepingCapacity: true)
        bytes = 0
        guard let run = Run() else {
            if failed == nil { failed = (.create, errno) }
            return
        }
        for entry in sorted { run.write(Array(entry.surface.text.utf8), entry.ms) }
        runs.append(run)
        runsWritten += 1
        if runs.count >= Self.mergeAt { mergeRuns() }
    }

    /// Every run into one, each surface's views summed in the order they closed.
    private func mergeRuns() {
        guard let merged = Run() else {
            if failed == nil { failed = (.create, errno) }
            return
        }
        do {
            var sources = try runs.map { try Source.run($0.reading()) }
            try Self.merge(&sources) { merged.write($0, $1) }
        } catch let error as SpoolError {
            if failed == nil { failed = (error.action, EIO) }
            return
        } catch {
            if failed == nil { failed = (.read, EIO) }
            return
        }
        runs = [merged]
        runsWritten += 1
    }

    /// By surface; views of one surface in the order they closed.
    private static func sortedStably(_ entries: [(surface: ByteString, ms: Double)]) -> [(surface: ByteString, ms: Double)] {
        entries.enumerated().sorted {
            $0.element.surface == $1.element.surface ? $0.offset < $1.offset : $0.element.surface < $1.element.surface
        }.map(\.element)
    }

    /// The summary's surfaces: every closed view's time, then `open` (each view still on
    /// screen and its time up to the end, one a surface), a surface at a time in byte order.
    /// Reads everything once now for the count and the total, and again at each walk.
    public func surfaces(open: [(surface: ByteString, ms: Double)]) throws -> SurfaceTimes {
        let memory = Self.sortedStably(entries).map { (Array($0.surface.text.utf8), $0.ms) }
        let open = open.sorted { $0.surface < $1.surface }.map { (Array($0.surface.text.utf8), $0.ms) }
        let walk: @Sendable ((String, Double) throws -> Void) throws -> Void = { [self] body in
            if let failed { throw Scratch.failure(failed.action, code: failed.code) }
            var sources = try runs.map { try Source.run($0.reading()) } + [Source.memory(memory[...]), Source.memory(open[...])]
            try Self.merge(&sources) { try body(String(decoding: $0, as: UTF8.self), $1) }
        }
        var count = 0
        var total = 0.0
        try walk {
            count += 1
            total += $1
        }
        return SurfaceTimes(count: count, totalMs: total, walk: walk)
    }

    /// The k-way merge of sorted sources, oldest first: each surface once, in byte order, its
    /// time `0 + ` each of its entries in source order.
    private static func merge(_ sources: inout [Source], _ body: ([UInt8], Double) throws -> Void) throws {
        var heads = try sources.indices.map { try sources[$0].next() }
        while true {
            var least: [UInt8]?
            for head in heads {
                if let head, least.map({ head.surface.lexicographicallyPrecedes($0) }) ?? true { least = head.surface }
            }
            guard let surface = least else { return }
            var total = 0.0
            for index in sources.indices {
                while let head = heads[index], head.surface == surface {
                    total += head.ms
                    heads[index] = try sources[index].next()
                }
            }
            try body(surface, total)
        }
    }

    private enum Source {
        case run(Run.Reader)
        case memory(ArraySlice<([UInt8], Double)>)

        mutating func next() throws -> (surface: [UInt8], ms: Double)? {
            switch self {
            case .run(var reader):
                let entry = try reader.next()
                self = .run(reader)
                return entry
            case .memory(var slice):
                guard let first = slice.popFirst() else { return nil }
                self = .memory(slice)
                return (first.0, first.1)
            }
        }
    }

    /// One sorted run: each entry its surface's length, its bytes, then its time's bits.
    private final class Run {
        private let file: UnsafeMutablePointer<FILE>
        private var count = 0
        private var failed: Int32?

        init?() {
            guard let file = Scratch.streamIfPossible() else { return nil }
            self.file = file
        }

        deinit { fclose(file) }

        func write(_ surface: [UInt8], _ ms: Double) {
            var length = UInt32(surface.count)
            var bits = ms.bitPattern
            if fwrite(&length, 4, 1, file) != 1 || (surface.count > 0 && fwrite(surface, 1, surface.count, file) != surface.count)
                || fwrite(&bits, 8, 1, file) != 1
            {
                if failed == nil { failed = errno }
            }
            count += 1
        }

        func reading() throws -> Reader {
            if let failed { throw Scratch.failure(.write, code: failed) }
            guard fflush(file) == 0 else { throw Scratch.failure(.write) }
            rewind(file)
            return Reader(file: file, remaining: count)
        }

        struct Reader {
            let file: UnsafeMutablePointer<FILE>
            var remaining: Int

            mutating func next() throws -> (surface: [UInt8], ms: Double)? {
                guard remaining > 0 else { return nil }
                remaining -= 1
                var length: UInt32 = 0
                guard fread(&length, 4, 1, file) == 1 else { throw Scratch.failure(.read) }
                var surface = [UInt8](repeating: 0, count: Int(length))
                if length > 0, fread(&surface, 1, Int(length), file) != Int(length) { throw Scratch.failure(.read) }
                var bits: UInt64 = 0
                guard fread(&bits, 8, 1, file) == 1 else { throw Scratch.failure(.read) }
                return (surface, Double(bitPattern: bits))
            }
        }
    }
}
