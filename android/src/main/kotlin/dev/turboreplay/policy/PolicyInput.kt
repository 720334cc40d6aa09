package dev.turboreplay.policy

/**
 * The records the error view's retry policy acts on. Every other record of a log,
 * `app-retry` included, is observed and ignored (it only moves time: [RetryPolicy.advance]).
 */
sealed class PolicyInput {
    /** Connectivity: Android's default network has `NET_CAPABILITY_VALIDATED` (iOS: `NWPathMonitor` satisfied). */
    data class Path(val online: Boolean) : PolicyInput()

    /** The shell presented an error on a surface (`tab:home`, `modal`, `sheet`, … any string). */
    data class Presented(val surface: String, val error: NativeError) : PolicyInput()

    /** The user tapped the Retry button on the surface's error view. */
    data class TapRetry(val surface: String) : PolicyInput()

    /** The surface's error view went away without a retry. */
    data class Dismissed(val surface: String) : PolicyInput()

    /** The app came to the foreground (a rule on iOS only). */
    object Foreground : PolicyInput() {
        override fun toString() = "Foreground"
    }

    /** A new process built its root (v2.1): the policy starts over, as if the log started here. */
    object Launch : PolicyInput() {
        override fun toString() = "Launch"
    }
}
