/// 2^53 ms (about 285,000 years): the largest magnitude of a time or a duration the readers
/// accept. Below it a double holds every integer exactly, so `t + duration` is exact to the
/// millisecond, and no sum of a few such numbers can overflow to infinity (JSON has none).
/// Options that take milliseconds should refuse what is beyond it, as the readers do.
public let exactMillisecondsLimit: Double = 9_007_199_254_740_992

/// Prints a time the way the contract does: at most 3 decimals, no trailing zeros, so a
/// timer due at `816.0360000000001` prints `816.036` and `3509.0` prints `3509`.
public func formatMilliseconds(_ t: Double) -> String {
    var bytes: [UInt8] = []
    appendMilliseconds(t, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

/// Appends `formatMilliseconds(t)` to `out`, digit by digit, without building a `String`.
public func appendMilliseconds(_ t: Double, to out: inout [UInt8]) {
    guard t.isFinite else {
        out.append(contentsOf: (t > 0 ? "inf" : t < 0 ? "-inf" : "nan").utf8)
        return
    }
    let thousandths = (t * 1000).rounded()
    // Beyond 2^53 thousandths a double has no 3rd decimal to print.
    guard abs(thousandths) < 9_007_199_254_740_992 else {
        let text = "\(t)"
        out.append(contentsOf: (text.hasSuffix(".0") ? String(text.dropLast(2)) : text).utf8)
        return
    }
    let scaled = Int64(thousandths)
    if scaled < 0 { out.append(UInt8(ascii: "-")) }
    let magnitude = scaled.magnitude
    appendDecimal(magnitude / 1000, to: &out)
    var fraction = magnitude % 1000
    if fraction != 0 {
        out.append(UInt8(ascii: "."))
        var digits = 3
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        // `digits` decimals of `fraction`, with its leading zeros (816.036: "036" → ".036").
        var divisor: UInt64 = digits == 3 ? 100 : digits == 2 ? 10 : 1
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }
}

private func appendDecimal(_ value: UInt64, to out: inout [UInt8]) {
    if value >= 10 { appendDecimal(value / 10, to: &out) }
    out.append(UInt8(ascii: "0") + UInt8(value % 10))
}
