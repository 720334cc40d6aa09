package dev.turboreplay.policy

/** One line of the launch timeline: a change of the root screen, or a decision about the launch. */
sealed class LaunchRecord {
    /** The record's time; a stall's decision carries its due time. */
    abstract val t: Double

    /** The root screen became [screen] at [t], because of [cause]. */
    data class Screen(override val t: Double, val screen: RootScreen, val cause: ScreenCause) : LaunchRecord()

    /** The launch became ready (the page connected), or stalled; [launchMs] is since the launch. */
    data class Decided(override val t: Double, val outcome: LaunchOutcome, val launchMs: Double) : LaunchRecord()

    /** The canonical line: what `turbo-replay launch --format jsonl` prints for it. */
    override fun toString() = jsonLine()
}

/** What changed the root screen. */
sealed class ScreenCause(val key: String) {
    /** A new root was built. */
    object Launch : ScreenCause("launch")

    /** The remote flags gated the user out, or let them back in. */
    object Config : ScreenCause("config")

    /** The first page's `page-load` component connected: the crossfade. */
    object PageLoad : ScreenCause("page-load")

    /** A first visit failed while loading: the error view's surface and variant. */
    data class Presented(val surface: String, val view: ErrorVariant) : ScreenCause("presented")

    override fun toString() = key
}

/** A decision about the current launch, written `ready` or `stalled`. */
enum class LaunchOutcome(val key: String) {
    /** The page connected while the loading (or error) screen was up: the crossfade. */
    READY("ready"),

    /** The loading screen has been up for the stall setting with neither a page nor an error. */
    STALLED("stalled")
}
