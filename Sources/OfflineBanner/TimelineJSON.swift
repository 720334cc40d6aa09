import PolicyCore

/// The canonical timeline line of the banner contract: keys in the contract's order, numbers
/// with at most 3 decimals, strings escaped as json-c escapes them. It is also how a record
/// describes itself, so a failed `#expect` in a test prints one readable line per record.
extension TimelineRecord: CustomStringConvertible {
    /// Appends the line (without its newline) to `out`: the replay's hot path writes every
    /// record into one reused buffer rather than building a `String` per record.
    public func appendJSON(to out: inout [UInt8]) {
        out.append(contentsOf: #"{"t":"#.utf8)
        appendMilliseconds(t, to: &out)
        switch self {
        case .banner(let change):
            out.append(contentsOf: #","banner":""#.utf8)
            out.append(contentsOf: change.banner.rawValue.utf8)
            out.append(UInt8(ascii: "\""))
            if let label = change.label {
                out.append(contentsOf: #","label":"#.utf8)
                appendJSONString(label, to: &out)
            }
            out.append(contentsOf: #","cause":""#.utf8)
            out.append(contentsOf: change.cause.rawValue.utf8)
            out.append(contentsOf: #""}"#.utf8)
        case .submit(let decision):
            switch decision.outcome {
            case .toast(let label):
                out.append(contentsOf: #","submit":"toast","label":"#.utf8)
                appendJSONString(label, to: &out)
            case .silent(let reason):
                out.append(contentsOf: #","submit":"silent","reason":""#.utf8)
                out.append(contentsOf: reason.name.utf8)
                out.append(UInt8(ascii: "\""))
                if case .serverResponse(let status?) = reason {
                    out.append(contentsOf: #","status":"#.utf8)
                    out.append(contentsOf: String(status).utf8)
                }
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// The canonical line, as `turbo-replay replay --format jsonl` prints it.
    public var jsonLine: String {
        var bytes: [UInt8] = []
        appendJSON(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    public var description: String { jsonLine }
}
