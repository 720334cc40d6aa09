package dev.turboreplay.policy

import java.math.BigDecimal
import java.math.MathContext
import java.math.RoundingMode

/**
 * A time as TurboReplay prints it (PolicyCore's formatMilliseconds): rounded to the
 * thousandth, half away from zero, at most 3 decimals and no trailing zeros; from 2^52
 * thousandths on, the whole part and the fraction split exactly, and never an exponent
 * (`9007199254740994`, `1e21` as `1000000000000000000000`).
 */
fun formatMilliseconds(t: Double): String {
    if (t.isNaN()) return "nan"
    if (t.isInfinite()) return if (t > 0) "inf" else "-inf"
    val thousandths = roundHalfAwayFromZero(t * 1000)
    if (Math.abs(thousandths) >= 4503599627370496.0) return largeMilliseconds(t)
    val scaled = thousandths.toLong()
    val magnitude = Math.abs(scaled)
    val sign = if (scaled < 0) "-" else ""
    var fraction = magnitude % 1000
    if (fraction == 0L) return "$sign${magnitude / 1000}"
    var digits = 3
    while (fraction % 10 == 0L) { fraction /= 10; digits-- }
    return "$sign${magnitude / 1000}." + fraction.toString().padStart(digits, '0')
}

/**
 * PolicyCore's `appendLargeMilliseconds`: below 2^64 the whole part exactly and the fraction
 * (`t` minus its whole part, exact) rounded to thousandths; past it a double is a whole number,
 * its shortest digits followed by zeros.
 */
private fun largeMilliseconds(t: Double): String {
    val sign = if (t < 0) "-" else ""
    val magnitude = Math.abs(t)
    val whole = Math.floor(magnitude)
    if (whole < 18446744073709551616.0) {
        var integer = BigDecimal(whole).toBigInteger()
        var thousandths = roundHalfAwayFromZero((magnitude - whole) * 1000).toLong()
        if (thousandths >= 1000) { integer = integer.add(java.math.BigInteger.ONE); thousandths = 0 }
        if (thousandths == 0L) return "$sign$integer"
        var fraction = thousandths
        var digits = 3
        while (fraction % 10 == 0L) { fraction /= 10; digits-- }
        return "$sign$integer." + fraction.toString().padStart(digits, '0')
    }
    return sign + shortestPlain(magnitude)
}

/** The shortest digits that read back as `value` (a whole number here), written out in full. */
private fun shortestPlain(value: Double): String {
    val exact = BigDecimal(value)
    for (precision in 1..17) {
        val candidate = exact.round(MathContext(precision, RoundingMode.HALF_EVEN))
        if (candidate.toDouble() == value) return candidate.stripTrailingZeros().toPlainString()
    }
    return exact.toPlainString()
}

/** Swift's `rounded()`: to nearest, ties away from zero; `a - floor(a)` is exact. */
private fun roundHalfAwayFromZero(x: Double): Double {
    val a = Math.abs(x)
    val floor = Math.floor(a)
    val rounded = if (a - floor >= 0.5) floor + 1 else floor
    return if (x < 0) -rounded else rounded
}
