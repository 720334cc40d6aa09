package dev.turboreplay.policy

/**
 * The latest time a policy has seen (a record's `t`, or a fired timer's due time). Moving it
 * back is a mistake of the caller, refused before anything changes.
 */
internal class VirtualClock {
    var now = Double.NEGATIVE_INFINITY
        private set

    fun check(t: Double) {
        require(t >= now) { "time went back: ${formatMilliseconds(t)} after ${formatMilliseconds(now)} (inputs must be sent in time order)" }
    }

    fun move(to: Double) {
        check(to)
        now = to
    }
}
