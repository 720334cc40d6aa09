import CJSONC

/// Copies the named keys of some record types out of a log as it is read, for `session`'s
/// record lines (app-session.md v1.1): set as the lines' `onObject`, it sees each line's
/// object before the reader decodes it; the caller takes what it picked once the reader has
/// accepted that line (a line a lenient read skips is never taken).
public final class RecordPicker {
    private let kinds: [(type: String, keys: [String])]
    private var pending: (line: Int, type: String, fields: [(key: String, json: String)])?

    /// `kinds`: each record type to pick, with the keys to copy, in the order to list them.
    public init(_ kinds: [(type: String, keys: [String])]) {
        self.kinds = kinds
    }

    /// Makes `lines` hand this picker each object before its reader decodes it.
    public func watch(_ lines: JSONLines) {
        lines.onObject = { [unowned self] object, line in self.observe(object, line: line) }
    }

    func observe(_ object: OpaquePointer, line: Int) {
        pending = nil
        guard let type = Field(object, "type").string, let kind = kinds.first(where: { $0.type.sameBytes(as: type) })
        else { return }
        var fields: [(key: String, json: String)] = []
        for key in kind.keys {
            // A key the record has, whatever its value: copied as it is (a `null` stays `null`).
            guard case .present(let value) = Field(object, named: key) else { continue }
            fields.append((key, JSONValue(value).description))
        }
        pending = (line, kind.type, fields)
    }

    /// What was picked from the line numbered `line`, if it is one of the kinds.
    public func take(line: Int) -> (type: String, fields: [(key: String, json: String)])? {
        guard let pending, pending.line == line else { return nil }
        self.pending = nil
        return (pending.type, pending.fields)
    }
}
