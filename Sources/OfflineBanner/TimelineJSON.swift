import PolicyCore

/// The canonical timeline line of the banner contract: keys in the contract's order, numbers
/// with at most 3 decimals, strings escaped as json-c escapes them. It is also how a record
/// describes itself, so a failed `#expect` in a test prints one readable line per record.
extension TimelineRecord: CustomStringConvertible {
    /// Appends the line (without its newline) to `out`: the replay's hot path writes every
    /// record into one reused buffer rather than building a `String` per record.
    public func appendJSON(to out: inout [UInt8]) {
        appendLiteral(#"{"t":"#, to: &out)
        appendMilliseconds(t, to: &out)
        switch self {
        case .banner(let change):
            appendLiteral(#","banner":""#, to: &out)
            appendUTF8(change.banner.rawValue, to: &out)
            out.append(UInt8(ascii: "\""))
            if let label = change.label {
                appendLiteral(#","label":"#, to: &out)
                appendJSONString(label, to: &out)
            }
            appendLiteral(#","cause":""#, to: &out)
            appendUTF8(change.cause.rawValue, to: &out)
            appendLiteral(#""}"#, to: &out)
        case .submit(let decision):
            switch decision.outcome {
            case .toast(let label):
                appendLiteral(#","submit":"toast","label":"#, to: &out)
                appendJSONString(label, to: &out)
            case .silent(let reason):
                appendLiteral(#","submit":"silent","reason":""#, to: &out)
                appendUTF8(reason.name, to: &out)
                out.append(UInt8(ascii: "\""))
                if case .serverResponse(let status?) = reason {
                    appendLiteral(#","status":"#, to: &out)
                    appendUTF8(String(status), to: &out)
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
