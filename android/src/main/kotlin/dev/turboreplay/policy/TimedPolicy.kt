package dev.turboreplay.policy

/**
 * The one shape of the pure policies: transitions are functions of (state, input, time), and
 * timers are due times. Nothing reads a clock or does I/O: the caller says what time it is,
 * with a monotonic clock in milliseconds, and pending timers fire only when time is moved past
 * them. An app sends each input as it happens and schedules one wake-up at [nextDue] that
 * calls [advance]; a replay sends each logged record at its `t` and calls [finish] at the end.
 *
 * Time never goes back: a `t` before one already reached (or not a number) throws
 * `IllegalArgumentException` naming both times, and changes nothing.
 */
interface TimedPolicy<I, O> {
    /** The earliest pending due time, if anything is pending. */
    val nextDue: Double?

    /** Fires every timer due at or before [at] (by due time, ties in start order), then handles [input]; appends what was decided to [into]. */
    fun send(input: I, at: Double, into: MutableList<O>)

    /** Fires, in order, every timer due at or before [to]. Each output carries its timer's due time. */
    fun advance(to: Double, into: MutableList<O>)

    /** The end of a recording: every pending timer fires, including those started while doing so. */
    fun finish(into: MutableList<O>)

    /** As `send(input, at, into)`, returning what was decided. */
    fun send(input: I, at: Double): List<O> = ArrayList<O>().also { send(input, at, it) }

    /** As `advance(to, into)`, returning what was decided. */
    fun advance(to: Double): List<O> = ArrayList<O>().also { advance(to, it) }

    /** As `finish(into)`, returning what was decided. */
    fun finish(): List<O> = ArrayList<O>().also { finish(it) }
}
