import PolicyCore

/// A record of either log that explains a latency (app-session.md v1.1, "What each layer did
/// besides"): the page's `connect`, `pagehide`, `turbo:visit`, … and the app's `bridge` and
/// `launch`, with the keys the contract names, as the record has them.
public struct SessionRecord: Equatable, Sendable {
    /// On the session clock (a native record's `t` already moved by Δ).
    public var t: Double
    /// The record's `type`.
    public var type: String
    /// The named keys the record has, in the contract's order, each with its value as JSON text.
    public var fields: [Field]

    public struct Field: Equatable, Sendable {
        public var key: String
        public var json: String

        public init(key: String, json: String) {
            self.key = key
            self.json = json
        }
    }

    public init(t: Double, type: String, fields: [Field] = []) {
        self.t = t
        self.type = type
        self.fields = fields
    }

    /// The web record types the session lists, each with the keys it copies.
    public static let webKeys: [(type: String, keys: [String])] = [
        ("connect", ["online", "page", "context"]),
        ("pagehide", ["persisted"]),
        ("turbo:visit", ["url", "action"]),
        ("turbo:before-fetch-response", ["statusCode", "target"]),
        ("turbo:fetch-request-error", ["target", "url"]),
        ("turbo:reload", ["reason"]),
        ("seen", ["visible", "text"]),
    ]

    /// The native record types the session lists, each with the keys it copies.
    public static let nativeKeys: [(type: String, keys: [String])] = [
        ("bridge", ["component", "event", "url"]),
        ("launch", ["cold"]),
    ]

    /// `{"t":…,"layer":…,"record":TYPE, then the fields}`.
    public func jsonLine(layer: String) -> String {
        var line = JSONLine()
        line.number("t", t)
        line.string("layer", layer)
        line.string("record", type)
        for field in fields { line.raw(field.key, field.json) }
        return line.text
    }
}
