/// A string compared and hashed by its UTF-8 bytes. Swift's `String ==` (and so a
/// `Dictionary` or `Set` keyed by `String`) is Unicode canonical equivalence: `tab:café` with
/// a precomposed é and with e + U+0301 are one key, as are a Kelvin sign and K. A recording's
/// surfaces, URLs, labels and texts are what the app and the page wrote, byte for byte: two
/// spellings are two of them (issue #34, items 15–17).
public struct ByteString: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let text: String

    public init(_ text: String) { self.text = text }

    public static func == (a: ByteString, b: ByteString) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }

    /// In byte order, as the tool sorts whatever it prints.
    public static func < (a: ByteString, b: ByteString) -> Bool { a.text.utf8.lexicographicallyPrecedes(b.text.utf8) }

    public func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(text.utf8.count)
    }

    public var description: String { text }
}

extension String {
    /// Whether `self` and `other` are the same bytes (not merely canonically equivalent).
    @inlinable public func sameBytes(as other: String) -> Bool { utf8.elementsEqual(other.utf8) }
}
