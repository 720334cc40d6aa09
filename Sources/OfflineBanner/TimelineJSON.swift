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
            appendLiteral(change.banner.jsonMember, to: &out)
            if let label = change.label {
                appendLiteral(#","label":"#, to: &out)
                appendJSONString(label, to: &out)
            }
            appendLiteral(change.cause.jsonMember, to: &out)
        case .submit(let decision):
            switch decision.outcome {
            case .toast(let label):
                appendLiteral(#","submit":"toast","label":"#, to: &out)
                appendJSONString(label, to: &out)
            case .silent(let reason):
                switch reason {
                case .success: appendLiteral(#","submit":"silent","reason":"success""#, to: &out)
                case .disconnected: appendLiteral(#","submit":"silent","reason":"disconnected""#, to: &out)
                case .serverResponse(let status):
                    appendLiteral(#","submit":"silent","reason":"server-response""#, to: &out)
                    if let status {
                        appendLiteral(#","status":"#, to: &out)
                        appendUTF8(String(status), to: &out)
                    }
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

// Each state's and each cause's member as one literal, so a line is a few copies: an enum's
// `rawValue` is a `String` made on every call, and an output-heavy replay prints one per line.
// A test holds every literal to its `rawValue`.
extension BannerState {
    /// `,"banner":"RAW"`
    package var jsonMember: StaticString {
        switch self {
        case .hidden: #","banner":"hidden""#
        case .offline: #","banner":"offline""#
        case .backOnline: #","banner":"back-online""#
        }
    }
}

extension BannerCause {
    /// `,"cause":"RAW"}`: the last member of a banner line, with the line's closing brace.
    package var jsonMember: StaticString {
        switch self {
        case .offline: #","cause":"offline"}"#
        case .online: #","cause":"online"}"#
        case .flashElapsed: #","cause":"flash-elapsed"}"#
        case .fetchRequestError: #","cause":"fetch-request-error"}"#
        case .submitFailed: #","cause":"submit-failed"}"#
        case .connect: #","cause":"connect"}"#
        case .connectOffline: #","cause":"connect-offline"}"#
        case .disconnect: #","cause":"disconnect"}"#
        case .pagehide: #","cause":"pagehide"}"#
        case .response: #","cause":"response"}"#
        }
    }
}
