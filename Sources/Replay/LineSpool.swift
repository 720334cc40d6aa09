import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines written now and read back later, in order, from an unnamed temporary file (gone when
/// the spool is; in `Scratch.folder`): what a streaming command prints after its timeline —
/// findings, a table whose rows wait for a latency measured later — costs disk, not memory. A
/// line may hold any bytes, newlines included: each is written with its length.
public final class LineSpool {
    private let file: UnsafeMutablePointer<FILE>
    /// Lines written since the last `rewind`.
    public private(set) var count = 0
    /// The first write's failure (its errno), said when the lines are read back.
    private var failed: Int32?

    /// A `SpoolError` when no temporary file can be made.
    public init() throws {
        file = try Scratch.stream()
    }

    private init(file: UnsafeMutablePointer<FILE>) { self.file = file }

    /// A spool, or `nil` when no temporary file can be made, for a caller that keeps its lines
    /// in memory then.
    public static func ifPossible() -> LineSpool? { Scratch.streamIfPossible().map(LineSpool.init(file:)) }

    deinit { fclose(file) }

    public func write(_ line: String) {
        var line = line
        line.withUTF8 { bytes in
            var length = UInt64(bytes.count)
            if fwrite(&length, 8, 1, file) != 1 || (bytes.count > 0 && fwrite(bytes.baseAddress, 1, bytes.count, file) != bytes.count) {
                if failed == nil { failed = errno }
            }
        }
        count += 1
    }

    /// Every line written, in order; the spool is then empty again.
    public func replay(_ body: (String) throws -> Void) throws {
        var reader = try reading()
        while let line = try reader.next() { try body(line) }
        try reset()
    }

    /// Reads the lines back one at a time (for a merge of several spools); `reset` after.
    public func reading() throws -> Reader {
        if let failed { throw Scratch.failure(.write, code: failed) }
        guard fflush(file) == 0 else { throw Scratch.failure(.write) }
        rewind(file)
        return Reader(file: file, remaining: count)
    }

    /// Empties the spool for new lines.
    public func reset() throws {
        guard ftruncate(fileno(file), 0) == 0 else { throw Scratch.failure(.write) }
        rewind(file)
        count = 0
    }

    public struct Reader {
        fileprivate let file: UnsafeMutablePointer<FILE>
        fileprivate var remaining: Int

        public mutating func next() throws -> String? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            var length: UInt64 = 0
            guard fread(&length, 8, 1, file) == 1 else { throw Scratch.failure(.read) }
            guard length > 0 else { return "" }
            let count = Int(length)
            let text = String(unsafeUninitializedCapacity: count) { buffer in
                fread(buffer.baseAddress, 1, count, file)
            }
            guard text.utf8.count == count else { throw Scratch.failure(.read) }
            return text
        }
    }
}
