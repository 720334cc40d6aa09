package dev.turboreplay.log

import java.math.BigDecimal
import java.math.MathContext
import java.math.RoundingMode

/**
 * A JSON object written key by key, byte for byte as TurboReplay's Swift side writes it
 * (PolicyCore's JSONLine): strings escape `"`, `\` and control characters only, numbers are
 * [formatMilliseconds].
 */
class JsonLine {
    private val out = StringBuilder("{")

    private fun key(name: String) {
        if (out.length > 1) out.append(',')
        appendString(name)
        out.append(':')
    }

    fun number(name: String, value: Double) { key(name); out.append(formatMilliseconds(value)) }
    fun integer(name: String, value: Long) { key(name); out.append(value) }
    fun string(name: String, value: String) { key(name); appendString(value) }
    fun bool(name: String, value: Boolean) { key(name); out.append(if (value) "true" else "false") }
    fun raw(name: String, json: String) { key(name); out.append(json) }
    fun text(): String = "$out}"

    private fun appendString(text: String) {
        out.append('"')
        for (c in text) {
            when {
                c == '"' -> out.append("\\\"")
                c == '\\' -> out.append("\\\\")
                c == '\b' -> out.append("\\b")
                c == '\t' -> out.append("\\t")
                c == '\n' -> out.append("\\n")
                c == '\u000C' -> out.append("\\f")
                c == '\r' -> out.append("\\r")
                c < ' ' -> out.append("\\u00").append("0123456789abcdef"[c.toInt() shr 4]).append("0123456789abcdef"[c.toInt() and 15])
                else -> out.append(c)
            }
        }
        out.append('"')
    }
}

/**
 * A time as TurboReplay prints it (PolicyCore's formatMilliseconds): rounded to the
 * thousandth, half away from zero, at most 3 decimals and no trailing zeros; beyond 2^53
 * thousandths, Swift's shortest description (`9007199254740991`, `1e+21`).
 */
fun formatMilliseconds(t: Double): String {
    if (t.isNaN()) return "nan"
    if (t.isInfinite()) return if (t > 0) "inf" else "-inf"
    val thousandths = roundHalfAwayFromZero(t * 1000)
    if (Math.abs(thousandths) >= 9007199254740992.0) return swiftDescription(t)
    val scaled = thousandths.toLong()
    val magnitude = Math.abs(scaled)
    val sign = if (scaled < 0) "-" else ""
    var fraction = magnitude % 1000
    if (fraction == 0L) return "$sign${magnitude / 1000}"
    var digits = 3
    while (fraction % 10 == 0L) { fraction /= 10; digits-- }
    return "$sign${magnitude / 1000}." + fraction.toString().padStart(digits, '0')
}

/** Swift's `rounded()`: to nearest, ties away from zero; `a - floor(a)` is exact. */
private fun roundHalfAwayFromZero(x: Double): Double {
    val a = Math.abs(x)
    val floor = Math.floor(a)
    val rounded = if (a - floor >= 0.5) floor + 1 else floor
    return if (x < 0) -rounded else rounded
}

/**
 * Swift's `"\(double)"` for a finite double: the shortest digits that read back as it, in
 * decimal up to 2^53 (without the `.0` the Swift side drops) and as `d.ddde+XX` from it on.
 */
private fun swiftDescription(value: Double): String {
    val exact = BigDecimal(value)
    var shortest = exact
    for (precision in 1..17) {
        val candidate = exact.round(MathContext(precision, RoundingMode.HALF_EVEN))
        if (candidate.toDouble() == value) { shortest = candidate; break }
    }
    shortest = shortest.stripTrailingZeros()
    if (Math.abs(value) <= 9007199254740992.0) return shortest.toPlainString()
    val digits = shortest.unscaledValue().abs().toString()
    val exponent = digits.length - 1 - shortest.scale()
    val mantissa = if (digits.length == 1) digits else digits[0] + "." + digits.substring(1)
    val exponentText = (if (exponent < 0) "-" else "+") + Math.abs(exponent).toString().padStart(2, '0')
    return (if (value < 0) "-" else "") + mantissa + "e" + exponentText
}
