package dev.turboreplay.log

import java.security.SecureRandom

/**
 * A log's own id, written as its `meta`'s `session`: 32 lowercase hex digits (the two halves,
 * unsigned), fresh for each fresh file (a first launch, a file a rotation begins), kept by a
 * relaunch that goes on in the same file. The collector stores a log's upload under it. The
 * Swift logger's `LogID`.
 */
data class LogId(val high: Long, val low: Long) {
    val text: String get() = String.format(java.util.Locale.ROOT, "%016x%016x", high, low)

    override fun toString() = text

    companion object {
        internal const val LENGTH = 32

        /** The id a `meta` names; null for anything but 32 lowercase hex digits. */
        internal fun parse(text: ByteArray): LogId? {
            if (text.size != LENGTH) return null
            if (text.any { it !in '0'.toByte()..'9'.toByte() && it !in 'a'.toByte()..'f'.toByte() }) return null
            val digits = String(text, Charsets.US_ASCII)
            return LogId(java.lang.Long.parseUnsignedLong(digits.substring(0, 16), 16), java.lang.Long.parseUnsignedLong(digits.substring(16), 16))
        }
    }
}

/**
 * Where a logger's fresh ids come from. The default is [RandomLogIds]; a test, or the shared
 * script both loggers run, gives its own so that the bytes are known.
 */
interface LogIdSource {
    fun next(): LogId
}

/** 128 bits from [SecureRandom]. */
object RandomLogIds : LogIdSource {
    private val random by lazy { SecureRandom() }

    override fun next(): LogId = LogId(random.nextLong(), random.nextLong())
}
