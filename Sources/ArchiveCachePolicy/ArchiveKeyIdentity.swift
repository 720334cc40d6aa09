/// What the cache keeps of a key to know it again, in bounded bytes: the key itself when it is
/// at most `archiveKeyKeptBytes` bytes of UTF-8 (every URL an app really visits), else its
/// first bytes, its length and two 64-bit hashes of all its bytes. `maxArchives` bounds how
/// many pages the cache holds; this bounds what each costs, so that a log of 900 kB URLs is
/// replayed in the memory of a log of short ones (a URL that long is a bug or an attack, and
/// the whole key is still what a decision prints: it is made again from the record's URL).
///
/// Two keys are the same page exactly when their bytes are equal: a long identity
/// is longer than `archiveKeyKeptBytes`, so it never equals a short key, and two long keys
/// share one only if they agree on their first bytes, their length and both hashes. One hash
/// is FNV-1a (the same in every run), the other Swift's `Hasher`, seeded anew in each process,
/// so no log can be written in advance to make two pages collide.
package func archiveKeyIdentity(_ key: String) -> String {
    guard key.utf8.count > archiveKeyKeptBytes else { return key }
    var key = key
    return key.withUTF8 { bytes in
        var fnv: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { fnv = (fnv ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        let seeded = UInt64(bitPattern: Int64(hasher.finalize()))
        // The prefix ends on a scalar boundary (not inside a UTF-8 sequence): the identity
        // stays valid UTF-8.
        var end = archiveKeyKeptBytes - 64
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        var identity = String(decoding: bytes[..<end], as: UTF8.self) + "\u{0}#\(bytes.count):\(hex(fnv)):\(hex(seeded))"
        // Longer than any key kept whole, whatever the prefix's length after the boundary.
        while identity.utf8.count <= archiveKeyKeptBytes { identity += "#" }
        return identity
    }
}

/// Keys up to this many bytes of UTF-8 are kept as they are (see `archiveKeyIdentity`).
package let archiveKeyKeptBytes = 512

private func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
}
