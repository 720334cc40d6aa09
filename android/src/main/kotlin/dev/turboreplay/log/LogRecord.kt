package dev.turboreplay.log

import dev.turboreplay.policy.JsonLine
import dev.turboreplay.policy.NativeError

/**
 * One record of the native format. A text that is null is missing; a text that holds U+0000
 * or a lone surrogate cannot be written as the readers read it; an error the readers refuse
 * (an HTTP status outside 100–599 other than Android's −1) cannot either. Each drops the record.
 */
sealed class LogRecord {
    data class Path(val online: Boolean) : LogRecord()
    data class Presented @JvmOverloads constructor(val surface: String?, val error: NativeError, val url: String? = null) : LogRecord()
    data class TapRetry(val surface: String?) : LogRecord()
    data class AppRetry(val surface: String?, val kind: AppRetryKind) : LogRecord()
    data class Dismissed(val surface: String?) : LogRecord()
    object Foreground : LogRecord()
    data class Launch(val cold: Boolean = true) : LogRecord()
    data class Config(val offseason: Boolean, val tester: Boolean = false) : LogRecord()
    data class Bridge(val component: String?, val event: String?, val url: String? = null, val id: String? = null) : LogRecord()
    data class AppScreen(val screen: String?) : LogRecord()
    data class Finish(val url: String?) : LogRecord()
    data class UrlChange(val url: String?) : LogRecord()
    object CacheClear : LogRecord()
    data class CacheRemove(val url: String?) : LogRecord()

    /** The line without its line end, or null when a text is missing or unwritable. */
    internal fun line(t: Double): String? {
        val line = JsonLine()
        line.number("t", t)
        return if (fill(line)) line.text() else null
    }

    /** Whether a value the readers refuse keeps the record out (a `value` drop; a missing text is checked first). */
    internal val refusesValue: Boolean
        get() = this is Presented && error is NativeError.Http && error.status !in 100..599 && error.status != -1

    private fun fill(line: JsonLine): Boolean {
        fun type(name: String, vararg texts: Pair<String, String?>): Boolean {
            if (texts.any { !writable(it.second) }) return false
            line.string("type", name)
            for ((key, value) in texts) line.string(key, value!!)
            return true
        }
        return when (this) {
            is Path -> type("path").also { line.bool("online", online) }
            is Presented -> {
                if (!writable(surface) || (url != null && !writable(url))) return false
                type("presented", "surface" to surface)
                line.raw("error", errorJson(error))
                if (url != null) line.string("url", url)
                true
            }
            is TapRetry -> type("tap-retry", "surface" to surface)
            is AppRetry -> type("app-retry", "surface" to surface, "kind" to kind.key)
            is Dismissed -> type("dismissed", "surface" to surface)
            Foreground -> type("foreground")
            is Launch -> type("launch").also { line.bool("cold", cold) }
            is Config -> type("config").also { line.bool("offseason", offseason); line.bool("tester", tester) }
            is Bridge -> {
                if ((url != null && !writable(url)) || (id != null && !writable(id))) return false
                type("bridge", "component" to component, "event" to event).also {
                    if (it && url != null) line.string("url", url)
                    if (it && id != null) line.string("id", id)
                }
            }
            is AppScreen -> type("app-screen", "screen" to screen)
            is Finish -> type("finish", "url" to url)
            is UrlChange -> type("url-change", "url" to url)
            CacheClear -> type("cache-clear")
            is CacheRemove -> type("cache-remove", "url" to url)
        }
    }
}

/** Present, without U+0000 (the readers refuse it), and valid UTF-16 (no lone surrogate). */
internal fun writable(text: String?): Boolean {
    if (text == null) return false
    var index = 0
    while (index < text.length) {
        val c = text[index]
        when {
            c == '\u0000' -> return false
            Character.isHighSurrogate(c) -> {
                if (index + 1 >= text.length || !Character.isLowSurrogate(text[index + 1])) return false
                index++
            }
            Character.isLowSurrogate(c) -> return false
        }
        index++
    }
    return true
}
