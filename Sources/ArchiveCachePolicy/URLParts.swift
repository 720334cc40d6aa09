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
        self = url.utf8.withContiguousStorageIfAvailable { Self(bytes: $0) } ?? Array(url.utf8).withUnsafeBufferPointer { Self(bytes: $0) }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        // `(([^:/?#]+):)?`: a scheme only when a non-empty run free of `/?#` ends in `:`.
        var index = Self.end(bytes, from: 0, at: Self.colonSlashQueryHash)
        if index > 0, index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            scheme = text(0..<index)
            index += 1
        } else {
            index = 0
        }
        // `(//([^/?#]*))?`
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
            let end = Self.end(bytes, from: index + 2, at: Self.slashQueryHash)
            authority = text((index + 2)..<end)
            index = end
        }
        // `([^?#]*)`
        let pathEnd = Self.end(bytes, from: index, at: Self.queryHash)
        path = text(index..<pathEnd)
        index = pathEnd
        // `(\?([^#]*))?`
        if index < bytes.count, bytes[index] == UInt8(ascii: "?") {
            let end = Self.end(bytes, from: index + 1, at: Self.hash)
            query = text((index + 1)..<end)
            index = end
        }
        // `(#(.*))?`
        if index < bytes.count, bytes[index] == UInt8(ascii: "#") {
            fragment = text((index + 1)..<bytes.count)
        }
    }

    /// The delimiters, each a bit of a mask: `:` `/` `?` `#` are all below 64.
    private static let hash: UInt64 = 1 << UInt64(UInt8(ascii: "#"))
    private static let queryHash: UInt64 = hash | 1 << UInt64(UInt8(ascii: "?"))
    private static let slashQueryHash: UInt64 = queryHash | 1 << UInt64(UInt8(ascii: "/"))
    private static let colonSlashQueryHash: UInt64 = slashQueryHash | 1 << UInt64(UInt8(ascii: ":"))

    /// The index of the first byte from `start` on that is one of `delimiters`, or the end.
    /// A plain loop over a buffer and a mask: it runs for every byte of every URL, and a debug
    /// build makes a generic search or a captured index cost a call per byte.
    private static func end(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, at delimiters: UInt64) -> Int {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 64 && delimiters & (1 << UInt64(byte)) != 0 { break }
            index += 1
        }
        return index
    }
}
