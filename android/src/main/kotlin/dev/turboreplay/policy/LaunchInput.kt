package dev.turboreplay.policy

/**
 * The records the launch policy acts on. `app-screen` is the app's own log of what it shows:
 * compared with the policy by `turbo-replay explain`, never fed to it.
 */
sealed class LaunchInput {
    /** The app starts (`cold`), or is rebuilt after the OS discarded it: the root is built anew. */
    data class Launch @JvmOverloads constructor(val cold: Boolean = true) : LaunchInput()

    /** The remote flags arrived, or changed. */
    data class Config(val flags: LaunchFlags) : LaunchInput() {
        constructor(offseason: Boolean, tester: Boolean = false) : this(LaunchFlags(offseason, tester))
    }

    /** A bridge message from the page. Only `page-load` `connect` matters here. */
    data class Bridge(val component: String, val event: String) : LaunchInput()

    /** An error view was presented for a failed visit. */
    data class Presented(val surface: String, val error: NativeError) : LaunchInput()

    companion object {
        /** The message the first page's `page-load` Stimulus controller sends when it connects. */
        @JvmField
        val PAGE_LOAD_CONNECT = Bridge("page-load", "connect")
    }
}
