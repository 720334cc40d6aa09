package dev.turboreplay.policy

import java.util.PriorityQueue

/**
 * The native error view's auto-retry policy: the error views on screen, connectivity and the
 * app-wide cooldown, with transitions as functions of (state, input, time). It makes the
 * decisions the Swift policy (`NativeErrorPolicy.RetryPolicy`) makes for the same inputs, and
 * `turbo-replay native` replays a log through: an Android app that owns one decides as the
 * tool replays its log.
 *
 *     val policy = RetryPolicy(PolicySettings(Platform.ANDROID))
 *     policy.send(PolicyInput.Presented("tab:home", NativeError.WebCode(-2)), at = 120.0)
 *                                            // [view offline on tab:home at 120]
 *     policy.send(PolicyInput.Path(true), at = 5200.0)  // []: the settle is due at 5600
 *     policy.nextDue                         // 5600.0: wake up then, and advance(to = now)
 *     policy.finish()                        // [retry auto (edge) on tab:home at 5600]
 *
 * Not thread-safe: one thread (the main thread) owns it. Pure: no clock, no I/O, no threads.
 */
class RetryPolicy @JvmOverloads constructor(val settings: PolicySettings = PolicySettings()) : TimedPolicy<PolicyInput, Decision> {
    /** Connectivity, app-wide. Offline until the first `path` says otherwise. */
    var online = false
        private set

    /** When the last automatic retry happened, for the cooldown. */
    var lastAutomaticRetry: Double? = null
        private set

    /** Under `probe-once`: the surfaces with an automatic retry by `probe` since the last edge. */
    private val probedSinceEdge = HashSet<String>()
    private val bySurface = HashMap<String, ErrorViewInstance>()

    /** The offline views in the order they were presented (an edge settles them in that order). Entries of views since removed stay until the next compaction. */
    private val offlineOrder = ArrayList<Pair<String, Long>>()
    private var liveOffline = 0
    private var nextSerial = 0L

    /** Every pending settle, probe and wait, earliest first; a cancelled one stays until it reaches the top. */
    private var queue = PriorityQueue<QueuedTimer>(16, QueuedTimer.ORDER)
    private var pending = 0
    private var timers = TimerSequence()
    private val clock = VirtualClock()

    /** The error views on screen, in the order they were presented; at most one per surface. */
    val instances: List<ErrorViewInstance>
        get() = bySurface.values.sortedBy { it.serial }

    /** How many error views are on screen. */
    val openViews: Int
        get() = bySurface.size

    /** The view on [surface], if one is on screen. */
    fun instance(surface: String): ErrorViewInstance? = bySurface[surface]

    override val nextDue: Double?
        get() = queue.peek()?.timer?.due

    override fun send(input: PolicyInput, at: Double, into: MutableList<Decision>) {
        clock.check(at)
        advance(at, into)
        handle(input, at, into)
        dropStaleTimers()
    }

    override fun advance(to: Double, into: MutableList<Decision>) {
        clock.check(to)
        dropStaleTimers()
        while (true) {
            val next = queue.peek() ?: break
            if (next.timer.due > to) break
            fire(next, into)
        }
        clock.move(to)
    }

    override fun finish(into: MutableList<Decision>) {
        dropStaleTimers()
        while (true) {
            val next = queue.peek() ?: break
            clock.move(next.timer.due)
            fire(next, into)
        }
    }

    private fun handle(input: PolicyInput, t: Double, into: MutableList<Decision>) {
        when (input) {
            is PolicyInput.Path -> pathChanged(input.online, t)
            is PolicyInput.Presented -> present(input.surface, input.error, t, into)
            is PolicyInput.TapRetry -> if (remove(input.surface) != null) {
                into.add(Decision(t, input.surface, Decision.Outcome.Retried(Retry.Manual)))
            }
            is PolicyInput.Dismissed -> remove(input.surface)
            PolicyInput.Launch -> startOver()
            PolicyInput.Foreground -> {
                if (settings.platform != Platform.IOS || !online) return
                // A pending probe does not matter: whichever fires first retries.
                forEachOffline { startSettle(it, t, RetryTrigger.FOREGROUND) }
            }
        }
    }

    private fun pathChanged(nowOnline: Boolean, t: Double) {
        if (nowOnline == online) return
        online = nowOnline
        if (online) probedSinceEdge.clear()
        forEachOffline { surface ->
            if (online) {
                startSettle(surface, t, RetryTrigger.EDGE)
            } else {
                // A cooldown wait stays: it ends with nothing if still offline then.
                clear(TimerSlot.SETTLE, surface)
                clear(TimerSlot.PROBE, surface)
            }
        }
    }

    private fun present(surface: String, error: NativeError, t: Double, into: MutableList<Decision>) {
        remove(surface)
        val variant = settings.classify(error)
        var armsProbe = variant == ErrorVariant.OFFLINE && online
        var probeKey: Boolean? = null
        if (armsProbe && RetryVariant.PROBE_ONCE in settings.variants && surface in probedSinceEdge) {
            // Its surface's probe already retried once since the last edge, and failed.
            armsProbe = false
            probeKey = false
        }
        into.add(Decision(t, surface, Decision.Outcome.View(variant), probeKey))
        if (variant == ErrorVariant.NONE) return
        nextSerial += 1
        bySurface[surface] = ErrorViewInstance(surface, nextSerial, variant)
        if (variant == ErrorVariant.OFFLINE) {
            offlineOrder.add(Pair(surface, nextSerial))
            liveOffline += 1
        }
        if (armsProbe) start(TimerSlot.PROBE, surface, t + settings.probe, RetryTrigger.PROBE)
    }

    /** The offline views still on screen, in the order they were presented (the body starts or clears timers, never removes a view). */
    private inline fun forEachOffline(body: (String) -> Unit) {
        for ((surface, serial) in offlineOrder) {
            if (bySurface[surface]?.serial == serial) body(surface)
        }
    }

    /**
     * A new process (v2.1): every view on every surface is gone with its timers and waits, with
     * no decision for them, the cooldown and the probes since the last edge are forgotten, and
     * connectivity is offline until the next `path`. Only time stays.
     */
    private fun startOver() {
        online = false
        lastAutomaticRetry = null
        probedSinceEdge.clear()
        bySurface.clear()
        offlineOrder.clear()
        liveOffline = 0
        nextSerial = 0
        queue = PriorityQueue(16, QueuedTimer.ORDER)
        pending = 0
        timers = TimerSequence()
    }

    /** Takes [next] (the queue's top, still pending) off the queue and acts on it. */
    private fun fire(next: QueuedTimer, into: MutableList<Decision>) {
        queue.poll()
        val t = next.timer.due
        clear(next.slot, next.surface)
        // A wait that ends offline ends with nothing: the next edge starts a settle.
        if (next.slot != TimerSlot.WAIT || online) askForAutomaticRetry(next.surface, next.trigger, t, into)
        dropStaleTimers()
    }

    /** The cooldown rule: retry, or wait for the cooldown's expiry with the same trigger. */
    private fun askForAutomaticRetry(surface: String, trigger: RetryTrigger, t: Double, into: MutableList<Decision>) {
        val cooldown = settings.cooldown
        val last = lastAutomaticRetry
        if (cooldown != null && last != null && t < last + cooldown) {
            val until = last + cooldown
            clear(TimerSlot.SETTLE, surface)
            clear(TimerSlot.PROBE, surface)
            start(TimerSlot.WAIT, surface, until, trigger)
            into.add(Decision(t, surface, Decision.Outcome.Deferred(until)))
        } else {
            // Single-shot: the retry takes the view and everything it had pending.
            lastAutomaticRetry = t
            remove(surface)
            if (trigger == RetryTrigger.PROBE && RetryVariant.PROBE_ONCE in settings.variants) probedSinceEdge.add(surface)
            into.add(Decision(t, surface, Decision.Outcome.Retried(Retry.Automatic(trigger))))
        }
    }

    private fun startSettle(surface: String, t: Double, trigger: RetryTrigger) {
        val instance = bySurface[surface] ?: return
        if (instance.settle != null || instance.wait != null) return
        start(TimerSlot.SETTLE, surface, t + settings.settle, trigger)
    }

    private fun start(slot: TimerSlot, surface: String, dueAt: Double, trigger: RetryTrigger) {
        clear(slot, surface)
        val timer = PolicyTimer(timers.start(dueAt), trigger)
        bySurface.getValue(surface)[slot] = timer
        pending += 1
        queue.add(QueuedTimer(timer.timer, trigger, surface, slot))
    }

    /** Cancels the view's timer in [slot], if it has one (its queue entry goes stale). */
    private fun clear(slot: TimerSlot, surface: String) {
        val instance = bySurface[surface] ?: return
        if (instance[slot] == null) return
        instance[slot] = null
        pending -= 1
    }

    /** Takes the surface's view off screen, with its timers and wait, and returns it. */
    private fun remove(surface: String): ErrorViewInstance? {
        val instance = bySurface.remove(surface) ?: return null
        pending -= instance.pendingCount
        if (instance.variant == ErrorVariant.OFFLINE) {
            liveOffline -= 1
            if (offlineOrder.size > 2 * liveOffline + 32) {
                offlineOrder.retainAll { bySurface[it.first]?.serial == it.second }
            }
        }
        return instance
    }

    /** Whether a queue entry is still the timer its view has pending in that slot. */
    private fun isPending(entry: QueuedTimer): Boolean =
        bySurface[entry.surface]?.get(entry.slot)?.timer?.startOrder == entry.timer.startOrder

    /**
     * Drops cancelled timers off the top of the queue, so that its top is the next to fire, and
     * rebuilds it once stale entries outnumber pending ones.
     */
    private fun dropStaleTimers() {
        if (queue.size > 2 * pending + 64) {
            val live = PriorityQueue<QueuedTimer>(maxOf(16, pending), QueuedTimer.ORDER)
            for (entry in queue) if (isPending(entry)) live.add(entry)
            queue = live
        }
        while (true) {
            val top = queue.peek() ?: return
            if (isPending(top)) return
            queue.poll()
        }
    }

    companion object {
        /** The decision timeline of a whole recording: every input in order, then [finish]. */
        @JvmStatic
        @JvmOverloads
        fun timeline(records: Iterable<Pair<Double, PolicyInput>>, settings: PolicySettings = PolicySettings()): List<Decision> {
            val policy = RetryPolicy(settings)
            val output = ArrayList<Decision>()
            for ((t, input) in records) policy.send(input, t, output)
            policy.finish(output)
            return output
        }
    }
}

/** A pending timer as the queue holds it: when, and whose. */
internal class QueuedTimer(val timer: DueTimer, val trigger: RetryTrigger, val surface: String, val slot: TimerSlot) {
    companion object {
        /** By due time, ties in start order: a strict order, so any priority queue fires in the same order. */
        val ORDER = Comparator<QueuedTimer> { a, b ->
            when {
                a.timer.firesBefore(b.timer) -> -1
                b.timer.firesBefore(a.timer) -> 1
                else -> 0
            }
        }
    }
}
