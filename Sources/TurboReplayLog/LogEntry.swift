import PolicyCore

/// What a logger call asks to write: a record of the format, or the page's session
/// (`AppLog.webSession(_:)`), which is a call of its own because the logger keeps it (said once,
/// and again at the top of each fresh file).
enum LogEntry: Equatable {
    case record(LogRecord)
    case webSession(String)

    var isWebSession: Bool {
        if case .webSession = self { return true }
        return false
    }

    /// The entry's line without its line end, or why it cannot be written.
    func line(t: Double) -> Result<[UInt8], DropReason> {
        switch self {
        case .record(let record): return record.line(t: t)
        case .webSession(let id):
            guard isCollectorID(id) else { return .failure(.value) }
            var line = JSONLine()
            line.number("t", t)
            line.string("type", "web-session")
            line.string("session", id)
            return .success(line.bytes + [UInt8(ascii: "}")])
        }
    }
}

/// An id the collector takes as a session or log id: 1 to 128 of `A-Z a-z 0-9 _ -`, so that it
/// is a path segment that cannot climb out of its folder.
public func isCollectorID(_ id: String) -> Bool {
    let bytes = Array(id.utf8)
    return (1...128).contains(bytes.count)
        && bytes.allSatisfy { byte in
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F, 0x2D: return true
            default: return false
            }
        }
}
