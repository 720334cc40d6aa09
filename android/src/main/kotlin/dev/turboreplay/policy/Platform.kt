package dev.turboreplay.policy

/**
 * The two native shells, written `ios` and `android` (a log's `meta`). The classification
 * reads the platform's own `web` error codes, and the retry policy's foreground rule and
 * default cooldown differ between them.
 */
enum class Platform(val key: String) {
    IOS("ios"),
    ANDROID("android");

    /**
     * The default `web` error codes that mean the network is gone. Only the log's platform's
     * list applies; [OfflineCodes] lets a team replace it.
     */
    val offlineWebCodes: Set<Int>
        get() = when (this) {
            // URLError: notConnectedToInternet, networkConnectionLost, timedOut, cannotFindHost,
            // dnsLookupFailed, internationalRoamingOff, callIsActive, dataNotAllowed. Not −1004
            // cannotConnectToHost: a killed server refuses the connection, and that is `server`.
            IOS -> setOf(-1009, -1005, -1001, -1003, -1006, -1018, -1019, -1020)
            // WebViewClient: ERROR_UNKNOWN (where Chromium's NETWORK_CHANGED lands, leaving a
            // tunnel), ERROR_HOST_LOOKUP, ERROR_IO, ERROR_TIMEOUT. Not −6 CONNECT: refused.
            ANDROID -> setOf(-1, -2, -7, -8)
        }

    companion object {
        /** The platform written [key], or null for any other text. */
        @JvmStatic
        fun fromKey(key: String): Platform? = values().firstOrNull { it.key == key }
    }
}
