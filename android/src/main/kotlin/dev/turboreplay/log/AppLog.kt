package dev.turboreplay.log

import dev.turboreplay.policy.Platform
import java.io.Closeable

/**
 * The app's own log in the native format, line for line what TurboReplayLog (Swift) writes for
 * the same calls: give it the records where the framework hands them over, and it writes each
 * as one line with `t` from the log's start on one monotonic clock.
 *
 * Each line is one `write(2)` to a file opened for appending, so a process that dies leaves at
 * most its last line cut. Never throws: a record it cannot write faithfully is dropped, counted,
 * and reported in a `dropped` line before the next line it writes. Thread-safe: the clock is
 * read under the log's lock, so lines from several threads are whole and their times never go
 * back.
 *
 * @param path the log file; appended to if it exists.
 * @param platform written in `meta`.
 * @param startedAt the wall-clock time of `t` = 0, in Unix milliseconds (null: left out).
 * @param clock `t`'s clock; the default reads `SystemClock.elapsedRealtimeNanos()` on a phone.
 * @param maxBytes a file is rotated before a line would take it past this size.
 * @param keep how many rotated files (`path.1`, …) to keep.
 * @param mode [WriteMode.Synchronous] (the default) writes on the calling thread;
 *   [WriteMode.Background] on a thread of the log's own, through a bounded queue.
 */
class AppLog @JvmOverloads constructor(
    path: String,
    platform: Platform,
    startedAt: Long? = System.currentTimeMillis(),
    private val clock: MonotonicClock = SystemMonotonicClock,
    maxBytes: Long = 4L shl 20,
    keep: Int = 1,
    mode: WriteMode = WriteMode.Synchronous
) : Closeable {
    private val lock = Any()
    private val writer: LogWriter
    private val background: BackgroundWriter?
    private val shutdownHook: Thread?
    private var origin: Double? = null
    private var closed = false

    init {
        var text = """{"type":"meta","version":1,"recording":"native","platform":"${platform.key}""""
        if (startedAt != null) text += ""","startedAt":"${startedAtText(startedAt)}""""
        writer = LogWriter(path, "$text}\n".toByteArray(Charsets.UTF_8), maxBytes, keep)
        synchronized(lock) {
            origin = try { clock.now().takeIf { it.isFinite() } } catch (error: Throwable) { null }
        }
        if (mode is WriteMode.Background) {
            background = BackgroundWriter(writer, mode.capacity)
            shutdownHook = Thread({ background.flush(SHUTDOWN_FLUSH_MILLIS) }, "turbo-replay-log flush")
            try { Runtime.getRuntime().addShutdownHook(shutdownHook) } catch (shuttingDown: IllegalStateException) {}
        } else {
            background = null
            shutdownHook = null
            writer.start()
        }
    }

    /** Writes [record] at the clock's time now (in the background mode, queues it at that time). */
    fun log(record: LogRecord) {
        synchronized(lock) {
            if (closed) return writer.drop(DropReason.IO)
            // The clock is read under the lock, so times are in call order from line to line.
            val t = try { timeNow() } catch (error: Throwable) {
                return if (background != null) background.submitDrop(DropReason.IO) else writer.drop(DropReason.IO)
            }
            if (background != null) background.submit(record, t) else writer.write(record, t)
        }
    }

    /** `t` now: the clock's reading from the log's origin; NaN when either is not finite (a `time` drop). */
    private fun timeNow(): Double {
        val now = clock.now()
        if (origin == null) origin = now.takeIf { it.isFinite() }
        val start = origin
        return if (start == null || !now.isFinite()) Double.NaN else now - start
    }

    /** How many records wait to be reported in a `dropped` line. */
    val droppedSinceLastReport: Int
        get() = background?.droppedSinceLastReport() ?: writer.droppedSinceLastReport()

    /**
     * Blocks until every record logged before the call is written (the background mode; the
     * synchronous mode has nothing waiting). Call it where the app may be killed next:
     * `Activity.onStop`.
     */
    fun flush() {
        background?.flush()
    }

    /** [flush], waiting at most [timeoutMillis]; false if records were still waiting then. */
    fun flush(timeoutMillis: Long): Boolean = background?.flush(Math.max(timeoutMillis, 1L)) ?: true

    /**
     * Flushes, stops the background thread, and closes the file. A record logged after it is
     * dropped (`io`). Calling it again does nothing.
     */
    override fun close() {
        synchronized(lock) {
            if (closed) return
            closed = true
        }
        background?.stop()
        if (shutdownHook != null) {
            try { Runtime.getRuntime().removeShutdownHook(shutdownHook) } catch (shuttingDown: IllegalStateException) {}
        }
        writer.close()
    }

    companion object {
        /** The readers refuse a line longer than 1 MiB. */
        const val LINE_LIMIT = 1 shl 20

        /** How long the JVM shutdown hook waits for the background thread to write what is queued. */
        const val SHUTDOWN_FLUSH_MILLIS = 2000L
    }
}
