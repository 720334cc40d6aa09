/// A URL reference split into its five parts exactly as RFC 3986 appendix B's regular
/// expression does (`^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`), by hand:
/// the key needs nothing more, and a pure core has no regular expressions or URL types to
/// lean on. Absent parts are `nil`; present but empty ones are `""` (`https://a.example/?`
/// has the query `""`), because the key treats the two differently.
///
/// The split never fails and never validates: any string is some reference, and a string
/// that is not a well-formed URI still splits the way the regular expression would.
public struct URLParts: Equatable, Sendable {
    public var scheme: String?
    public var authority: String?
    public var path: String
    public var query: String?
    public var fragment: String?

    public init(scheme: String? = nil, authority: String? = nil, path: String, query: String? = nil, fragment: String? = nil) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    public init(splitting url: String) {
        let bytes = Array(url.utf8)
        var index = 0
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        // A plain loop, not `contains`: this runs for every byte of every URL, and a debug
        // build calls the generic one through witness tables.
        func isDelimiter(_ byte: UInt8, _ set: StaticString) -> Bool {
            var at = 0
            while at < set.utf8CodeUnitCount {
                if set.utf8Start[at] == byte { return true }
                at += 1
            }
            return false
        }
        func scan(until set: StaticString) -> Range<Int> {
            let start = index
            while index < bytes.count && !isDelimiter(bytes[index], set) { index += 1 }
            return start..<index
        }

        // `(([^:/?#]+):)?`: a scheme only when a non-empty run free of `/?#` ends in `:`.
        let head = scan(until: ":/?#")
        if !head.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            scheme = text(head)
            index += 1
        } else {
            index = 0
        }
        // `(//([^/?#]*))?`
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
            index += 2
            authority = text(scan(until: "/?#"))
        }
        // `([^?#]*)`
        path = text(scan(until: "?#"))
        // `(\?([^#]*))?`
        if index < bytes.count, bytes[index] == UInt8(ascii: "?") {
            index += 1
            query = text(scan(until: "#"))
        }
        // `(#(.*))?`
        if index < bytes.count, bytes[index] == UInt8(ascii: "#") {
            fragment = text((index + 1)..<bytes.count)
        }
    }
}
