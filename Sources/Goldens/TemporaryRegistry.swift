import Foundation
import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporaries being written right now, where a signal handler can find them: fixed
/// slots of path bytes, allocated once, which the handler reads without allocating or
/// locking (unlink, sigaction and raise are async-signal-safe; nothing else runs there).
/// A slot is in use when its first byte is not 0; that byte is written last.
enum TemporaryRegistry {
    static let slotCount = 64
    static let slotSize = Int(PATH_MAX) + 1
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<UInt8> = {
        let slots = UnsafeMutablePointer<UInt8>.allocate(capacity: slotCount * slotSize)
        slots.initialize(repeating: 0, count: slotCount * slotSize)
        return slots
    }()
    /// Which slots are taken, and whether the handlers are installed; behind `lock`.
    nonisolated(unsafe) static var taken = Array(repeating: false, count: slotCount)
    nonisolated(unsafe) static var installed = false
    static let lock = NSLock()

    /// Records `path` for the handlers (installing them the first time); the slot to release,
    /// or `nil` when the path is too long or every slot is taken (then a signal leaves the
    /// temporary behind, for the next run to report or sweep: `TemporarySweep`).
    static func register(_ path: String) -> Int? {
        let bytes = PathBytes.bytes(path)
        guard !bytes.isEmpty, bytes.count < slotSize, !bytes.contains(0) else { return nil }
        _ = slots  // made here, never first in the handler
        let slot: Int? = lock.withLock {
            if !installed {
                installHandlers()
                installed = true
            }
            guard let free = taken.firstIndex(of: false) else { return nil }
            taken[free] = true
            return free
        }
        guard let slot else { return nil }
        let start = slots + slot * slotSize
        bytes.withUnsafeBufferPointer { (start + 1).update(from: $0.baseAddress! + 1, count: bytes.count - 1) }
        start[bytes.count] = 0
        start.pointee = bytes[0]
        return slot
    }

    static func release(_ slot: Int?) {
        guard let slot else { return }
        slots[slot * slotSize] = 0
        lock.withLock { taken[slot] = false }
    }

    /// Whether this process is writing `path` now: a temporary named with this process's own
    /// pid and not here was left by an earlier process that had the pid.
    static func contains(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        return lock.withLock {
            taken.indices.contains { slot in
                guard taken[slot] else { return false }
                let start = slots + slot * slotSize
                return (0..<bytes.count).allSatisfy { start[$0] == bytes[$0] } && start[bytes.count] == 0
            }
        }
    }

    /// For SIGINT and SIGTERM, unless the process ignores them (`nohup`) or has its own
    /// handler: then it is left as it is.
    private static func installHandlers() {
        for signal in [SIGINT, SIGTERM] {
            var previous = sigaction()
            guard sigaction(signal, nil, &previous) == 0, previous.__sigaction_handler.sa_handler == nil else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = removeTemporariesAndReraise
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
    }
}

/// The handler: removes every temporary being written, then ends the process with the same
/// signal, as it would have ended without this handler.
func removeTemporariesAndReraise(_ signal: Int32) {
    let slots = TemporaryRegistry.slots
    for slot in 0..<TemporaryRegistry.slotCount {
        let start = slots + slot * TemporaryRegistry.slotSize
        if start.pointee != 0 { start.withMemoryRebound(to: CChar.self, capacity: TemporaryRegistry.slotSize) { _ = unlink($0) } }
    }
    var action = sigaction()
    action.__sigaction_handler.sa_handler = nil  // SIG_DFL
    sigemptyset(&action.sa_mask)
    sigaction(signal, &action, nil)
    raise(signal)
}
