package dev.turboreplay.log

import dev.turboreplay.policy.NativeError
import dev.turboreplay.policy.TurboFailure

/**
 * What hotwire-native-android's `VisitError` hands `onVisitErrorReceived`, in plain values:
 * `HttpError` (−1 for a Turbo.js visit with no HTTP response) its status; `WebError` its
 * `WebViewClientCompat.ERROR_*` code; `WebSslError` its `SslError.SSL_*` code (which the log
 * does not keep); `LoadError`.
 */
sealed class AndroidVisitError {
    data class Http(val statusCode: Int) : AndroidVisitError()
    data class Web(val errorCode: Int) : AndroidVisitError()
    data class Ssl(val errorCode: Int) : AndroidVisitError()
    object Load : AndroidVisitError() {
        override fun toString() = "Load"
    }

    /** The `error` of a `presented` line, and what the policies classify. */
    fun toNativeError(): NativeError = when (this) {
        is Http -> NativeError.Http(statusCode)
        is Web -> NativeError.WebCode(errorCode)
        is Ssl -> NativeError.Ssl
        Load -> NativeError.Load
    }
}

/**
 * What hotwire-native-ios's `HotwireNativeError` lets an app see, in plain values: the same
 * mapping as the Swift logger's `NativeError(ios:)`, so the shared script of calls checks both.
 */
sealed class IOSHandedError {
    /** `.http(HTTPError)`: its `statusCode`. */
    data class Http(val statusCode: Int) : IOSHandedError()

    /** `.web(WebError)`: its `errorCode`, whether it wraps a `URLError`, and its `isTimeout`. */
    data class Web(val errorCode: Int, val hasURLError: Boolean, val isTimeout: Boolean) : IOSHandedError()

    /** `.load(LoadError)`. */
    object Load : IOSHandedError() {
        override fun toString() = "Load"
    }

    /**
     * A `WebError` without a `URLError` comes from Turbo.js: its timeout (code −1, `isTimeout`)
     * is written as Turbo's; its network failure (code 0) looks exactly like a raw code 0, so it
     * is written as the code.
     */
    fun toNativeError(): NativeError = when (this) {
        is Http -> NativeError.Http(statusCode)
        is Web -> if (errorCode == -1 && !hasURLError && isTimeout) NativeError.Turbo(TurboFailure.TIMEOUT) else NativeError.WebCode(errorCode)
        Load -> NativeError.Load
    }
}
