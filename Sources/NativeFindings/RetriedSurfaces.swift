import PolicyCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an unexpected retry's state reads on a surface with no error view: the surface's last
/// decision, when it was a retry (`already-retried`, with its time) or a 401's `none` view
/// (`auth-shell`). Any other last decision reads as "no view", so it is not kept.
///
/// It must be kept for as long as the surface is not presented again: nothing else ends it (a
/// `dismissed` writes no decision, and the app may retry on that surface any time later), so a
/// log of ever new surfaces, each retried once, would hold one entry per surface. Past
/// `inMemory` surfaces they go to an on-disk hash table in unnamed temporary files, looked up
/// on a miss: the answer is the same for any number of surfaces, and memory stays flat.
/// A copy shares the files with the original: the explainer that holds it is not copied
/// while it replays.
package struct RetriedSurfaces: Sendable {
    /// What is remembered of a surface's last decision.
    package enum Last: Equatable, Sendable {
        case retried(at: Double)
        case authShell
    }

    /// Held in memory up to this many surfaces: a recording of ordinary length never touches
    /// the disk.
    package static let inMemory = 16_384

    private var memory: [ByteString: Last] = [:]
    private var table: SurfaceTable?
    /// Set when the table could not be made or written: then every surface stays in memory.
    private var noFile = false
    private let inMemory: Int

    package init(inMemory: Int = RetriedSurfaces.inMemory) {
        self.inMemory = inMemory
    }

    /// Surfaces held in memory (the growth tests read it).
    package var inMemoryCount: Int { memory.count }

    /// Surfaces on disk (the tests read it).
    package var onDiskCount: Int { table?.live ?? 0 }

    package subscript(surface: ByteString) -> Last? {
        get { memory[surface] ?? table?.value(of: Array(surface.text.utf8)) }
        set {
            memory[surface] = newValue
            if newValue == nil, let table, table.live > 0 { table.remove(Array(surface.text.utf8)) }
            if memory.count > inMemory, !noFile { spill() }
        }
    }

    private mutating func spill() {
        if table == nil { table = SurfaceTable() }
        guard let table else {
            noFile = true
            return
        }
        for (surface, last) in memory where !table.put(Array(surface.text.utf8), last) {
            noFile = true  // the disk is full: what is left stays in memory
            return
        }
        memory.removeAll(keepingCapacity: true)
    }
}

/// An open-addressing hash table on disk: slots of 32 bytes in one temporary file (a hash, the
/// key's place and length in a second, append-only file, the value), probed linearly, grown
/// when half full. The hash is the process's seeded `Hasher`, so no log can pick names that
/// collide. A read of a file this process wrote that fails is a broken machine, not a log:
/// the replay stops (`preconditionFailure`) rather than answer wrongly.
private final class SurfaceTable: @unchecked Sendable {
    private var slots: Int32
    private let keys: Int32
    private var keysEnd: Int64 = 0
    private var capacity = 1 << 15
    /// Entries in the table, and slots that held a removed one (probes pass over them).
    private(set) var live = 0
    private var removed = 0

    private static let empty: UInt64 = 0
    private static let tombstone: UInt64 = 1

    private struct Slot {
        var hash: UInt64 = SurfaceTable.empty
        var keyAt: Int64 = 0
        var keyLength: UInt32 = 0
        var kind: UInt32 = 0
        var t: Double = 0
    }

    init?() {
        guard let slotFile = Self.temporary() else { return nil }
        guard let keyFile = Self.temporary() else {
            close(slotFile)
            return nil
        }
        slots = slotFile
        keys = keyFile
        guard ftruncate(slots, off_t(capacity * 32)) == 0 else { return nil }
    }

    deinit {
        close(slots)
        close(keys)
    }

    private static func temporary() -> Int32? {
        guard let file = tmpfile() else { return nil }
        let fd = dup(fileno(file))
        fclose(file)
        return fd >= 0 ? fd : nil
    }

    private static func hash(_ key: [UInt8]) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(start: key, count: key.count))
        // 0 and 1 mark empty and removed slots.
        return Swift.max(UInt64(bitPattern: Int64(hasher.finalize())), 2)
    }

    func value(of key: [UInt8]) -> RetriedSurfaces.Last? {
        guard live > 0, let (_, slot) = find(key) else { return nil }
        return slot.kind == 0 ? .retried(at: slot.t) : .authShell
    }

    func remove(_ key: [UInt8]) {
        guard let (index, _) = find(key) else { return }
        var slot = Slot()
        slot.hash = Self.tombstone
        _ = write(slot, at: index)
        live -= 1
        removed += 1
    }

    /// `false` when the disk would not take it.
    func put(_ key: [UInt8], _ last: RetriedSurfaces.Last) -> Bool {
        var slot = Slot()
        switch last {
        case .retried(let t): slot.t = t
        case .authShell: slot.kind = 1
        }
        if let (index, found) = find(key) {
            slot.hash = found.hash
            slot.keyAt = found.keyAt
            slot.keyLength = found.keyLength
            return write(slot, at: index)
        }
        if 2 * (live + removed + 1) > capacity, !grow() { return false }
        slot.hash = Self.hash(key)
        slot.keyAt = keysEnd
        slot.keyLength = UInt32(key.count)
        guard key.isEmpty || pwrite(keys, key, key.count, off_t(keysEnd)) == key.count else { return false }
        keysEnd += Int64(key.count)
        guard insert(slot) else { return false }
        live += 1
        return true
    }

    /// The key's slot, if it is in the table.
    private func find(_ key: [UInt8]) -> (index: Int, slot: Slot)? {
        let hash = Self.hash(key)
        var index = Int(hash & UInt64(capacity - 1))
        while true {
            let slot = read(at: index)
            if slot.hash == Self.empty { return nil }
            if slot.hash == hash, Int(slot.keyLength) == key.count, self.key(slot) == key { return (index, slot) }
            index = (index + 1) & (capacity - 1)
        }
    }

    private func key(_ slot: Slot) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: Int(slot.keyLength))
        guard bytes.isEmpty || pread(keys, &bytes, bytes.count, off_t(slot.keyAt)) == bytes.count else {
            preconditionFailure("the temporary file of retried surfaces could not be read back")
        }
        return bytes
    }

    /// Into the first free slot of its probe (the key is known not to be there).
    private func insert(_ slot: Slot) -> Bool {
        var index = Int(slot.hash & UInt64(capacity - 1))
        while read(at: index).hash > Self.tombstone { index = (index + 1) & (capacity - 1) }
        if read(at: index).hash == Self.tombstone { removed -= 1 }
        return write(slot, at: index)
    }

    /// Twice the slots (or as many, when removals filled it), every live entry inserted anew,
    /// read from the old file a chunk at a time.
    private func grow() -> Bool {
        let old = slots, oldCapacity = capacity
        guard let fresh = Self.temporary() else { return false }
        let bigger = 2 * (live + 1) > oldCapacity / 2 ? 2 * oldCapacity : oldCapacity
        guard ftruncate(fresh, off_t(bigger * 32)) == 0 else {
            close(fresh)
            return false
        }
        slots = fresh
        capacity = bigger
        removed = 0
        defer { close(old) }
        let chunk = 4096
        var buffer = [Slot](repeating: Slot(), count: chunk)
        for start in stride(from: 0, to: oldCapacity, by: chunk) {
            let count = Swift.min(chunk, oldCapacity - start)
            let bytes = buffer.withUnsafeMutableBytes { pread(old, $0.baseAddress, count * 32, off_t(start * 32)) }
            guard bytes == count * 32 else { preconditionFailure("the temporary file of retried surfaces could not be read back") }
            for slot in buffer[..<count] where slot.hash > Self.tombstone {
                guard insert(slot) else { return false }
            }
        }
        return true
    }

    private func read(at index: Int) -> Slot {
        var slot = Slot()
        guard pread(slots, &slot, 32, off_t(index * 32)) == 32 else {
            preconditionFailure("the temporary file of retried surfaces could not be read back")
        }
        return slot
    }

    private func write(_ slot: Slot, at index: Int) -> Bool {
        var slot = slot
        return pwrite(slots, &slot, 32, off_t(index * 32)) == 32
    }
}
