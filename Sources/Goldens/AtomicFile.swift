import Foundation
import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a temporary file is called beside the file it will replace: `NAME.tmp-PID`.
let temporaryMarker = ".tmp-"

func temporaryPath(for path: String, pid: Int32 = getpid()) -> String {
    path + temporaryMarker + String(pid)
}

/// Writes `contents` to `path` through a temporary beside it (`NAME.tmp-PID`), fsynced and
/// renamed over `path`, so that `path` is at every moment either the old file or the whole
/// new one. On failure the temporary is removed and `path` is untouched; on SIGINT or SIGTERM
/// too, before the process ends as the signal says. A file replaced keeps its permissions
/// (a read-only golden stays read-only).
package func replaceAtomically(path: String, contents: [UInt8]) throws {
    try replaceAtomically(path: path) { write in try write(contents) }
}

/// `replaceAtomically(path:contents:)` with the contents written a piece at a time: `produce`
/// calls its argument with each piece, buffered up to 64 KiB. An error `produce` throws
/// removes the temporary as a failed write does, and is rethrown.
package func replaceAtomically(path: String, writing produce: (_ write: (_ bytes: [UInt8]) throws -> Void) throws -> Void) throws {
    let temporary = temporaryPath(for: path)
    var existing = stat()
    let mode: mode_t? = withFileSystemPath(path, { stat($0, &existing) }) == 0 && (existing.st_mode & S_IFMT) == S_IFREG ? existing.st_mode & 0o7777 : nil
    let slot = TemporaryRegistry.register(temporary)
    defer { TemporaryRegistry.release(slot) }
    let fd = withFileSystemPath(temporary) { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
    guard fd >= 0 else { throw WriteError.system(.cannotCreate, path) }
    do {
        if let mode, fchmod(fd, mode) != 0 { throw WriteError.system(.io, path) }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 16)
        try produce { bytes in
            buffer.append(contentsOf: bytes)
            if buffer.count >= 1 << 16 {
                try writeAll(fd, buffer, destination: path)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try writeAll(fd, buffer, destination: path)
        guard fsync(fd) == 0 else { throw WriteError.system(.io, path) }
    } catch {
        close(fd)
        _ = withFileSystemPath(temporary) { unlink($0) }
        throw error
    }
    guard close(fd) == 0 else {
        let failure = WriteError.system(.io, path)
        _ = withFileSystemPath(temporary) { unlink($0) }
        throw failure
    }
    guard withFileSystemPath(temporary, { from in withFileSystemPath(path) { rename(from, $0) } }) == 0 else {
        let failure = WriteError.system(.io, path)
        _ = withFileSystemPath(temporary) { unlink($0) }
        throw failure
    }
}

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
    /// temporary behind, for `strayTemporaries` to report and the next update to sweep).
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

/// The temporaries beside goldens under `paths` that no running process is writing: left by
/// an update that was killed (SIGKILL, a crash, a power cut), for `check` to report. A
/// directory is searched recursively, hidden names skipped; for a file, its directory's
/// temporaries of that recording's goldens. Sorted.
package func strayTemporaries(in paths: [String]) -> [String] {
    strayTemporaries(in: paths, includingOwn: false)
}

/// Removes the temporaries beside goldens under `paths` that no running process is writing,
/// and returns them, sorted: what `check --update` does once before it writes anything. Once
/// for the whole run, never per golden: a listing of the folder per golden made an update
/// quadratic in the folder's size (issue #34, item 11). A temporary named with this process's
/// own pid is stale too (a dead process had the pid before): nothing is being written yet.
package func sweepStaleTemporaries(in paths: [String]) -> [String] {
    let stale = strayTemporaries(in: paths, includingOwn: true)
    for path in stale { _ = withFileSystemPath(path) { unlink($0) } }
    return stale
}

private func strayTemporaries(in paths: [String], includingOwn: Bool) -> [String] {
    var found: Set<String> = []
    // Files given one by one are grouped by folder: each folder is listed once, however many
    // of its recordings were named.
    var stems: [String: Set<String>] = [:], folders: [String] = []
    for path in paths {
        var status = stat()
        guard withFileSystemPath(path, { stat($0, &status) }) == 0 else { continue }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            var directory = path
            while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
            findStrays(in: directory, recursive: true, stems: nil, includingOwn: includingOwn, into: &found)
        } else {
            let slash = path.lastIndex(of: "/")
            let directory = slash.map { String(path[..<$0]) } ?? "."
            let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
            let stem =
                name.hasSuffix(".expected.jsonl")
                ? String(name.dropLast(".expected.jsonl".count))
                : name.hasSuffix(".jsonl") ? String(name.dropLast(".jsonl".count)) : name
            let folder = directory.isEmpty ? "/" : directory
            if stems[folder] == nil { folders.append(folder) }
            stems[folder, default: []].insert(stem)
        }
    }
    for folder in folders {
        findStrays(in: folder, recursive: false, stems: stems[folder], includingOwn: includingOwn, into: &found)
    }
    return found.sorted()
}

/// The stray temporaries in `directory` (and below it, when `recursive`); with `stems`, only
/// those of the goldens of those recordings (`STEM.` begins their names).
private func findStrays(in directory: String, recursive: Bool, stems: Set<String>?, includingOwn: Bool, into found: inout Set<String>) {
    guard let stream = DirectoryListing.open(directory) else { return }
    defer { closedir(stream) }
    while let entry = readdir(stream) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { PathBytes.name(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        if name.hasPrefix(".") { continue }
        let path = (directory == "/" ? "" : directory) + "/" + name
        if entry.pointee.d_type == UInt8(DT_DIR) {
            if recursive { findStrays(in: path, recursive: true, stems: stems, includingOwn: includingOwn, into: &found) }
            continue
        }
        guard let pid = temporaryPID(name) else { continue }
        if let stems, !stems.contains(goldenStem(ofTemporary: name)) && !stems.contains(recordingStem(ofTemporary: name)) { continue }
        if (includingOwn && pid == getpid()) || (kill(pid, 0) != 0 && errno == ESRCH) { found.insert(path) }
    }
}

/// `NAME` of a temporary `NAME.expected.jsonl.tmp-PID`.
private func goldenStem(ofTemporary name: String) -> String {
    let golden = name[..<(name.range(of: ".expected.jsonl" + temporaryMarker, options: .backwards)?.lowerBound ?? name.endIndex)]
    return String(golden)
}

/// The recording's stem of a timeline's temporary, `NAME.<part>.expected.jsonl.tmp-PID` → `NAME`.
private func recordingStem(ofTemporary name: String) -> String {
    let stem = goldenStem(ofTemporary: name)
    return stem.lastIndex(of: ".").map { String(stem[..<$0]) } ?? stem
}

/// The writer's pid in a golden's temporary name, `NAME.expected.jsonl.tmp-PID`, or `nil`.
func temporaryPID(_ name: String) -> Int32? {
    let marker = ".expected.jsonl" + temporaryMarker
    guard name.utf8.count > marker.utf8.count else { return nil }
    let digits = name.reversed().prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, name.dropLast(digits.count).hasSuffix(marker), let pid = Int32(String(digits.reversed())), pid > 0 else { return nil }
    return pid
}
