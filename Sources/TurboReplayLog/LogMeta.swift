import NativeErrorPolicy
import PolicyCore

/// A log's first line, and how a new process tells whether a file it finds is a log it may
/// go on writing: the same platform and the same release (an update starts a log of its own,
/// so that each log says which release wrote all of it), whatever its id and `startedAt`.
struct LogMeta {
    /// `{"type":"meta","version":1,"recording":"native","platform":"ios","app":{…}`: what a
    /// file must start with for this logger to continue it.
    let identity: [UInt8]

    init(platform: Platform, app: AppVersion?) {
        var bytes = Array(#"{"type":"meta","version":1,"recording":"native","platform":"\#(platform.rawValue)""#.utf8)
        if let app { bytes += Array(#","app":"#.utf8) + app.json }
        identity = bytes
    }

    /// The whole line, line end included: `session` is the file's log id.
    func line(session: LogID, startedAt: Int64?) -> [UInt8] {
        var bytes = identity + Array(#","session":""#.utf8) + Array(session.text.utf8) + [UInt8(ascii: "\"")]
        if let text = startedAt.flatMap({ StartedAt.text(unixMilliseconds: $0) }) { bytes += Array(#","startedAt":"\#(text)""#.utf8) }
        return bytes + Array("}\n".utf8)
    }

    /// What a file's first line says, when this logger wrote it for the same identity: the
    /// whole line (line end included), its log id, and its `startedAt` in Unix milliseconds
    /// (nil when it has none). Nil when the line is anything else: a file this logger must
    /// not continue.
    func continued(from first: [UInt8]) -> (line: [UInt8], session: LogID, startedAt: Int64?)? {
        guard first.count > identity.count, first.starts(with: identity), let end = first.firstIndex(of: 0x0A) else { return nil }
        let line = Array(first[...end])
        var rest = Array(first[identity.count..<end])
        let sessionKey = Array(#","session":""#.utf8)
        let idLength = LogID.length
        guard rest.count >= sessionKey.count + idLength + 2, rest.starts(with: sessionKey),
            rest[sessionKey.count + idLength] == UInt8(ascii: "\""),
            let session = LogID(text: rest[sessionKey.count..<(sessionKey.count + idLength)])
        else { return nil }
        rest.removeFirst(sessionKey.count + idLength + 1)
        if rest == Array("}".utf8) { return (line, session, nil) }
        let key = Array(#","startedAt":""#.utf8)
        guard rest.count == key.count + 24 + 2, rest.starts(with: key), rest.suffix(2) == Array(#""}"#.utf8),
            let startedAt = StartedAt.milliseconds(String(decoding: rest[key.count..<(key.count + 24)], as: UTF8.self))
        else { return nil }
        return (line, session, startedAt)
    }
}

/// The `t` of a line this logger wrote (`{"t":1234.5,…`), nil for any other line. Only a JSON
/// number's characters are read: `Double("0x10")` is 16 and `Double("inf")` infinite, but a
/// file that ends with such a line is no log the readers take, so it is not continued.
func writtenTime(of line: [UInt8]) -> Double? {
    let key = Array(#"{"t":"#.utf8)
    guard line.starts(with: key), let comma = line[key.count...].firstIndex(of: UInt8(ascii: ",")) else { return nil }
    let number = line[key.count..<comma]
    guard number.allSatisfy({ jsonNumberBytes.contains($0) }) else { return nil }
    return Double(String(decoding: number, as: UTF8.self)).flatMap { $0.isFinite ? $0 : nil }
}

private let jsonNumberBytes = Set("0123456789.eE+-".utf8)
