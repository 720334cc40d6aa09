/// Why a recording could not be read. Every message names where: `path:line: what`.
public struct RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// The file could not be opened or read (sysexits EX_NOINPUT, 66).
        case unreadable
        /// A line breaks the recording format (sysexits EX_DATAERR, 65).
        case malformed
    }

    public var kind: Kind
    public var path: String
    /// 1-based; `nil` when the problem is the file as a whole.
    public var line: Int?
    public var message: String

    public init(_ kind: Kind, path: String, line: Int?, _ message: String) {
        self.kind = kind
        self.path = path
        self.line = line
        self.message = message
    }

    public var description: String {
        line.map { "\(path):\($0): \(message)" } ?? "\(path): \(message)"
    }
}
