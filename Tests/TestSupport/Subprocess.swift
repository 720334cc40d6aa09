import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program run as a child process: how tests start the built CLI, a shell around it, or a
/// program on the PATH (a test that needs what Foundation's `Process` has and this does not, a
/// working folder or a process group of its own, uses that, waiting with `ProcessEnd`). It
/// starts as a shell would start it, whatever this process has done to itself: every signal at
/// its default action and none blocked (a test runner ignores some, and a child would inherit
/// that), in the repository's root (this process's working directory, `Fixtures.enterRoot`). Its standard output and error are
/// pipes, each drained by a thread as the child writes, so that neither can fill up and leave
/// the two processes waiting on each other.
final class Subprocess {
    /// What the child reads on standard input.
    enum Input: Sendable {
        /// A pipe that carries these bytes, then ends (written by a thread of this process).
        case bytes([UInt8])
        /// A pipe left open for the test: `write(_:)` and `closeInput()`.
        case open
        case nullDevice
    }

    /// How the child ended.
    enum Termination: Equatable, Sendable {
        case exited(Int32)
        case signaled(Int32)

        /// As a shell's `$?` gives it: the exit status, or 128 + the signal.
        var status: Int32 {
            switch self {
            case .exited(let status): status
            case .signaled(let signal): 128 + signal
            }
        }
    }

    let pid: pid_t
    private let output: PipeReader?
    private let error: PipeReader
    private var input: Int32?
    private var ended: Termination?

    /// Starts `program` (a path) with `arguments`, given as bytes (a file name need not be
    /// UTF-8). `environment` is added to this process's; `stdout` is a path the child writes
    /// its standard output to as it is (a device such as /dev/full), instead of a pipe read back.
    init(
        _ program: String, _ arguments: [[UInt8]], input: Input = .nullDevice, stdout: String? = nil, environment: [String: String] = [:]
    ) throws {
        Fixtures.enterRoot()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var readEnd: Int32 = -1, writeEnd: Int32?
        switch input {
        case .nullDevice:
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        case .bytes, .open:
            let ends = try Self.pipe()
            (readEnd, writeEnd) = (ends.read, ends.write)
            posix_spawn_file_actions_adddup2(&actions, ends.read, 0)
        }
        let outputPipe = try stdout == nil ? Self.pipe() : nil
        let errorPipe = try Self.pipe()
        if let stdout {
            posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY, 0)
        } else if let outputPipe {
            posix_spawn_file_actions_adddup2(&actions, outputPipe.write, 1)
        }
        posix_spawn_file_actions_adddup2(&actions, errorPipe.write, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value }
        let argv = CStrings([Array(program.utf8)] + arguments)
        let envp = CStrings(variables.sorted { $0.key < $1.key }.map { Array("\($0.key)=\($0.value)".utf8) })
        var child = pid_t()
        let spawned = Self.spawning.withLock { posix_spawn(&child, program, &actions, &attributes, argv.pointers, envp.pointers) }
        // The child's ends are the child's alone now: each reader sees its end when the child's go.
        for end in [readEnd, outputPipe?.write ?? -1, errorPipe.write] where end >= 0 { close(end) }
        output = outputPipe.map { PipeReader($0.read) }
        error = PipeReader(errorPipe.read)
        guard spawned == 0 else {
            if let writeEnd { close(writeEnd) }
            _ = (output?.bytes(), error.bytes())
            throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL)
        }
        pid = child
        if case .bytes(let bytes) = input, let writeEnd {
            PipeWriter.write(bytes, to: writeEnd)
        } else {
            self.input = writeEnd
        }
    }

    /// The built CLI (`Fixtures.cli`), started with `arguments`.
    static func cli(_ arguments: [String], input: Input = .nullDevice, stdout: String? = nil, environment: [String: String] = [:]) throws -> Subprocess {
        try Subprocess(Fixtures.cli, arguments.map { Array($0.utf8) }, input: input, stdout: stdout, environment: environment)
    }

    deinit {
        if let input { close(input) }
    }

    /// Writes to the child's standard input (an `.open` one).
    func write(_ text: String) {
        guard let input else { return }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { writeBytes(input, $0.baseAddress, $0.count) }
    }

    /// Ends the child's standard input (an `.open` one).
    func closeInput() {
        if let input { close(input) }
        input = nil
    }

    /// Whether the child is still running.
    var isRunning: Bool {
        guard ended == nil else { return false }
        var status: Int32 = 0
        let waited = waitpid(pid, &status, WNOHANG)
        guard waited == pid else { return waited == 0 }
        ended = Self.termination(status)
        return false
    }

    /// Whether `wait(timeout:)` killed the child, still running when its time was up.
    private(set) var timedOut = false

    /// Waits for the child to end; after `timeout` seconds it is killed (SIGKILL), as
    /// `timeout -s KILL` would, so that a run that hangs fails instead of the test suite.
    /// Woken by the end, not looking now and then: a thread waits for it without reaping it
    /// (`WNOWAIT`), so that the child cannot be gone, and its pid someone else's, when the
    /// time is up and it is killed.
    @discardableResult
    func wait(timeout: Double? = nil) -> Termination {
        if let ended { return ended }
        if let timeout, isRunning {
            let exited = DispatchSemaphore(value: 0)
            Thread.detachNewThread { [pid] in
                var info = siginfo_t()
                while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
                exited.signal()
            }
            if exited.wait(timeout: .now() + timeout) == .timedOut {
                kill(pid, SIGKILL)
                exited.wait()
                // Timed out only if the kill is what ended it: not a child that ended by itself
                // just as its time was up.
                let termination = reap()
                timedOut = termination == .signaled(SIGKILL)
                return termination
            }
        }
        return reap()
    }

    private func reap() -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let termination = Self.termination(status)
        ended = termination
        return termination
    }

    /// Waits (see `wait(timeout:)`), then reads what the child printed.
    func finish(timeout: Double? = nil) -> Fixtures.Run {
        let termination = wait(timeout: timeout)
        closeInput()
        return Fixtures.Run(
            status: termination.status, stdout: String(decoding: output?.bytes() ?? [], as: UTF8.self),
            stderr: String(decoding: error.bytes(), as: UTF8.self))
    }

    private static func termination(_ status: Int32) -> Termination {
        status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
    }

    /// A pipe whose ends no other child inherits (a child that held its write end open would
    /// keep its reader from ever seeing the end). Made close-on-exec while no child is being
    /// started (`spawning`): Swift has no pipe2.
    static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        spawning.lock()
        defer { spawning.unlock() }
        guard systemPipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Held while a child is started and while a pipe is made, so that no child inherits a pipe
    /// not yet close-on-exec. (Foundation's `Process` closes every other descriptor in its children.)
    private static let spawning = NSLock()
}

/// Writes bytes into a pipe from a thread of its own, then closes it: the reader (a child, or
/// a command run in this process) may read them as slowly as it likes, or not at all.
enum PipeWriter {
    static func write(_ bytes: [UInt8], to fd: Int32) {
        let thread = Thread {
            // A reader gone before the end is a failed write here, never SIGPIPE to the process.
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { writeBytes(fd, $0.baseAddress, $0.count) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { break }
                offset += written
            }
            close(fd)
        }
        thread.start()
    }
}

/// Reads a pipe to its end from a thread of its own, as the writer writes.
private final class PipeReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var received: [UInt8] = []

    init(_ fd: Int32) {
        let thread = Thread { [self] in
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                received.append(contentsOf: chunk[..<count])
            }
            close(fd)
            done.signal()
        }
        thread.start()
    }

    /// Everything the pipe carried, once its writers have all closed it.
    func bytes() -> [UInt8] {
        done.wait()
        done.signal()
        return received
    }
}

/// write(2) and pipe(2), named apart from the methods called `write` and `pipe`.
private func writeBytes(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, bytes, count) }
private func systemPipe(_ ends: UnsafeMutablePointer<Int32>) -> Int32 { pipe(ends) }

/// NUL-terminated copies of byte strings, as `argv` and `envp` take them.
private final class CStrings {
    let pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [[UInt8]]) {
        pointers =
            strings.map { bytes in
                let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
                for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
                copy[bytes.count] = 0
                return copy
            } + [nil]
    }

    deinit { for pointer in pointers { pointer?.deallocate() } }
}
