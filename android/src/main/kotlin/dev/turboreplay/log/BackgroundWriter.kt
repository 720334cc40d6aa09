package dev.turboreplay.log

import java.util.concurrent.ArrayBlockingQueue
import java.util.concurrent.TimeUnit
import java.util.concurrent.locks.ReentrantLock
import kotlin.concurrent.withLock

/**
 * The background half of an [AppLog]: a bounded queue of records whose time is already read,
 * and one daemon thread that hands them to the [LogWriter] in queue order. The thread first
 * takes the file over (opens it, continues or begins the log, replaces a half line), so not
 * even that happens on the thread that made the log.
 *
 * A record the full queue has no room for is counted on the entry queued just before it, and
 * handed to the writer as a `queue` drop once that entry is written: the `dropped` line comes
 * before the first line logged after the lost record, as in the synchronous mode.
 */
internal class BackgroundWriter(private val writer: LogWriter, capacity: Int) {
    private abstract class Entry {
        /** Records dropped for a full queue right after this one was queued; under [lock]. */
        var dropsAfter = 0
    }

    private class Line(val entry: LogEntry, val elapsed: Double) : Entry()
    private class Dropped(val reason: DropReason) : Entry()
    private class Stop : Entry()

    private val queue = ArrayBlockingQueue<Entry>(Math.max(capacity, 1))
    private val lock = ReentrantLock()
    private val written = lock.newCondition()
    /** Under [lock]: the entries taken in (the start counts as one) and done, the last queued, and the drops not yet handed over. */
    private var submitted = 1L
    private var done = 0L
    private var last: Entry? = null
    private var overflowed = 0
    private val thread = Thread({ run() }, "turbo-replay-log")

    init {
        thread.isDaemon = true
        thread.start()
    }

    /** Queues [entry] read at [elapsed], or counts it when the queue is full. Call in time order. */
    fun submit(entry: LogEntry, elapsed: Double) = offer(Line(entry, elapsed))

    /** Queues a drop decided on the caller's thread, so it is counted in order with the lines. */
    fun submitDrop(reason: DropReason) = offer(Dropped(reason))

    private fun offer(entry: Entry) {
        lock.withLock { queue(entry) }
    }

    private fun queue(entry: Entry) {
        if (queue.offer(entry)) {
            submitted += 1
            last = entry
        } else {
            // The queue is full, so the entry queued last is still in it, not yet written.
            last!!.dropsAfter += 1
            overflowed += 1
        }
    }

    /** How many records wait to be reported in a `dropped` line: the writer's count and the full queue's. */
    fun droppedSinceLastReport(): Int = lock.withLock { overflowed + writer.droppedSinceLastReport() }

    /**
     * Waits until every entry queued before the call is written: true, or false when
     * [timeoutMillis] passed first (0: no limit), the thread was interrupted, or it is called
     * from the writer's own thread.
     */
    fun flush(timeoutMillis: Long = 0): Boolean {
        if (Thread.currentThread() === thread) return false
        var left = if (timeoutMillis > 0) TimeUnit.MILLISECONDS.toNanos(timeoutMillis) else Long.MAX_VALUE
        lock.withLock {
            val target = submitted
            while (done < target) {
                if (left <= 0) return false
                try {
                    left = written.awaitNanos(left)
                } catch (interrupted: InterruptedException) {
                    Thread.currentThread().interrupt()
                    return false
                }
            }
        }
        return true
    }

    /** Ends the thread once everything queued is written. Call once, after the last [submit]. */
    fun stop() {
        flush()
        try {
            queue.put(Stop())
            thread.join()
        } catch (interrupted: InterruptedException) {
            Thread.currentThread().interrupt()
        }
    }

    private fun run() {
        writer.start()
        finished(null)
        while (true) {
            val entry = try { queue.take() } catch (interrupted: InterruptedException) { continue }
            when (entry) {
                is Line -> writer.write(entry.entry, entry.elapsed)
                is Dropped -> writer.drop(entry.reason)
                is Stop -> return
            }
            finished(entry)
        }
    }

    /** Hands over the drops counted on [entry] (the writer only counts them: no I/O), then wakes the flushes waiting for it. */
    private fun finished(entry: Entry?) = lock.withLock {
        val drops = entry?.dropsAfter ?: 0
        writer.drop(DropReason.QUEUE, drops)
        overflowed -= drops
        done += 1
        written.signalAll()
    }
}
