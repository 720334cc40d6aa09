#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command keeps what it writes now and reads back later (a spool: findings printed
/// after a timeline, a session's rows, order statistics, standard input a merge reads twice):
/// in the folder `TMPDIR` names, or `/tmp` when it is unset or empty, as every Unix tool does.
/// Each file has no name from the moment it is open: created with `O_TMPFILE` where the system
/// has it, else with `mkstemp` and unlinked at once. So nothing a command keeps there survives
/// it, however it ends (SIGKILL included), and nothing else can open it.
///
/// A spool that cannot be created, written or read back is an I/O error, exit 74, naming the
/// folder (`SpoolError`): the disk is full or the folder is wrong, and the input is not to
/// blame. A spool that has somewhere else to go (memory: `TextSpool`, the surface tables) asks
/// with `descriptorIfPossible`, and a failure there costs memory, not the answer.
public enum Scratch {
    /// The folder: `TMPDIR`'s, else `/tmp`.
    public static var folder: String {
        guard let value = getenv("TMPDIR").map({ String(cString: $0) }), !value.isEmpty else { return "/tmp" }
        return value
    }

    /// A new file with no name in `folder`, open for reading and writing; a `SpoolError` when
    /// none can be made.
    public static func descriptor() throws -> Int32 {
        let folder = self.folder
        do {
            return try open(in: folder)
        } catch let error as SystemFailure {
            throw failure(.create, in: folder, code: error.code)
        }
    }

    /// `descriptor()` as a C stream.
    public static func stream() throws -> UnsafeMutablePointer<FILE> {
        let fd = try descriptor()
        guard let file = fdopen(fd, "w+") else {
            let code = errno
            close(fd)
            throw failure(.create, code: code)
        }
        return file
    }

    /// `descriptor()`, or `nil` without any error counted: for a spool that keeps its data in
    /// memory when it has no file.
    public static func descriptorIfPossible() -> Int32? { try? open(in: folder) }

    /// `stream()`, or `nil` without any error counted.
    public static func streamIfPossible() -> UnsafeMutablePointer<FILE>? {
        guard let fd = descriptorIfPossible() else { return nil }
        guard let file = fdopen(fd, "w+") else {
            close(fd)
            return nil
        }
        return file
    }

    /// A spool's failure, counted (`failures`), with the system's reason.
    public static func failure(_ action: SpoolError.Action, in folder: String = Scratch.folder, code: Int32 = errno) -> SpoolError {
        counter.add()
        return SpoolError(action: action, folder: folder, reason: String(cString: strerror(code == 0 ? EIO : code)))
    }

    /// How many spools failed in this process: a command that caught one (for one log of a
    /// fleet, which it reports as that log's failure) still ends with 74.
    public static var failures: Int { counter.count }

    private static let counter = FailureCounter()

    private static func open(in folder: String) throws -> Int32 {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        // O_TMPFILE (Linux 3.11; Glibc's header spells it so that Swift cannot import it): a
        // file that never has a name. Not every file system has it: then mkstemp.
        let unnamed = Glibc.open(folder, O_RDWR | O_CLOEXEC | 0o20_000_000 | O_DIRECTORY, 0o600)
        if unnamed >= 0 { return unnamed }
        guard errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL else { throw SystemFailure(code: errno) }
        #endif
        var template = Array("\(folder)/turbo-replay-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw SystemFailure(code: errno) }
        unlink(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return fd
    }

    private struct SystemFailure: Error {
        var code: Int32
    }
}

/// A spool that could not be created, written or read back: the folder and the system's
/// reason (`cannot write a temporary file in /tmp: No space left on device`). Exit 74.
public struct SpoolError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Action: String, Sendable {
        case create, write, read
    }

    public let action: Action
    public let folder: String
    public let reason: String

    public var description: String {
        let verb =
            switch action {
            case .create: "create"
            case .write: "write to"
            case .read: "read back"
            }
        return "cannot \(verb) a temporary file in \(folder) (TMPDIR, else /tmp): \(reason)"
    }
}

/// A count several threads may add to.
private final class FailureCounter: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var value = 0

    init() { pthread_mutex_init(&mutex, nil) }

    func add() {
        pthread_mutex_lock(&mutex)
        value += 1
        pthread_mutex_unlock(&mutex)
    }

    var count: Int {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return value
    }
}
