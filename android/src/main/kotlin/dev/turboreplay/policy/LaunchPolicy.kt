package dev.turboreplay.policy

/**
 * The seamless launch: which root screen is up (loading, web, offseason, error), with
 * transitions as functions of (state, input, time), and the stall timer as a due time. It
 * makes the decisions the Swift policy (`LaunchPolicy`) makes for the same inputs, and
 * `turbo-replay launch` replays a log through.
 *
 * An app's root view model can own one, feed it what it logs (with the log's monotonic clock
 * for `t`) and show [screen]; after each [send] it schedules one wake-up at [nextDue] that
 * calls [advance]. Not thread-safe: one thread owns it.
 *
 *     val launch = LaunchPolicy()
 *     launch.send(LaunchInput.Launch(), at = 0.0)           // [screen loading (launch) at 0]
 *     launch.send(LaunchInput.PAGE_LOAD_CONNECT, at = 1840.5) // [screen web (page-load), ready in 1840.5 ms]
 *     launch.screen                                          // RootScreen.WEB
 */
class LaunchPolicy @JvmOverloads constructor(val settings: LaunchSettings = LaunchSettings()) : TimedPolicy<LaunchInput, LaunchRecord> {
    /** The root screen the app should show. */
    var screen = RootScreen.NONE
        private set

    /** When the current launch began; null before the first `launch`. */
    var launchedAt: Double? = null
        private set

    /** The last `config` record's flags. A launch keeps them: the app caches them. */
    var flags = LaunchFlags()
        private set

    /** A `page-load` `connect` has arrived since the current launch. */
    var pageReady = false
        private set

    /** The stall timer: pending while the loading screen is up, until a 401 hands the launch to the auth shell. */
    var stall: DueTimer? = null
        private set

    private val timers = TimerSequence()
    private val clock = VirtualClock()

    override val nextDue: Double?
        get() = stall?.due

    override fun send(input: LaunchInput, at: Double, into: MutableList<LaunchRecord>) {
        advance(at, into)
        when (input) {
            is LaunchInput.Launch -> {
                launchedAt = at
                pageReady = false
                // Every launch builds a new root, so it is a screen record even when the screen stays.
                show(if (flags.isGated) RootScreen.OFFSEASON else RootScreen.LOADING, at, ScreenCause.Launch, into)
            }
            is LaunchInput.Config -> configure(input.flags, at, into)
            is LaunchInput.Bridge -> connect(input, at, into)
            is LaunchInput.Presented -> present(input, at, into)
        }
    }

    private fun configure(new: LaunchFlags, t: Double, into: MutableList<LaunchRecord>) {
        // Before the first launch this is all a config does: there is no root to change.
        flags = new
        if (screen == RootScreen.OFFSEASON && !new.isGated) {
            // Lifted: the page was either ready behind the offseason screen or is still loading.
            show(if (pageReady) RootScreen.WEB else RootScreen.LOADING, t, ScreenCause.Config, into)
        } else if (new.isGated && (screen == RootScreen.LOADING || screen == RootScreen.WEB || screen == RootScreen.ERROR)) {
            // A festival-goer is sent out even mid-session.
            show(RootScreen.OFFSEASON, t, ScreenCause.Config, into)
        }
    }

    private fun connect(message: LaunchInput.Bridge, t: Double, into: MutableList<LaunchRecord>) {
        val launched = launchedAt ?: return
        if (message.component != "page-load" || message.event != "connect" || pageReady) return
        pageReady = true
        // Behind the offseason screen the page is only noted: the app shows it when the flag
        // lifts. A ready decision is made at most once a launch.
        if (screen != RootScreen.LOADING && screen != RootScreen.ERROR) return
        show(RootScreen.WEB, t, ScreenCause.PageLoad, into)
        into.add(LaunchRecord.Decided(t, LaunchOutcome.READY, t - launched))
    }

    private fun present(presented: LaunchInput.Presented, t: Double, into: MutableList<LaunchRecord>) {
        // On the web view the error shows in its own surface: the error-view policy has it.
        if (screen != RootScreen.LOADING) return
        val view = OfflineErrorPolicy.classify(presented.error, settings.platform, settings.offlineCodes)
        // A 401 shows no view (the auth shell has it): the screen stays `loading` under the auth
        // shell, and the stall timer stops, since the launch now waits on a user typing a
        // password; the page's `connect` still crossfades.
        if (view == ErrorVariant.NONE) {
            stall = null
            return
        }
        show(RootScreen.ERROR, t, ScreenCause.Presented(presented.surface, view), into)
    }

    override fun advance(to: Double, into: MutableList<LaunchRecord>) {
        clock.check(to)
        val pendingStall = stall
        if (pendingStall != null && pendingStall.due <= to) fireStall(pendingStall, into)
        clock.move(to)
    }

    override fun finish(into: MutableList<LaunchRecord>) {
        val pendingStall = stall ?: return
        clock.move(pendingStall.due)
        fireStall(pendingStall, into)
    }

    /** The stall timer follows the loading screen: every row that puts it up starts it anew, and leaving it cancels it. */
    private fun show(next: RootScreen, t: Double, cause: ScreenCause, into: MutableList<LaunchRecord>) {
        screen = next
        stall = if (next == RootScreen.LOADING) timers.start(t + settings.stall) else null
        into.add(LaunchRecord.Screen(t, next, cause))
    }

    /** The screen stays as it is: a stall only says how long the user has been waiting. */
    private fun fireStall(timer: DueTimer, into: MutableList<LaunchRecord>) {
        stall = null
        into.add(LaunchRecord.Decided(timer.due, LaunchOutcome.STALLED, timer.due - (launchedAt ?: timer.due)))
    }

    companion object {
        /** The screen timeline of a whole recording: every input in order, then [finish]. */
        @JvmStatic
        @JvmOverloads
        fun timeline(records: Iterable<Pair<Double, LaunchInput>>, settings: LaunchSettings = LaunchSettings()): List<LaunchRecord> {
            val policy = LaunchPolicy(settings)
            val output = ArrayList<LaunchRecord>()
            for ((t, input) in records) policy.send(input, t, output)
            policy.finish(output)
            return output
        }
    }
}
