import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written beside the one it will replace, then renamed over it: `NAME.tmp-PID-RANDOM`
/// in the destination's own folder (a rename never crosses a file system). The name cannot be
/// guessed ahead (eight random letters and digits), and the file is created with
/// `O_CREAT|O_EXCL|O_NOFOLLOW`: whatever already holds a name drawn (a planted symbolic link,
/// another writer's temporary) is never opened, and another name is drawn. So no link placed in
/// a shared folder can make a write land elsewhere, and two writers of one file (`check --jobs`)
/// never share a temporary. The writer's pid in the name is what a later sweep reads to know
/// whether the writer is gone (`TemporarySweep`).
struct TemporaryFile {
    let path: String
    let descriptor: Int32
    /// Where the signal handlers find it (`TemporaryRegistry`), to remove it on SIGINT or SIGTERM.
    let slot: Int?

    static let marker = ".tmp-"
    /// The random part's letters and length.
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
    static let randomLength = 8
    /// The most bytes of `NAME` a temporary's name keeps: with the marker, a pid and the random
    /// part it stays under the 255 bytes a file name may have, however long `NAME` is.
    static let baseLimit = 200

    /// A new, empty temporary for `destination`, open for writing, registered for the signal
    /// handlers before it exists. Mode 0644 less the umask, as a new output would have; the
    /// caller sets the replaced file's mode on it (`fchmod`) before the rename.
    static func create(for destination: String) throws -> TemporaryFile {
        let (folder, name) = splitPath(destination)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let path = (folder == "/" ? "" : folder) + "/" + self.name(for: name, using: &generator)
            let slot = TemporaryRegistry.register(path)
            let fd = withFileSystemPath(path) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644) }
            if fd >= 0 { return TemporaryFile(path: path, descriptor: fd, slot: slot) }
            let code = errno
            TemporaryRegistry.release(slot)
            // Taken (by anything, a link included): draw again; anything else is the folder's answer.
            guard code == EEXIST || code == ELOOP else { throw WriteError.system(.cannotCreate, destination, code) }
        }
        throw WriteError(.cannotCreate, destination: destination, reason: "no free name for a temporary file beside it")
    }

    /// `NAME.tmp-PID-RANDOM`, `NAME` cut to `baseLimit` bytes.
    static func name(for name: String, pid: Int32 = getpid(), using generator: inout some RandomNumberGenerator) -> String {
        let random = (0..<randomLength).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        return base(name) + marker + String(pid) + "-" + String(decoding: random, as: UTF8.self)
    }

    /// `name` as a temporary's name starts: its first `baseLimit` bytes, cut between characters.
    static func base(_ name: String) -> String {
        guard name.utf8.count > baseLimit else { return name }
        var kept = 0
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            kept += String(scalar).utf8.count
            if kept > baseLimit { break }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// The destination's name and the writer's pid, when `name` is a temporary's name as this
    /// tool writes it: `NAME.tmp-PID-RANDOM`, or `NAME.tmp-PID` as versions before it did.
    static func parse(_ name: String) -> (base: String, pid: Int32)? {
        let bytes = Array(name.utf8), mark = Array(marker.utf8)
        guard let at = lastIndex(of: mark, in: bytes), at > 0 else { return nil }
        var rest = bytes[(at + mark.count)...]
        let digits = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard !digits.isEmpty, digits.count <= 10, let pid = Int32(String(decoding: digits, as: UTF8.self)), pid > 0 else { return nil }
        rest = rest.dropFirst(digits.count)
        if !rest.isEmpty {
            guard rest.first == UInt8(ascii: "-"), rest.count == randomLength + 1, rest.dropFirst().allSatisfy(alphabet.contains) else { return nil }
        }
        return (String(decoding: bytes[..<at], as: UTF8.self), pid)
    }

    private static func lastIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for start in stride(from: bytes.count - needle.count, through: 0, by: -1) where bytes[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}

/// A path's folder and name: `a/b` → (`a`, `b`), `b` → (`.`, `b`), `/b` → (`/`, `b`).
func splitPath(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
}
