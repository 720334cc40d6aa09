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
    // Past 2^52 thousandths `t * 1000` is itself rounded to a whole number or coarser, which
    // can put the 3rd decimal one off: there the whole part and the fraction are split
    // exactly instead, and the digits are never in exponent form.
    guard abs(thousandths) < 4_503_599_627_370_496 else {
        appendLargeMilliseconds(t, to: &out)
        return
    }
    let scaled = Int64(thousandths)
    // The digits are written backwards into a few bytes on the stack and appended in one copy,
    // not a byte at a time: an output-heavy replay prints a time on every line.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { digits in
        var start = digits.count
        func put(_ byte: UInt8) {
            start -= 1
            digits[start] = byte
        }
        var whole = scaled.magnitude / 1000
        var fraction = scaled.magnitude % 1000
        if fraction != 0 {
            // No trailing zeros, and the leading ones kept: 816.036 → ".036", 3509.5 → ".5".
            var decimals = 3
            while fraction % 10 == 0 { fraction /= 10; decimals -= 1 }
            for _ in 0..<decimals {
                put(UInt8(ascii: "0") + UInt8(fraction % 10))
                fraction /= 10
            }
            put(UInt8(ascii: "."))
        }
        repeat {
            put(UInt8(ascii: "0") + UInt8(whole % 10))
            whole /= 10
        } while whole > 0
        if scaled < 0 { put(UInt8(ascii: "-")) }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
}

/// `whole`, then `.` and the thousandths without their trailing zeros (none when 0).
private func appendWholeAndThousandths(_ whole: UInt64, _ thousandths: UInt64, to out: inout [UInt8]) {
    appendDecimal(whole, to: &out)
    var fraction = thousandths
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

/// A magnitude of 2^52 thousandths or more (about 143 years): below 2^64 the whole part is
/// taken exactly and the fraction (exact too: `t` minus its whole part) rounded to thousandths;
/// past it a double is a whole number, written out digit by digit from its shortest form.
private func appendLargeMilliseconds(_ t: Double, to out: inout [UInt8]) {
    if t < 0 { out.append(UInt8(ascii: "-")) }
    let magnitude = t.magnitude
    let whole = magnitude.rounded(.down)
    if whole < 18_446_744_073_709_551_616 {
        var integer = UInt64(whole)
        var thousandths = ((magnitude - whole) * 1000).rounded()
        if thousandths >= 1000 {
            integer += 1
            thousandths = 0
        }
        appendWholeAndThousandths(integer, UInt64(thousandths), to: &out)
        return
    }
    // "1.8446744073709552e+19": the significand's digits, then zeros up to the exponent.
    let text = "\(magnitude)"
    guard let e = text.firstIndex(of: "e"), let exponent = Int(text[text.index(after: e)...]) else {
        out.append(contentsOf: (text.hasSuffix(".0") ? String(text.dropLast(2)) : text).utf8)
        return
    }
    let digits = text[..<e].filter { $0 != "." }
    out.append(contentsOf: digits.utf8)
    out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(exponent + 1 - digits.count, 0)))
}

private func appendDecimal(_ value: UInt64, to out: inout [UInt8]) {
    if value >= 10 { appendDecimal(value / 10, to: &out) }
    out.append(UInt8(ascii: "0") + UInt8(value % 10))
}
