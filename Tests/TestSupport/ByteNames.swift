import Foundation

extension Fixtures {
    /// Runs the CLI with arguments given as bytes, which need not be UTF-8 (`Process` takes
    /// `String`s, and so can only pass UTF-8): a file name as the system has it. Standard input
    /// is empty; the outputs are read back as bytes. Paths given to it should be absolute.
    static func run(bytes arguments: [[UInt8]]) throws -> (status: Int32, stdout: [UInt8], stderr: [UInt8]) {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outPath = directory + "/out", errPath = directory + "/err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv: [UnsafeMutablePointer<CChar>?] =
            ([Array(cli.utf8)] + arguments).map { bytes in
                let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
                for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
                copy[bytes.count] = 0
                return copy
            } + [nil]
        defer { for pointer in argv { pointer?.deallocate() } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, cli, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Exited: its status (WEXITSTATUS), as Process's terminationStatus gives it.
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (
            exit, Array(try Data(contentsOf: URL(fileURLWithPath: outPath))),
            Array(try Data(contentsOf: URL(fileURLWithPath: errPath)))
        )
    }

    /// Creates the file whose name in `directory` is `name`'s bytes, with `contents`.
    static func create(in directory: String, name: [UInt8], contents: String) throws {
        let path = Array(directory.utf8) + [UInt8(ascii: "/")] + name + [0]
        let fd = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) } }
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EINVAL) }
        defer { close(fd) }
        let bytes = Array(contents.utf8)
        guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count else { throw POSIXError(.EIO) }
    }
}

extension FileManager {
    /// The names in `directory` as the system has them, from readdir.
    func contentsOfDirectoryAtPathBytes(_ directory: String) throws -> [[UInt8]] {
        guard let stream = opendir(directory) else { throw CocoaError(.fileReadNoPermission) }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2E], name != [0x2E, 0x2E] { names.append(name) }
        }
        return names
    }
}
