package dev.turboreplay.log

import dev.turboreplay.policy.JsonLine
import dev.turboreplay.policy.Platform

/**
 * Writes records at the times [AppLog] read for them, in the order it hands them over, as the
 * Swift `AppLog` writes them: one file is one log across launches. The first step takes the file
 * over (a log of this logger's is continued, with `t` going on from the wall clock since its
 * `startedAt`, never below its last `t`, after its half line, if any, is replaced by a `cut`
 * line; anything else is moved aside). Then each record is checked, dropped and counted when it
 * cannot be written faithfully, and written with the `dropped` count before it, in one write
 * under the file's lock, at the file's last `t` when another writer went past it.
 *
 * Thread-safe, never throws: the file is written under the writer's lock, and the drop counts
 * are kept under a lock of their own that is never held across I/O, so counting or reading
 * them never waits for a slow disk.
 */
internal class LogWriter(
    path: String,
    platform: Platform,
    startedAt: Long?,
    maxBytes: Long,
    keep: Int,
    app: AppVersion?,
    private val ids: LogIdSource
) {
    private val file = LogFile(path)
    private val maxBytes = Math.max(maxBytes, 1L)
    private val keep = Math.min(Math.max(keep, 0), AppLog.KEEP_LIMIT)
    /** The release the app gave, when the readers take it. */
    private val release: AppVersion? = app?.takeIf { it.isWritable }
    private val identity = LogMeta(platform, release)
    /** The wall clock now as the app gave it, when the readers can name it. */
    private val wall: Long? = startedAt?.takeIf { it in STARTED_AT_RANGE }
    /** The first line of the file being written: the continued file's own, or a fresh one. */
    private var meta: ByteArray = ByteArray(0)
    /** The `startedAt` of every file of this log: the continued log's, or this process's. */
    private var logStartedAt: Long? = wall
    /** The page's recorder session last written: a fresh file after a rotation says it again, right after its `meta`. */
    private var webSessionId: String? = null
    /** `t` = [offset] + the time [AppLog] read since its origin. */
    private var offset = 0.0
    /** The last time this process wrote at: a time before it is dropped. */
    private var lastT = 0.0
    /** The last `t` in the file, whoever wrote it: no line is written before it. */
    private var fileT = 0.0
    private var lastPath: Boolean? = null
    /** Bytes of half lines removed from the file and not yet reported in a `cut` line. */
    private var pendingCut = 0L
    /** Whether the file at the path is this log (continued or begun by this writer). */
    private var owned = false
    private val counts = Any()
    /** Under [counts]: records dropped and not yet reported, by reason. */
    private val pending = LinkedHashMap<DropReason, Int>()

    init {
        if (startedAt != null && wall == null) drop(DropReason.VALUE)
        if (app != null && release == null) drop(DropReason.VALUE)
    }

    /** Takes the file over. Nothing is lost when it cannot be done now: the next record tries again. */
    @Synchronized
    fun start() {
        try {
            file.withLock { owned = takeOver(wall) }
        } catch (error: Throwable) {
            owned = false
        }
    }

    /** Writes [entry] at [elapsed] ms since the log's origin on this process's clock (NaN: the clock gave no time). */
    @Synchronized
    fun write(entry: LogEntry, elapsed: Double) {
        try {
            val t = offset + elapsed
            if (!(Math.abs(t) < EXACT_MILLISECONDS_LIMIT) || t < lastT) return drop(DropReason.TIME)
            if (entry.line(t) == null) return drop(DropReason.TEXT)
            if (entry.refusesValue) return drop(DropReason.VALUE)
            if (entry is LogEntry.WebSession && entry.id == webSessionId) return
            file.withLock { writeLocked(entry, t) }
        } catch (error: Throwable) {
            drop(DropReason.IO)
        }
    }

    fun drop(reason: DropReason, count: Int = 1) {
        if (count > 0) synchronized(counts) { pending[reason] = (pending[reason] ?: 0) + count }
    }

    /** How many records wait to be reported in a `dropped` line. */
    fun droppedSinceLastReport(): Int = synchronized(counts) { pending.values.sum() }

    /**
     * Ends the file being written: moves it aside as a rotation would, so that the uploader takes
     * it; the next line begins a fresh file. A file with no line after its `meta` stays. False when
     * it could not be moved aside.
     */
    @Synchronized
    fun endFile(): Boolean = try {
        file.withLock {
            when {
                !owned || !file.refresh() || (file.changed && !adoptEnd(fileT)) -> false
                file.size <= meta.size -> true
                else -> file.rotate(keep)
            }
        }
    } catch (error: Throwable) {
        false
    }

    @Synchronized
    fun close() {
        file.close()
    }

    /**
     * Takes over the file at the path: a log of this logger's is continued; a fresh file gets
     * its `meta`; anything else is moved aside as a rotation would move it. False while the file
     * cannot be opened or moved aside: nothing is written into a file that is not this log.
     * Under the file's lock.
     */
    private fun takeOver(wall: Long?): Boolean {
        if (!file.refresh()) return false
        val last = file.tail(128).lastLine
        if (last.isEmpty()) {
            // No whole line: a file that a rotation or a first write began, cut short by a kill
            // or a torn write. It is this log's next file when the newest rotated one is this log.
            LogFile.peek("${file.path}.1")?.let { goOn(it.head, it.lastLine, wall) }
            return if (file.size == 0L) file.append(freshMeta()) else adoptEnd(offset)
        }
        if (goOn(file.head(4096), last, wall)) return adoptEnd(offset)
        return file.rotate(keep) && file.append(freshMeta())
    }

    /** The `meta` of a fresh file of this log: a fresh id, the log's `startedAt`. */
    private fun freshMeta(): ByteArray {
        meta = identity.line(ids.next(), logStartedAt)
        return meta
    }

    /**
     * Goes on from a file of this log (its first line and the start of its last whole line): its
     * `meta`, and `t` from the wall clock since its `startedAt`, never below its last `t`. False
     * when the file is not this logger's log.
     */
    private fun goOn(head: ByteArray, last: ByteArray, wall: Long?): Boolean {
        val lastTime = if (startsWith(last, identity.identity)) 0.0 else writtenTime(last)
        val continued = identity.continued(head)
        if (continued == null || lastTime == null) return false
        meta = continued.line
        logStartedAt = continued.startedAt
        lastT = Math.max(lastT, lastTime)
        fileT = Math.max(fileT, lastTime)
        val sinceStart = if (wall != null && continued.startedAt != null) (wall - continued.startedAt).toDouble() else 0.0
        offset = Math.max(offset, Math.max(lastTime, sinceStart))
        return true
    }

    /**
     * Another writer may have written, rotated or died mid-line since this one last looked: no
     * line goes before the file's last time, and a half line at the end is replaced by the `cut`
     * line that says how long it was (after the log's `meta`, when the half line was the file's
     * only content), in one write (padded with spaces to its length when it is shorter), so a
     * process killed at any instant leaves either the half line or its report. A half line
     * longer than [PADDING_LIMIT] is cut off, then reported, in two steps. False when the half
     * line could not be taken away: nothing may follow it.
     */
    private fun adoptEnd(t: Double): Boolean {
        val end = file.tail(128)
        writtenTime(end.lastLine)?.let { fileT = Math.max(fileT, it) }
        if (end.partial <= 0) return true
        val at = Math.max(t, fileT)
        val start = file.size - end.partial
        val header = if (start == 0L) freshMeta() else ByteArray(0)
        val replaced = if (end.partial <= PADDING_LIMIT) {
            file.replaceTail(start, header + cutLine(at, end.partial, end.partial - header.size))
        } else {
            file.truncate(start) && file.append(header + cutLine(at, end.partial))
        }
        if (replaced) {
            fileT = at
            return true
        }
        // Not reported in its place: reported with the next line, once it is surely gone.
        if (!file.truncate(start)) return false
        pendingCut += end.partial
        return true
    }

    /**
     * The record's line at [t], or at the file's last time if another writer went past it,
     * after the lines that report what was cut or dropped; rotating first when they would not
     * fit. Under the file's lock.
     */
    private fun writeLocked(entry: LogEntry, t: Double) {
        if (!owned) owned = takeOver(null)
        if (!owned || !file.refresh()) return drop(DropReason.IO)
        if (file.changed && !adoptEnd(t)) return drop(DropReason.IO)
        val at = Math.max(t, fileT)
        val line = entry.line(at)?.toByteArray(Charsets.UTF_8)
        if (line == null || line.size > AppLog.LINE_LIMIT) return drop(DropReason.SIZE)
        val reported = synchronized(counts) { LinkedHashMap(pending) }
        var bytes = pendingLines(at, reported) + line + NEWLINE
        if (file.size > 0 && file.size + bytes.size > maxBytes && !file.rotate(keep)) return drop(DropReason.IO)
        if (file.size == 0L) {
            // A web-session entry says the page's session itself: the old one is not said first.
            val linked = if (entry is LogEntry.WebSession) ByteArray(0) else webSessionLine()
            bytes = freshMeta() + linked + pathLine() + bytes
        }
        if (!file.append(bytes)) return drop(DropReason.IO)
        clearPending(reported)
        lastT = t
        fileT = at
        if (entry is LogEntry.Record && entry.record is LogRecord.Path) lastPath = entry.record.online
        if (entry is LogEntry.WebSession) webSessionId = entry.id
    }

    /**
     * `{"t":…,"type":"cut","bytes":N}`, with spaces before its `}` to make it [length] bytes long
     * (line end included) when it is shorter.
     */
    private fun cutLine(t: Double, removed: Long, length: Long = 0): ByteArray {
        val line = JsonLine()
        line.number("t", t)
        line.string("type", "cut")
        line.integer("bytes", removed)
        val text = line.text().toByteArray(Charsets.UTF_8)
        val spaces = Math.max(0L, length - (text.size + 1)).toInt()
        return text.copyOf(text.size - 1) + ByteArray(spaces) { ' '.toByte() } + "}\n".toByteArray()
    }

    /**
     * A `cut` line for half lines removed whose report could not take their place (a full disk),
     * then `{"t":…,"type":"dropped","count":N,"reasons":{"time":1,…}}` for the records dropped.
     */
    private fun pendingLines(t: Double, reported: Map<DropReason, Int>): ByteArray {
        var bytes = ByteArray(0)
        if (pendingCut > 0) bytes += cutLine(t, pendingCut)
        val count = reported.values.sum()
        if (count > 0) {
            val line = JsonLine()
            line.number("t", t)
            line.string("type", "dropped")
            line.integer("count", count.toLong())
            line.raw("reasons", DropReason.values().filter { reported.containsKey(it) }.joinToString(",", "{", "}") { "\"${it.key}\":${reported[it]}" })
            bytes += line.text().toByteArray(Charsets.UTF_8) + NEWLINE
        }
        return bytes
    }

    /** What was reported is taken off the counts; what was dropped meanwhile (another thread) waits for the next line. */
    private fun clearPending(reported: Map<DropReason, Int>) {
        pendingCut = 0
        synchronized(counts) {
            for ((reason, count) in reported) {
                val left = (pending[reason] ?: 0) - count
                if (left > 0) pending[reason] = left else pending.remove(reason)
            }
        }
    }

    /**
     * The connectivity last logged, at the file's last time: a fresh file after a rotation
     * starts with it, so each file is a log the readers take on its own.
     */
    private fun pathLine(): ByteArray {
        val online = lastPath ?: return ByteArray(0)
        return (LogRecord.Path(online).line(fileT) + "\n").toByteArray(Charsets.UTF_8)
    }

    /**
     * The page's session last written, at the file's last time: a fresh file after a rotation
     * names it too, so each file links to the page's recording on its own.
     */
    private fun webSessionLine(): ByteArray {
        val id = webSessionId ?: return ByteArray(0)
        return (LogEntry.WebSession(id).line(fileT) + "\n").toByteArray(Charsets.UTF_8)
    }

    companion object {
        /** The longest half line a `cut` line is padded to replace in one write. */
        const val PADDING_LIMIT = 65_536L

        /** 2^53: beyond, milliseconds are no longer exact, and the readers refuse the time. */
        const val EXACT_MILLISECONDS_LIMIT = 9007199254740992.0

        private val NEWLINE = byteArrayOf('\n'.toByte())
    }
}
