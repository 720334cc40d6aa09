package dev.turboreplay.policy

/**
 * The classification of the error-view contract (v2): the framework's error taxonomy onto two
 * variants (and `none` for the 401 the auth shell owns).
 */
object OfflineErrorPolicy {
    /**
     * The HTTP statuses a server can answer with. hotwire-native-android hands the app
     * `HttpError.UnknownError(-1)` for a Turbo.js visit that got no response at all.
     */
    @JvmField
    val HTTP_STATUSES = 100..599

    @JvmStatic
    @JvmOverloads
    fun classify(error: NativeError, platform: Platform, offlineCodes: OfflineCodes = OfflineCodes.DEFAULTS): ErrorVariant =
        when (error) {
            // Only this platform's list: web code 0 is just a code, unlike Turbo.js's status 0.
            is NativeError.WebCode -> if (error.code in offlineCodes[platform]) ErrorVariant.OFFLINE else ErrorVariant.SERVER
            // A timeout is offline on purpose: a half-dead radio surfaces as one.
            is NativeError.Turbo -> ErrorVariant.OFFLINE
            is NativeError.Http -> when {
                error.status == 401 -> ErrorVariant.NONE
                // No HTTP response at all: an offline tap to a screen with no cached snapshot.
                platform == Platform.ANDROID && error.status !in HTTP_STATUSES -> ErrorVariant.OFFLINE
                // 404, 500, a 503 in maintenance; on iOS every status: a hurting server is not "offline".
                else -> ErrorVariant.SERVER
            }
            NativeError.Ssl, NativeError.Load -> ErrorVariant.SERVER
        }
}
