/// Prints a time the way the contract does: at most 3 decimals, no trailing zeros, so a
/// timer due at `816.0360000000001` prints `816.036` and `3509.0` prints `3509`.
public func formatMilliseconds(_ t: Double) -> String {
    guard t.isFinite else { return t > 0 ? "inf" : t < 0 ? "-inf" : "nan" }
    let thousandths = (t * 1000).rounded()
    // Beyond 2^53 thousandths a double has no 3rd decimal to print.
    guard abs(thousandths) < 9_007_199_254_740_992 else {
        let text = "\(t)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
    let scaled = Int64(thousandths)
    let sign = scaled < 0 ? "-" : ""
    let magnitude = scaled.magnitude
    var result = sign + String(magnitude / 1000)
    var fraction = magnitude % 1000
    if fraction != 0 {
        var digits = 3
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        let text = String(fraction)
        result += "." + String(repeating: "0", count: digits - text.count) + text
    }
    return result
}
