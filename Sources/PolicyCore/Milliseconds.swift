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
    // The digits are written backwards into a few bytes on the stack and appended in one copy:
    // a byte at a time into the array cost a uniqueness and a capacity check each, and an
    // output-heavy replay prints a time on every line.
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
