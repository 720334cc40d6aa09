import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines written now and read back once, in order, from an unnamed temporary file (in
/// `Scratch.folder`): the launch table of a log of millions of lines costs disk, not memory.
package final class RowSpool {
    private let file: UnsafeMutablePointer<FILE>

    /// A `SpoolError` (exit 74) when no temporary file can be made: the rows are never dropped.
    package init() throws {
        file = try Scratch.stream()
    }

    deinit { fclose(file) }

    package func write(_ line: String) {
        fputs(line, file)
        fputc(0x0A, file)
    }

    package func replay(_ body: (String) throws -> Void) throws {
        guard ferror(file) == 0, fflush(file) == 0 else { throw Scratch.failure(.write) }
        rewind(file)
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        while true {
            let count = getline(&buffer, &capacity, file)
            guard count > 0, let buffer else { break }
            try body(
                String(
                    decoding: UnsafeBufferPointer(start: buffer, count: count - 1).lazy.map { UInt8(bitPattern: $0) },
                    as: UTF8.self))
        }
        if ferror(file) != 0 { throw Scratch.failure(.read) }
    }
}
