import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input for a command run in this process: descriptor 0 is the process's, so a run
/// that reads it has it to itself for its duration. The commands read descriptor 0 itself
/// (`-`, `--merge -`, a listing on standard input), from the libraries below the command
/// line, so it is the descriptor that is lent, not a stream handed down. Runs that read no
/// standard input (no `-`, no input given) never wait for it and run side by side.
enum StandardInput {
    private static let lock = NSLock()

    /// Runs `body` with descriptor 0 the read end of a pipe that carries `bytes` and then ends,
    /// as a child's standard input would; the process's own is put back after.
    static func feeding<T>(_ bytes: [UInt8], _ body: () -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        let pipe = try Subprocess.pipe()
        let saved = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0)
        dup2(pipe.read, STDIN_FILENO)
        close(pipe.read)
        PipeWriter.write(bytes, to: pipe.write)
        defer {
            // Closing the read end ends the writer's work too, when the command left bytes unread.
            if saved >= 0 {
                dup2(saved, STDIN_FILENO)
                close(saved)
            } else {
                close(STDIN_FILENO)
            }
        }
        return body()
    }
}
