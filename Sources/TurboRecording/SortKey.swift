/// A key for `SortedSpool` made of numbers, whose bytes sort as the numbers do: a time, then
/// whatever breaks its ties (a rank, the order in which entries came), so that an external sort
/// gives what a stable sort in memory would.
package struct SortKey {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    /// `t` (not NaN): negative before positive, and −0 as 0, as `<` orders them.
    package mutating func append(_ t: Double) {
        let bits = (t == 0 ? 0 : t).bitPattern
        append(bits >> 63 == 1 ? ~bits : bits | 1 << 63)
    }

    /// Big-endian, so that byte order is number order.
    package mutating func append(_ value: UInt64) {
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    package mutating func append(_ byte: UInt8) { bytes.append(byte) }
}
