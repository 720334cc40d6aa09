#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A C stream that writes into memory (open_memstream): what an in-process run's console
/// prints to, read back as bytes once it is closed.
final class MemoryStream {
    let file: UnsafeMutablePointer<FILE>
    // The stream writes where these point until it is closed: they must outlive every call.
    private let buffer = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 1)
    private let size = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    private var bytes: [UInt8]?

    init() throws {
        buffer.initialize(to: nil)
        size.initialize(to: 0)
        guard let file = open_memstream(buffer, size) else { throw MemoryStreamError() }
        self.file = file
    }

    /// Closes the stream (once) and gives what was written to it.
    func close() -> [UInt8] {
        if let bytes { return bytes }
        fclose(file)
        let written = buffer.pointee.map { start in
            start.withMemoryRebound(to: UInt8.self, capacity: size.pointee) { Array(UnsafeBufferPointer(start: $0, count: size.pointee)) }
        }
        bytes = written ?? []
        return bytes!
    }

    deinit {
        _ = close()
        free(buffer.pointee)
        buffer.deallocate()
        size.deallocate()
    }
}

struct MemoryStreamError: Error {}
