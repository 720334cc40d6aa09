import Replay
import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text set aside to be written later, in order: in memory up to `inMemory` bytes, then in an
/// unnamed temporary file (gone with the spool; in `Scratch.folder`), so a report that must print a header before
/// lines it learns one at a time (`whatif`'s episodes, after totals that need them all) holds
/// a buffer, not the lines. When no file can be made, or writing it fails (a full disk), the
/// text stays in memory: the report is still whole, only bigger.
package final class TextSpool {
    /// Held in memory up to this many bytes: a recording of ordinary length never touches the disk.
    package static let inMemory = 1 << 16

    private var memory: [UInt8] = []
    private var file: UnsafeMutablePointer<FILE>?
    /// Bytes in the file.
    private var spilled = 0
    /// The file could not be made or written: from then on everything stays in memory.
    private var noFile = false
    private let inMemory: Int

    package init(inMemory: Int = TextSpool.inMemory) {
        self.inMemory = inMemory
    }

    deinit {
        if let file { fclose(file) }
    }

    package var isEmpty: Bool { memory.isEmpty && spilled == 0 }

    /// Bytes held in memory (the growth tests read it).
    package var inMemoryCount: Int { memory.count }

    /// Appends `text`'s bytes as they are.
    package func append(_ text: String) {
        memory.append(contentsOf: text.utf8)
        if memory.count >= inMemory, !noFile { spill() }
    }

    /// Appends `bytes` as they are.
    package func append(_ bytes: [UInt8]) {
        memory.append(contentsOf: bytes)
        if memory.count >= inMemory, !noFile { spill() }
    }

    /// Appends `text` and a newline.
    package func appendLine(_ text: String) {
        append(text)
        memory.append(0x0A)
    }

    /// Hands everything appended, in order, to `write` in pieces, and holds nothing after.
    package func drain(into write: ([UInt8]) throws -> Void) throws {
        if spilled > 0, let file {
            let fd = fileno(file)
            guard lseek(fd, 0, SEEK_SET) == 0 else { throw Scratch.failure(.read) }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            var left = spilled
            while left > 0 {
                let got = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, min($0.count, left)) }
                // The file was written by this process a moment ago: a short read is an I/O
                // error, said rather than a report that silently ends short.
                guard got > 0 else { throw Scratch.failure(.read, code: got == 0 ? EIO : errno) }
                left -= got
                try write(got == chunk.count ? chunk : Array(chunk[..<got]))
            }
            _ = ftruncate(fd, 0)
            _ = lseek(fd, 0, SEEK_SET)
            spilled = 0
        }
        if !memory.isEmpty { try write(memory) }
        memory.removeAll(keepingCapacity: true)
    }

    /// Moves what is in memory to the file, behind what is there already. Written with
    /// `write(2)`, unbuffered, so a failure leaves the file as it was before, cut back to what
    /// was whole, and the text in memory.
    private func spill() {
        if file == nil { file = Scratch.streamIfPossible() }
        guard let file else {
            noFile = true
            return
        }
        let fd = fileno(file)
        var done = 0
        while done < memory.count {
            let wrote = memory.withUnsafeBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
            if wrote < 0, errno == EINTR { continue }
            guard wrote > 0 else {
                _ = ftruncate(fd, off_t(spilled))
                _ = lseek(fd, off_t(spilled), SEEK_SET)
                noFile = true
                return
            }
            done += wrote
        }
        spilled += done
        memory.removeAll(keepingCapacity: true)
    }

}
