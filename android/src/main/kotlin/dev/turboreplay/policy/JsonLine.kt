package dev.turboreplay.policy

/**
 * A JSON object written key by key, byte for byte as TurboReplay's Swift side writes it
 * (PolicyCore's JSONLine): strings escape `"`, `\` and control characters only, numbers are
 * [formatMilliseconds].
 */
internal class JsonLine {
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
