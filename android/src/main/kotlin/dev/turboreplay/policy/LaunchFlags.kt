package dev.turboreplay.policy

/** The remote flags of the last `config` record (both false until one arrives). */
data class LaunchFlags @JvmOverloads constructor(val offseason: Boolean = false, val tester: Boolean = false) {
    /** The user is kept out of the app: offseason, and not a tester. */
    val isGated: Boolean
        get() = offseason && !tester
}
