/// A string compared and hashed by its UTF-8 bytes. Swift's `String ==` (and so a
/// `Dictionary` or `Set` keyed by `String`) is Unicode canonical equivalence: `tab:café` with
/// a precomposed é and with e + U+0301 are one key, as are a Kelvin sign and K. A recording's
/// surfaces, URLs, labels and texts are what the app and the page wrote, byte for byte: two
/// spellings are two of them.
public struct ByteString: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let text: String

    public init(_ text: String) { self.text = text }

    /// Eight bytes at a time: as fast as `utf8.elementsEqual` in a release build, and four times
    /// faster in a debug one (the tests'), where that generic walk costs a call per byte.
    public static func == (a: ByteString, b: ByteString) -> Bool {
        var a = a.text, b = b.text
        guard a.utf8.count == b.utf8.count else { return false }
        return a.withUTF8 { x in b.withUTF8 { y in sameBytes(UnsafeRawBufferPointer(x), UnsafeRawBufferPointer(y)) } }
    }

    private static func sameBytes(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        while i + 8 <= x.count {
            guard x.loadUnaligned(fromByteOffset: i, as: UInt64.self) == y.loadUnaligned(fromByteOffset: i, as: UInt64.self) else { return false }
            i += 8
        }
        while i < x.count {
            guard x[i] == y[i] else { return false }
            i += 1
        }
        return true
    }

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
    /// Whether `self` and `other` are the same bytes (not merely canonically equivalent), eight
    /// at a time as `ByteString` compares them.
    @inlinable public func sameBytes(as other: String) -> Bool { ByteString(self) == ByteString(other) }
}
