package dev.turboreplay.policy

/**
 * Everything about the retry policy an app can configure. Durations are milliseconds, finite
 * and 0 or more (anything else throws `IllegalArgumentException` here, before a timer could be
 * due in the past). [cooldown] defaults to the platform's: 15000 ms on Android, none (null) on
 * iOS; pass null for none.
 */
data class PolicySettings @JvmOverloads constructor(
    val platform: Platform = Platform.IOS,
    val settle: Double = DEFAULT_SETTLE,
    val probe: Double = DEFAULT_PROBE,
    val cooldown: Double? = defaultCooldown(platform),
    val offlineCodes: OfflineCodes = OfflineCodes.DEFAULTS,
    val variants: Set<RetryVariant> = emptySet()
) {
    init {
        require(isDuration(settle)) { "settle must be a number of milliseconds, 0 or more (got $settle)" }
        require(isDuration(probe)) { "probe must be a number of milliseconds, 0 or more (got $probe)" }
        require(cooldown == null || isDuration(cooldown)) { "cooldown must be a number of milliseconds, 0 or more, or null (got $cooldown)" }
    }

    /** The view [error] gets under these settings: the platform and its offline codes. */
    fun classify(error: NativeError): ErrorVariant = OfflineErrorPolicy.classify(error, platform, offlineCodes)

    companion object {
        const val DEFAULT_SETTLE = 400.0
        const val DEFAULT_PROBE = 2500.0
        const val DEFAULT_ANDROID_COOLDOWN = 15000.0

        /** The platform's default cooldown: 15000 ms on Android, none on iOS. */
        @JvmStatic
        fun defaultCooldown(platform: Platform): Double? = if (platform == Platform.ANDROID) DEFAULT_ANDROID_COOLDOWN else null
    }
}

/** A duration the policies take: a finite number of milliseconds, 0 or more. */
internal fun isDuration(ms: Double) = ms.isFinite() && ms >= 0
