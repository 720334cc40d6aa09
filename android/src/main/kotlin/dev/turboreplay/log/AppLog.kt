package dev.turboreplay.log

import dev.turboreplay.policy.Platform
import java.io.Closeable

/**
 * The app's own log in the native format, line for line what TurboReplayLog (Swift) writes for
 * the same calls: give it the records where the framework hands them over, and it writes each
 * as one line with `t` from the log's start on one monotonic clock.
 *
 * One file is one log across launches: a new process that finds the file this logger wrote goes
 * on writing it, with `t` going on from where the wall clock says it is since the log's
 * `startedAt` (never below the file's last `t`), after replacing any half line a process that
 * died left at its end with a `cut` line that says how many bytes it removed.
 *
 * Never throws and never stops the app: a record it cannot write faithfully (a non-finite time,
 * a missing text, a value the readers refuse, a full disk) is dropped, counted, and reported in
 * a `dropped` line before the next line it writes. Thread-safe, and safe for several processes
 * on one file (an advisory lock on `NAME.lock`): records are written whole, with times that
 * never go back.
 *
 * @param path the log file. A file this logger wrote for the same platform and release is
 *   continued (a relaunch goes on in the same file, with its id); any other file there is moved
 *   aside as a rotation would move it.
 * @param platform written in `meta`.
 * @param startedAt the wall-clock time now, in Unix milliseconds: a new log's `startedAt` (the
 *   time of its `t` = 0), and how far a continued log's `t` has moved on since its own
 *   `startedAt`. Null: not known (left out of a new log; a continued log goes on from its last
 *   `t`). A time outside the years 0000–9999 is taken as null and counted (`value`).
 * @param clock `t`'s clock; the default reads `SystemClock.elapsedRealtimeNanos()` on a phone.
 * @param maxBytes a file is rotated before lines would take it past this size (a fresh file
 *   takes any one line).
 * @param keep how many rotated files (`path.1`, …) to keep, from 0 to [KEEP_LIMIT] (a value
 *   outside is taken as the nearest).
 * @param mode [WriteMode.Synchronous] (the default) writes on the calling thread;
 *   [WriteMode.Background] on a thread of the log's own, through a bounded queue.
 * @param app the app's version and build, written in `meta` (`app`); null: left out. One the
 *   readers would not take (an empty version, a text with U+0000 or a lone surrogate, over
 *   [AppVersion.TEXT_LIMIT] bytes) is left out and counted (`value`).
 * @param logIds where each fresh file's id (its `meta`'s `session`) comes from.
 */
class AppLog @JvmOverloads constructor(
    path: String,
    platform: Platform,
    startedAt: Long? = System.currentTimeMillis(),
    private val clock: MonotonicClock = SystemMonotonicClock,
    maxBytes: Long = 4L shl 20,
    keep: Int = 1,
    mode: WriteMode = WriteMode.Synchronous,
    app: AppVersion? = null,
    logIds: LogIdSource = RandomLogIds
) : Closeable {
    private val lock = Any()
    private val writer: LogWriter
    private val background: BackgroundWriter?
    private val shutdownHook: Thread?
    private var origin: Double? = null
    private var closed = false

    init {
        writer = LogWriter(path, platform, startedAt, maxBytes, keep, app, logIds)
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
    fun log(record: LogRecord) = write(LogEntry.Record(record))

    /**
     * Writes `{"t":…,"type":"web-session","session":"ID"}`: the page told the app (its bridge
     * component's message) that its recorder's session is [id], which links this log to the
     * page's recording. An id the collector would refuse (not 1 to 128 of `A-Z a-z 0-9 _ -`) is
     * dropped and counted (`value`); the id last written is not written again. A fresh file after
     * a rotation says it again, right after its `meta`.
     */
    fun webSession(id: String) = write(LogEntry.WebSession(id))

    private fun write(entry: LogEntry) {
        synchronized(lock) {
            if (closed) return writer.drop(DropReason.IO)
            // The clock is read under the lock, so times are in call order from line to line.
            val elapsed = try { elapsedNow() } catch (error: Throwable) {
                return if (background != null) background.submitDrop(DropReason.IO) else writer.drop(DropReason.IO)
            }
            if (background != null) background.submit(entry, elapsed) else writer.write(entry, elapsed)
        }
    }

    /**
     * The clock's reading from the log's origin (its first finite reading); NaN when either is
     * not finite (a `time` drop). The writer adds where a continued log's `t` goes on from.
     */
    private fun elapsedNow(): Double {
        val now = clock.now()
        if (origin == null) origin = now.takeIf { it.isFinite() }
        val start = origin
        return if (start == null || !now.isFinite()) Double.NaN else now - start
    }

    /**
     * Ends the file being written (after what is queued): moves it aside as a rotation would
     * (`NAME.1`), so that [LogUploader] takes it, closed, and the next line begins a fresh file
     * with a fresh id, the page's session and the last path. A file with no line after its `meta`
     * stays. False when it could not be moved aside (it is then written on as before). It does
     * I/O: not on the main thread.
     */
    fun endFile(): Boolean {
        synchronized(lock) { if (closed) return false }
        background?.flush()
        return writer.endFile()
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

        /** The most rotated files a log keeps. */
        const val KEEP_LIMIT = 16

        /** How long the JVM shutdown hook waits for the background thread to write what is queued. */
        const val SHUTDOWN_FLUSH_MILLIS = 2000L
    }
}
