package dev.turboreplay.policy

/**
 * Everything about the launch policy an app can configure: the platform and its offline codes
 * (how a `presented` error is classified), and the stall timer in milliseconds (finite, 0 or
 * more; anything else throws `IllegalArgumentException`).
 */
data class LaunchSettings @JvmOverloads constructor(
    val platform: Platform = Platform.IOS,
    val stall: Double = DEFAULT_STALL,
    val offlineCodes: OfflineCodes = OfflineCodes.DEFAULTS
) {
    init {
        require(isDuration(stall)) { "stall must be a number of milliseconds, 0 or more (got $stall)" }
    }

    companion object {
        const val DEFAULT_STALL = 10000.0
    }
}
