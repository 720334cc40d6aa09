package dev.turboreplay.policy

/**
 * A pending timer as data: when it is due, and when it was started among its policy's timers.
 * Timers fire by due time, ties in the order they were started.
 */
data class DueTimer(val due: Double, val startOrder: Long) {
    /** Whether this timer fires before [other]. */
    fun firesBefore(other: DueTimer): Boolean = if (due != other.due) due < other.due else startOrder < other.startOrder
}

/** Hands out start orders, one policy's timers counted together. */
internal class TimerSequence {
    private var started = 0L

    fun start(dueAt: Double): DueTimer {
        started += 1
        return DueTimer(dueAt, started)
    }
}
