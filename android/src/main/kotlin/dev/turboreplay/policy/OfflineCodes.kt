package dev.turboreplay.policy

/**
 * The `web` codes that classify as `offline`, one list per platform: the defaults, or a team's
 * own when its app maps codes otherwise (`offlineCodes` in a native config). A list replaces
 * the default for its platform only.
 */
data class OfflineCodes(
    val ios: Set<Int> = Platform.IOS.offlineWebCodes,
    val android: Set<Int> = Platform.ANDROID.offlineWebCodes
) {
    operator fun get(platform: Platform): Set<Int> = if (platform == Platform.IOS) ios else android

    /** These lists with [platform]'s replaced by [codes]. */
    fun with(platform: Platform, codes: Set<Int>): OfflineCodes =
        if (platform == Platform.IOS) copy(ios = codes) else copy(android = codes)

    companion object {
        /** The defaults of the error-view contract (v2). */
        @JvmField
        val DEFAULTS = OfflineCodes()
    }
}
