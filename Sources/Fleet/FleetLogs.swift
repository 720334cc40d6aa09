import Foundation
import TurboRecording

/// Which logs a fleet command reads: a log is its real path (symbolic links, `.`, `..` and
/// repeated slashes resolved), so `recordings/x` and `./recordings//x` are one log, read once.
package enum FleetLogs {
    /// `path` with every link and `.`/`..` resolved; `nil` when it does not exist (the read
    /// then fails as it would, under the name given).
    package static func realPath(_ path: String) -> String? { RecordingFiles.identity(of: path) }

    /// `paths` without the later spellings of a log already listed, in their order.
    package static func unique(_ paths: [String]) -> [String] {
        var seen: Set<String> = []
        return paths.filter { seen.insert(realPath($0) ?? $0).inserted }
    }

    /// The order every report adds its logs up in, in a single run as in a merge: a log's real
    /// path as a partial's line spells it (`PartialFrame.key`), byte by byte.
    package static let byKey: PathListing.Key = { path, real in PartialFrame.key(real: real ?? PartialFrame.realPath(path)) }

    /// `paths` as a listing in the order of `key`, each log once (by real path, under its first
    /// spelling in `paths`), as a fleet command reads them.
    package static func listing(_ paths: [String], key: @escaping PathListing.Key = byKey) throws -> PathListing {
        var builder = PathListing.Builder(key: key)
        for (rank, path) in paths.enumerated() { try add(path, rank: rank, to: &builder) }
        return try builder.listing()
    }

    private static func add(_ path: String, rank: Int, to builder: inout PathListing.Builder) throws {
        let real = realPath(path)
        try builder.add(path, identity: real ?? path, exact: real != nil, rank: rank)
    }

    /// `-`: the logs to read, one path per line on standard input (as a Hadoop Streaming or
    /// Spark `pipe` mapper is fed), as a listing in the order of `key`, each log once under its
    /// first line. Blank lines are skipped, and so are goldens (`*.expected.jsonl`) and configs
    /// (`*.config.json`), which a directory search leaves out: a listing made with `find` holds
    /// them beside the logs. Read a line at a time, so a listing of a million paths is held on
    /// disk, not in memory. A read that fails is an error (66), never an empty listing.
    package static func standardInputListing(key: @escaping PathListing.Key = byKey) throws -> PathListing {
        var builder = PathListing.Builder(key: key)
        var rank = 0
        try forEachLine(fd: STDIN_FILENO, name: "<stdin>") { line in
            for path in paths(listed: [line]) {
                try add(path, rank: rank, to: &builder)
                rank += 1
            }
        }
        return try builder.listing()
    }

    /// Each line of `fd` as readLine gives it (LF or CRLF ends, the last line with none), one
    /// line in memory at a time.
    static func forEachLine(fd: Int32, name: String, _ body: (String) throws -> Void) throws {
        var line: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { buffer.deallocate() }
        func end() throws {
            try body(PathBytes.name(line.last == 0x0D ? line.dropLast() : line[...]))
            line.removeAll(keepingCapacity: true)
        }
        while case let count = try readArrived(fd: fd, into: buffer, name: name), count > 0 {
            for byte in buffer[..<count] {
                if byte == 0x0A { try end() } else { line.append(byte) }
            }
        }
        if !line.isEmpty { try end() }
    }

    /// The logs named by the lines of a listing, as `standardInputListing` takes them.
    package static func paths(listed lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !RecordingFiles.isGolden($0) && !$0.hasSuffix(".config.json") }
    }
}
