package dev.turboreplay.log

import dev.turboreplay.policy.JsonLine
import dev.turboreplay.policy.Platform
import java.io.File
import java.io.FileOutputStream

/** Milliseconds on a clock that never goes back: `SystemClock.elapsedRealtime()` on a phone. */
interface MonotonicClock { fun now(): Double }

/**
 * The app's own log in the native format, line for line what TurboReplayLog (Swift) writes
 * for the same calls. Each line is one `write(2)` to a file opened with O_APPEND
 * (`FileOutputStream(file, true)`), so a process that dies leaves at most its last line cut.
 * Never throws: a record it cannot write faithfully is dropped, counted, and reported in a
 * `dropped` line before the next line it writes. Thread-safe (every call is synchronized, and
 * the clock is read inside, so times never go back from line to line).
 */
class AppLog(
    path: String,
    platform: Platform,
    startedAt: Long?,
    private val clock: MonotonicClock,
    maxBytes: Long = 4L shl 20,
    private val keep: Int = 1
) {
    private val file = File(path)
    private val maxBytes = Math.max(maxBytes, 1L)
    private val meta: ByteArray
    private var stream: FileOutputStream? = null
    private var size = 0L
    private var origin: Double? = null
    private var lastT = 0.0
    private var lastPath: Boolean? = null
    private val pending = LinkedHashMap<DropReason, Int>()

    init {
        var text = """{"type":"meta","version":1,"recording":"native","platform":"${platform.key}""""
        if (startedAt != null) text += ""","startedAt":"${startedAtText(startedAt)}""""
        meta = "$text}\n".toByteArray(Charsets.UTF_8)
        synchronized(this) {
            origin = clock.now().takeIf { it.isFinite() }
            if (open() && size == 0L) startFile()
        }
    }

    /** Writes [record] at the clock's time now. */
    @Synchronized
    fun log(record: LogRecord) {
        try {
            val now = clock.now()
            if (origin == null) origin = now.takeIf { it.isFinite() }
            val start = origin
            if (start == null || !now.isFinite()) return drop(DropReason.TIME)
            val t = now - start
            if (!(Math.abs(t) < 9007199254740992.0) || t < lastT) return drop(DropReason.TIME)
            val line = record.line(t) ?: return drop(DropReason.TEXT)
            val bytes = (line + "\n").toByteArray(Charsets.UTF_8)
            if (bytes.size - 1 > LINE_LIMIT) return drop(DropReason.SIZE)
            if (!writeDropped(t) || !writeLine(bytes)) return drop(DropReason.IO)
            lastT = t
            if (record is LogRecord.Path) lastPath = record.online
        } catch (error: Throwable) {
            drop(DropReason.IO)
        }
    }

    private fun drop(reason: DropReason) {
        pending[reason] = (pending[reason] ?: 0) + 1
    }

    private fun writeDropped(t: Double): Boolean {
        val count = pending.values.sum()
        if (count == 0) return true
        val line = JsonLine()
        line.number("t", t)
        line.string("type", "dropped")
        line.integer("count", count.toLong())
        line.raw("reasons", DropReason.values().filter { pending.containsKey(it) }.joinToString(",", "{", "}") { "\"${it.key}\":${pending[it]}" })
        if (!writeLine((line.text() + "\n").toByteArray(Charsets.UTF_8))) return false
        pending.clear()
        return true
    }

    private fun writeLine(bytes: ByteArray): Boolean {
        if (!open()) return false
        if (size != 0L && size + bytes.size > maxBytes) rotate()
        if (size == 0L && !startFile()) return false
        return append(bytes)
    }

    private fun startFile(): Boolean {
        if (!append(meta)) return false
        val online = lastPath ?: return true
        return append((LogRecord.Path(online).line(lastT) + "\n").toByteArray(Charsets.UTF_8))
    }

    private fun open(): Boolean {
        if (stream != null) return true
        return try {
            stream = FileOutputStream(file, true)
            size = file.length()
            true
        } catch (error: Exception) {
            false
        }
    }

    /** One write; a failed one is taken back, so the next line does not follow half a line. */
    private fun append(bytes: ByteArray): Boolean {
        val out = stream ?: return false
        return try {
            out.write(bytes)
            size += bytes.size
            true
        } catch (error: Exception) {
            try { out.channel.truncate(size) } catch (ignored: Exception) {}
            false
        }
    }

    private fun rotate() {
        try { stream?.close() } catch (ignored: Exception) {}
        stream = null
        if (keep == 0) {
            file.delete()
        } else {
            File("${file.path}.$keep").delete()
            for (index in keep - 1 downTo 1) File("${file.path}.$index").renameTo(File("${file.path}.${index + 1}"))
            file.renameTo(File("${file.path}.1"))
        }
        open()
        size = 0
    }

    companion object {
        /** The readers refuse a line longer than 1 MiB. */
        const val LINE_LIMIT = 1 shl 20
    }
}
