import Foundation

extension Fixtures {
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
