package dev.turboreplay.policy

/**
 * A failed full-page load as the framework has already classified it (Android `VisitError`
 * `HttpError` / `WebError` / `WebSslError` / `LoadError`; iOS `HotwireNativeError` `.http` /
 * `.web` / `.load`): the `error` of a log's `presented` line, and what the policy classifies.
 */
sealed class NativeError {
    /** The server answered with this HTTP status (−1 on Android: no HTTP response at all). */
    data class Http(val status: Int) : NativeError()

    /** The web view failed with the platform's own code (`WebViewClient.ERROR_*`, a `URLError`). */
    data class WebCode(val code: Int) : NativeError()

    /** A Turbo.js visit failure, the same on both platforms. */
    data class Turbo(val failure: TurboFailure) : NativeError()

    /** Android's `WebSslError`. */
    object Ssl : NativeError() {
        override fun toString() = "Ssl"
    }

    /** The page could not be loaded for another reason (`LoadError`, `.load`). */
    object Load : NativeError() {
        override fun toString() = "Load"
    }
}

/** Turbo.js's two failed-visit statuses that carry no HTTP response, as a log writes them. */
enum class TurboFailure(val key: String) {
    /** Status 0. */
    NETWORK_FAILURE("networkFailure"),

    /** Status −1. */
    TIMEOUT("timeout");

    companion object {
        @JvmStatic
        fun fromKey(key: String): TurboFailure? = values().firstOrNull { it.key == key }
    }
}
