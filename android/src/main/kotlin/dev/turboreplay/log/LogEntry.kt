package dev.turboreplay.log

import dev.turboreplay.policy.JsonLine

/**
 * What a logger call asks to write: a record of the format, or the page's session
 * ([AppLog.webSession]), a call of its own because the logger keeps it (said once, and again at
 * the top of each fresh file). The Swift logger's `LogEntry`.
 */
internal sealed class LogEntry {
    class Record(val record: LogRecord) : LogEntry()
    class WebSession(val id: String) : LogEntry()

    /** The line without its line end; null when a text is missing or unwritable. */
    fun line(t: Double): String? = when (this) {
        is Record -> record.line(t)
        is WebSession -> JsonLine().also {
            it.number("t", t)
            it.string("type", "web-session")
            it.string("session", id)
        }.text()
    }

    /** Whether a value the readers or the collector refuse keeps it out (a `value` drop). */
    val refusesValue: Boolean
        get() = when (this) {
            is Record -> record.refusesValue
            is WebSession -> !isCollectorId(id)
        }
}

/**
 * An id the collector takes as a session or log id: 1 to 128 of `A-Z a-z 0-9 _ -`, so that it is
 * a path segment that cannot climb out of its folder.
 */
fun isCollectorId(id: String): Boolean =
    id.length in 1..128 && id.all { it in 'A'..'Z' || it in 'a'..'z' || it in '0'..'9' || it == '_' || it == '-' }
