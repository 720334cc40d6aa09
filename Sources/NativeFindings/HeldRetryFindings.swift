import NativeErrorPolicy
import Replay
import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The retry findings decided before a log's first `app-retry` line, kept until one comes (then
/// they are findings, in the order they were decided) or the log ends (then they are none). A
/// log with no `app-retry` line at all holds every missed retry of the policy, so past
/// `inMemory` of them they go to an unnamed temporary file: a flapping log of millions of
/// records costs disk, not memory. Only missed retries are ever held (an unexpected one needs
/// an `app-retry` line, which releases them), so that is all the file knows how to hold.
/// A copy shares the file with the original: the explainer that holds it is not copied while
/// it replays.
package struct HeldRetryFindings: Sendable {
    /// Held in memory up to this many: a recording of ordinary length never touches the disk.
    package static let inMemory = 4096

    private var memory: [RetryFinding] = []
    private var spool: SpoolFile?
    /// How many are in the file.
    private var spooled = 0
    /// Set when the file could not be made: then they are held in memory.
    private var noFile = false
    private let inMemory: Int

    init(inMemory: Int = HeldRetryFindings.inMemory) {
        self.inMemory = inMemory
    }

    var isEmpty: Bool { memory.isEmpty && spooled == 0 }

    /// How many are held in memory (the growth tests read it).
    var inMemoryCount: Int { memory.count }

    mutating func append(_ finding: RetryFinding) {
        memory.append(finding)
        guard memory.count >= inMemory, !noFile else { return }
        spill()
    }

    /// Hands every held finding to `body` in the order it came, and holds none after.
    mutating func release(_ body: (RetryFinding) throws -> Void) rethrows {
        if spooled > 0, let file = spool?.file {
            spooled = 0
            fflush(file)
            rewind(file)
            // What the file could not give back is said, never dropped silently: a read error
            // leaves the rest unread, and the caller's report ends short (the file was written
            // by this process a moment ago, so it is not expected).
            while let finding = Self.read(from: file) { try body(finding) }
            rewind(file)
            _ = ftruncate(fileno(file), 0)
        }
        let earlier = memory
        memory.removeAll()
        for finding in earlier { try body(finding) }
    }

    /// Drops every held finding: the log ended with no `app-retry` line.
    mutating func removeAll() {
        memory.removeAll()
        spooled = 0
        if let file = spool?.file {
            rewind(file)
            _ = ftruncate(fileno(file), 0)
        }
    }

    /// Moves what is in memory to the file, in order, behind what is there already.
    private mutating func spill() {
        if spool == nil { spool = SpoolFile() }
        guard let file = spool?.file, memory.allSatisfy({ if case .missed = $0.detail { true } else { false } }) else {
            noFile = true
            return
        }
        for finding in memory { Self.write(finding, to: file) }
        guard ferror(file) == 0 else {
            // A full disk: keep them in memory from here on (the file's are still good).
            noFile = true
            return
        }
        spooled += memory.count
        memory.removeAll(keepingCapacity: true)
    }

    /// One missed retry: its time's bits, its `presented` line (-1: none), its trigger, and its
    /// surface's bytes after their count.
    private static func write(_ finding: RetryFinding, to file: UnsafeMutablePointer<FILE>) {
        guard case .missed(let trigger) = finding.detail else { return }
        var fixed: (UInt64, Int64, UInt64, UInt64) = (
            finding.t.bitPattern, Int64(finding.presentedLine ?? -1),
            UInt64(RetryTrigger.allCases.firstIndex(of: trigger)!), UInt64(finding.surface.utf8.count)
        )
        _ = withUnsafeBytes(of: &fixed) { fwrite($0.baseAddress, 1, $0.count, file) }
        var surface = finding.surface
        surface.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, file) }
    }

    private static func read(from file: UnsafeMutablePointer<FILE>) -> RetryFinding? {
        var fixed: (UInt64, Int64, UInt64, UInt64) = (0, 0, 0, 0)
        let size = MemoryLayout.size(ofValue: fixed)
        guard withUnsafeMutableBytes(of: &fixed, { fread($0.baseAddress, 1, size, file) }) == size else { return nil }
        let count = Int(fixed.3)
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = fread(buffer.baseAddress, 1, count, file)
        }
        guard bytes.count == count, Int(fixed.2) < RetryTrigger.allCases.count else { return nil }
        let trigger = RetryTrigger.allCases[Int(fixed.2)]
        return RetryFinding(
            t: Double(bitPattern: fixed.0), surface: String(decoding: bytes, as: UTF8.self),
            detail: .missed(trigger), presentedLine: fixed.1 < 0 ? nil : Int(fixed.1))
    }
}

/// An unnamed temporary file, closed (and so gone) with its last reference.
private final class SpoolFile: @unchecked Sendable {
    let file: UnsafeMutablePointer<FILE>

    init?() {
        guard let file = Scratch.streamIfPossible() else { return nil }
        self.file = file
    }

    deinit { fclose(file) }
}
