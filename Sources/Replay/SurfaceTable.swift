import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open-addressing hash table on disk: slots of 32 bytes in one temporary file (a hash, the
/// key's place and length in a second, append-only file, the value), probed linearly, rebuilt
/// twice the size when half full. A surface removed and put back writes its key again, so the
/// table is also rebuilt, at its size, with only the live keys, when most of the key file is
/// removed surfaces' keys: surfaces that come and go for a long log take the disk of those
/// held. The hash is the process's seeded `Hasher`, so no log can pick names that collide. A
/// read of a file this process wrote that fails is a broken machine, not a log: the replay
/// stops (`preconditionFailure`) rather than answer wrongly. What it holds per surface is a
/// kind and a time: each user (`RetriedSurfaces`, `IdleProbeRuns`, `ProbedSpill`) says what
/// they mean.
package final class SurfaceTable: @unchecked Sendable {
    // One replay owns each table and uses it from one thread; `@unchecked` only because it
    // is a class over two file descriptors.

    /// What a surface's slot holds besides its name.
    package struct Value: Equatable {
        package var kind: UInt32
        package var t: Double

        package init(kind: UInt32, t: Double) {
            self.kind = kind
            self.t = t
        }
    }

    private var slots: Int32
    private var keys: Int32
    private var keysEnd: Int64 = 0
    /// The bytes of the live entries' keys, of the `keysEnd` written.
    private var liveKeyBytes: Int64 = 0
    /// How long the key file must be before its keys are copied again, after a copy was refused.
    private var retryCompactionAt: Int64 = 0
    /// The key file's length: what it takes on disk.
    package var keyFileBytes: Int64 { keysEnd }
    private var capacity = 1 << 15
    /// Entries in the table, and slots that held a removed one (probes pass over them).
    package private(set) var live = 0
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

    package init?() {
        guard let slotFile = unnamedTemporaryFile() else { return nil }
        guard let keyFile = unnamedTemporaryFile() else {
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

    private static func hash(_ key: [UInt8]) -> UInt64 {
        var hasher = Hasher()
        key.withUnsafeBytes { hasher.combine(bytes: $0) }
        // 0 and 1 mark empty and removed slots.
        return Swift.max(UInt64(bitPattern: Int64(hasher.finalize())), 2)
    }

    package func value(of key: [UInt8]) -> Value? {
        guard live > 0, let (_, slot) = find(key) else { return nil }
        return Value(kind: slot.kind, t: slot.t)
    }

    package func remove(_ key: [UInt8]) {
        guard let (index, found) = find(key) else { return }
        var slot = Slot()
        slot.hash = Self.tombstone
        // Over a slot already written: a failure is the machine's, and a key left behind
        // would answer for a surface that is gone.
        guard write(slot, at: index) else { preconditionFailure("a temporary file of surfaces could not be written") }
        live -= 1
        removed += 1
        liveKeyBytes -= Int64(found.keyLength)
    }

    /// `false` when the disk would not take it.
    package func put(_ key: [UInt8], _ value: Value) -> Bool {
        var slot = Slot()
        slot.kind = value.kind
        slot.t = value.t
        slot.hash = Self.hash(key)
        var free: (index: Int, tombstone: Bool)?
        switch probe(key, hash: slot.hash) {
        case .found(let index, let found):
            slot.keyAt = found.keyAt
            slot.keyLength = found.keyLength
            return write(slot, at: index)
        case .absent(let index, let tombstone):
            free = (index, tombstone)
        }
        if 2 * (live + removed + 1) > capacity {
            // When the disk will not take a copy of the keys as well, the slots alone.
            guard (wastesKeys && rebuild(compacting: true)) || rebuild(compacting: false) else { return false }
            free = nil
        } else if wastesKeys {
            // A surface removed and put back reuses its slot but writes its key again: without
            // this, a few surfaces cycling for a long log would grow the key file with the log.
            // When the disk will not take the copy, the put goes on with the keys where they are.
            if rebuild(compacting: true) { free = nil }
        }
        slot.keyAt = keysEnd
        slot.keyLength = UInt32(key.count)
        guard key.isEmpty || pwrite(keys, key, key.count, off_t(keysEnd)) == key.count else { return false }
        keysEnd += Int64(key.count)
        if let free {
            // The probe that found the key absent found its place too: no second walk of it.
            guard write(slot, at: free.index) else { return false }
            if free.tombstone { removed -= 1 }
        } else {
            guard insert(slot) else { return false }
        }
        live += 1
        liveKeyBytes += Int64(key.count)
        return true
    }

    /// Where a key is, or, when it is not in the table, where it would go: the first removed
    /// slot of its probe, else the empty slot that ends it.
    private enum Probe {
        case found(index: Int, slot: Slot)
        case absent(index: Int, tombstone: Bool)
    }

    private func probe(_ key: [UInt8], hash: UInt64) -> Probe {
        var index = Int(hash & UInt64(capacity - 1))
        var firstRemoved: Int?
        while true {
            let slot = read(at: index)
            if slot.hash == Self.empty { return firstRemoved.map { .absent(index: $0, tombstone: true) } ?? .absent(index: index, tombstone: false) }
            if slot.hash == Self.tombstone {
                if firstRemoved == nil { firstRemoved = index }
            } else if slot.hash == hash, Int(slot.keyLength) == key.count, self.key(slot) == key {
                return .found(index: index, slot: slot)
            }
            index = (index + 1) & (capacity - 1)
        }
    }

    /// The key's slot, if it is in the table.
    private func find(_ key: [UInt8]) -> (index: Int, slot: Slot)? {
        guard case .found(let index, let slot) = probe(key, hash: Self.hash(key)) else { return nil }
        return (index, slot)
    }

    private func key(_ slot: Slot) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: Int(slot.keyLength))
        guard bytes.isEmpty || pread(keys, &bytes, bytes.count, off_t(slot.keyAt)) == bytes.count else {
            preconditionFailure("a temporary file of surfaces could not be read back")
        }
        return bytes
    }

    /// Into the first free slot of its probe (the key is known not to be there).
    private func insert(_ slot: Slot) -> Bool {
        var index = Int(slot.hash & UInt64(capacity - 1))
        while true {
            let hash = read(at: index).hash
            if hash <= Self.tombstone {
                guard write(slot, at: index) else { return false }
                if hash == Self.tombstone { removed -= 1 }
                return true
            }
            index = (index + 1) & (capacity - 1)
        }
    }

    /// Most of the key file (past its first MB) is keys of removed surfaces.
    /// (Once a copy was refused, not again until the file has grown by half: on a nearly full
    /// disk every put would otherwise copy the keys anew, only to be refused again.)
    private var wastesKeys: Bool { keysEnd > 2 * liveKeyBytes + (1 << 20) && keysEnd >= retryCompactionAt }

    /// The table made anew: twice the slots when it is full (or as many, when removals filled
    /// it), every live entry inserted anew, read from the old file a chunk at a time; and when
    /// `compacting`, the live keys copied into a new key file. The old files stay the table's
    /// until the new ones hold every entry: when the disk will not take them, nothing is lost,
    /// and `false` says so.
    private func rebuild(compacting: Bool) -> Bool {
        let done = remake(compacting: compacting)
        if compacting, !done { retryCompactionAt = keysEnd + keysEnd / 2 }
        return done
    }

    private func remake(compacting: Bool) -> Bool {
        let old = slots, oldCapacity = capacity, oldRemoved = removed, oldKeys = keys
        let freshKeys = compacting ? unnamedTemporaryFile() : nil
        if compacting, freshKeys == nil { return false }
        guard let fresh = unnamedTemporaryFile() else {
            if let freshKeys { close(freshKeys) }
            return false
        }
        let bigger = 2 * (live + 1) > oldCapacity / 2 ? 2 * oldCapacity : oldCapacity
        guard ftruncate(fresh, off_t(bigger * 32)) == 0 else {
            close(fresh)
            if let freshKeys { close(freshKeys) }
            return false
        }
        var freshKeysEnd: Int64 = 0
        func giveUp() -> Bool {
            slots = old
            capacity = oldCapacity
            removed = oldRemoved
            close(fresh)
            if let freshKeys { close(freshKeys) }
            return false
        }
        slots = fresh
        capacity = bigger
        removed = 0
        let chunk = 4096
        var buffer = [Slot](repeating: Slot(), count: chunk)
        for start in stride(from: 0, to: oldCapacity, by: chunk) {
            let count = Swift.min(chunk, oldCapacity - start)
            let bytes = buffer.withUnsafeMutableBytes { pread(old, $0.baseAddress, count * 32, off_t(start * 32)) }
            guard bytes == count * 32 else { preconditionFailure("a temporary file of surfaces could not be read back") }
            for var slot in buffer[..<count] where slot.hash > Self.tombstone {
                if let freshKeys {
                    let key = self.key(slot)
                    guard key.isEmpty || pwrite(freshKeys, key, key.count, off_t(freshKeysEnd)) == key.count else { return giveUp() }
                    slot.keyAt = freshKeysEnd
                    freshKeysEnd += Int64(key.count)
                }
                guard insert(slot) else { return giveUp() }
            }
        }
        close(old)
        if let freshKeys {
            close(oldKeys)
            keys = freshKeys
            keysEnd = freshKeysEnd
        }
        return true
    }

    private func read(at index: Int) -> Slot {
        var slot = Slot()
        guard pread(slots, &slot, 32, off_t(index * 32)) == 32 else {
            preconditionFailure("a temporary file of surfaces could not be read back")
        }
        return slot
    }

    private func write(_ slot: Slot, at index: Int) -> Bool {
        var slot = slot
        return pwrite(slots, &slot, 32, off_t(index * 32)) == 32
    }
}

/// A descriptor of a new temporary file with no name (gone when it is closed; in
/// `Scratch.folder`), for the data a replay keeps on disk: `nil` when none can be made.
package func unnamedTemporaryFile() -> Int32? { Scratch.descriptorIfPossible() }
