import Foundation

/// A closed log file as the collector takes it: its log id (its `meta`'s `session`), its parts
/// (whole lines each, at most `partLimit` bytes unless one line is longer) and the SHA-256 of
/// each part and of the whole file. Read in place through one open handle, so a file the logger
/// rotates further (renames) meanwhile is still the same file; nothing is copied.
public struct LogParts: Sendable, Equatable {
    public struct Part: Sendable, Equatable {
        public let offset: Int
        public let length: Int
        public let sha256: String
    }

    public let logID: String
    public let parts: [Part]
    public let sha256: String
    public let size: Int

    /// The most bytes of one part: the collector's limit on a request's body.
    public static let defaultPartLimit = 1 << 20

    /// Reads the file behind `handle` from its start: nil when it is no log this logger closed
    /// (no `meta` line naming a log id the collector takes, or a last line with no line end).
    public init?(reading handle: FileHandle, partLimit: Int = defaultPartLimit) throws {
        let whole = SHA256()
        var parts: [Part] = []
        var offset = 0
        var carry: [UInt8] = []  // bytes read past the last part, which begin the next one
        var logID: String?
        while true {
            let want = carry.count < partLimit ? partLimit - carry.count : 65_536
            let chunk = try handle.read(upToCount: want).map { [UInt8]($0) } ?? []
            let buffer = carry + chunk
            if buffer.isEmpty { break }
            if logID == nil {
                guard let id = Self.logID(ofFirstLine: buffer) else { return nil }
                logID = id
            }
            // A file whose last line has no line end is being written, or was cut: not closed.
            if chunk.count < want, buffer.last != 0x0A { return nil }
            // A part ends at the last line end that keeps it within the limit; a line longer than
            // the limit (which the loggers never write) is a part of its own.
            guard let end = buffer.prefix(partLimit).lastIndex(of: 0x0A).map({ $0 + 1 }) ?? buffer.firstIndex(of: 0x0A).map({ $0 + 1 }) else {
                carry = buffer
                continue
            }
            let body = buffer[..<end]
            whole.update(body)
            parts.append(Part(offset: offset, length: end, sha256: SHA256.hex(body)))
            offset += end
            carry = Array(buffer[end...])
        }
        guard let logID, !parts.isEmpty else { return nil }
        self.logID = logID
        self.parts = parts
        self.sha256 = whole.finish()
        self.size = offset
    }

    /// The `session` of a native log's `meta` line as the loggers write it
    /// (`…,"session":"0123…",…}`), when it is an id the collector takes.
    static func logID(ofFirstLine bytes: [UInt8]) -> String? {
        guard let end = bytes.firstIndex(of: 0x0A) else { return nil }
        let line = String(decoding: bytes[..<end], as: UTF8.self)
        guard line.hasPrefix(#"{"type":"meta","#), line.contains(#""recording":"native""#),
            let range = line.range(of: #","session":""#),
            let close = line[range.upperBound...].firstIndex(of: "\"")
        else { return nil }
        let id = String(line[range.upperBound..<close])
        return id.utf8.count == 32 && id.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) ? id : nil
    }
}
