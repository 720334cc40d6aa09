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

    /// `-`: the logs to read, one path per line on standard input (as a Hadoop Streaming or
    /// Spark `pipe` mapper is fed). Blank lines are skipped, and so are goldens
    /// (`*.expected.jsonl`) and configs (`*.config.json`), which a directory search leaves out:
    /// a listing made with `find` holds them beside the logs.
    /// A read that fails is an error (66), never an empty listing.
    package static func pathsFromStandardInput() throws -> [String] {
        var bytes: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { buffer.deallocate() }
        while case let count = try readArrived(fd: STDIN_FILENO, into: buffer, name: "<stdin>"), count > 0 {
            bytes.append(contentsOf: buffer[..<count])
        }
        // Lines as readLine gives them: LF or CRLF ends, the last line with none. Each is a
        // path's bytes, kept as the tool keeps paths (not repaired: a name need not be UTF-8).
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            PathBytes.name(line.last == 0x0D ? line.dropLast() : line)
        }
        if lines.last == "" { lines.removeLast() }
        return paths(listed: lines)
    }

    /// The logs named by the lines of a listing, as `pathsFromStandardInput` takes them.
    package static func paths(listed lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !RecordingFiles.isGolden($0) && !$0.hasSuffix(".config.json") }
    }
}
