package dev.turboreplay.log

import dev.turboreplay.policy.JsonLine
import java.io.File

/**
 * Writes records at the times [AppLog] fixed for them, in the order it hands them over: checks
 * each time against the last line's, drops what cannot be written faithfully and counts it,
 * writes the count as a `dropped` line before the next line, and starts each file with `meta`
 * and the connectivity last logged. Thread-safe, never throws: the file is written under the
 * writer's lock, and the drop counts are kept under a lock of their own that is never held
 * across I/O, so counting or reading them never waits for a slow disk.
 */
internal class LogWriter(path: String, private val meta: ByteArray, maxBytes: Long, keep: Int) {
    private val file = LogFile(File(path), maxBytes, keep)
    private var lastT = 0.0
    private var lastPath: Boolean? = null
    private val counts = Any()
    /** Under [counts]: records dropped and not yet reported, by reason. */
    private val pending = LinkedHashMap<DropReason, Int>()

    /** Opens the file, and writes `meta` when it is empty. */
    @Synchronized
    fun start() {
        try {
            if (file.open() && file.size == 0L) startFile()
        } catch (error: Throwable) {
            // A file that cannot be opened now is opened again at the next line.
        }
    }

    /** Writes [record] at [t] (NaN: the clock gave no time). */
    @Synchronized
    fun write(record: LogRecord, t: Double) {
        try {
            if (!(Math.abs(t) < 9007199254740992.0) || t < lastT) return drop(DropReason.TIME)
            val line = record.line(t) ?: return drop(DropReason.TEXT)
            val bytes = (line + "\n").toByteArray(Charsets.UTF_8)
            if (bytes.size - 1 > AppLog.LINE_LIMIT) return drop(DropReason.SIZE)
            if (!writeDropped(t) || !writeLine(bytes)) return drop(DropReason.IO)
            lastT = t
            if (record is LogRecord.Path) lastPath = record.online
        } catch (error: Throwable) {
            drop(DropReason.IO)
        }
    }

    fun drop(reason: DropReason, count: Int = 1) {
        if (count > 0) synchronized(counts) { pending[reason] = (pending[reason] ?: 0) + count }
    }

    /** How many records wait to be reported in a `dropped` line. */
    fun droppedSinceLastReport(): Int = synchronized(counts) { pending.values.sum() }

    @Synchronized
    fun close() {
        file.close()
    }

    /** `{"t":…,"type":"dropped","count":N,"reasons":{"time":1,…}}` when anything was dropped. */
    private fun writeDropped(t: Double): Boolean {
        val reported = synchronized(counts) { LinkedHashMap(pending) }
        val count = reported.values.sum()
        if (count == 0) return true
        val line = JsonLine()
        line.number("t", t)
        line.string("type", "dropped")
        line.integer("count", count.toLong())
        line.raw("reasons", DropReason.values().filter { reported.containsKey(it) }.joinToString(",", "{", "}") { "\"${it.key}\":${reported[it]}" })
        if (!writeLine((line.text() + "\n").toByteArray(Charsets.UTF_8))) return false
        // What was dropped while the line was written waits for the next one.
        synchronized(counts) {
            for ((reason, reportedCount) in reported) {
                val left = (pending[reason] ?: 0) - reportedCount
                if (left > 0) pending[reason] = left else pending.remove(reason)
            }
        }
        return true
    }

    /** One line, rotating first when it would not fit; a fresh file starts with `meta`. */
    private fun writeLine(bytes: ByteArray): Boolean {
        if (!file.open()) return false
        if (!file.fits(bytes.size)) file.rotate()
        if (file.size == 0L && !startFile()) return false
        return file.append(bytes)
    }

    /** The first lines of a file: `meta`, and the connectivity last logged if any. */
    private fun startFile(): Boolean {
        if (!file.append(meta)) return false
        val online = lastPath ?: return true
        return file.append((LogRecord.Path(online).line(lastT) + "\n").toByteArray(Charsets.UTF_8))
    }
}
