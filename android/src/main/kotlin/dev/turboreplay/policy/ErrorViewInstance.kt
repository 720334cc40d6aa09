package dev.turboreplay.policy

/**
 * An error view on screen: its surface, its variant (`offline` or `server`: a `none` view is
 * never one), when it was presented among the others ([serial]), and what it has pending: a
 * settle (after an edge or an iOS foreground), a probe (presented while online), a cooldown
 * wait (an automatic retry asked inside the cooldown, remembering its trigger).
 */
class ErrorViewInstance internal constructor(
    val surface: String,
    internal val serial: Long,
    val variant: ErrorVariant
) {
    var settle: PolicyTimer? = null
        internal set
    var probe: PolicyTimer? = null
        internal set
    var wait: PolicyTimer? = null
        internal set

    internal operator fun get(slot: TimerSlot): PolicyTimer? = when (slot) {
        TimerSlot.SETTLE -> settle
        TimerSlot.PROBE -> probe
        TimerSlot.WAIT -> wait
    }

    internal operator fun set(slot: TimerSlot, timer: PolicyTimer?) {
        when (slot) {
            TimerSlot.SETTLE -> settle = timer
            TimerSlot.PROBE -> probe = timer
            TimerSlot.WAIT -> wait = timer
        }
    }

    internal val pendingCount: Int
        get() = listOf(settle, probe, wait).count { it != null }
}

/** A settle, a probe or a cooldown wait: a due timer and the trigger it will ask with. */
data class PolicyTimer(val timer: DueTimer, val trigger: RetryTrigger) {
    val due: Double
        get() = timer.due
}

/** Which of a view's three timers. */
internal enum class TimerSlot { SETTLE, PROBE, WAIT }
