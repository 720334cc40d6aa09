package dev.turboreplay.log

/**
 * What hotwire-native-android's `VisitError` hands `onVisitErrorReceived`, as the log's
 * `error`: `HttpError` (−1 for a Turbo.js visit with no HTTP response) its status;
 * `WebError` its `WebViewClientCompat.ERROR_*` code; `WebSslError` `ssl`; `LoadError` `load`.
 */
sealed class AndroidVisitError {
    data class Http(val statusCode: Int) : AndroidVisitError()
    data class Web(val errorCode: Int) : AndroidVisitError()
    data class Ssl(val errorCode: Int) : AndroidVisitError()
    object Load : AndroidVisitError()

    fun logged(): LoggedError = when (this) {
        is Http -> LoggedError.Http(statusCode)
        is Web -> LoggedError.WebCode(errorCode)
        is Ssl -> LoggedError.Ssl
        Load -> LoggedError.Load
    }
}

/** The same mapping for iOS's `HotwireNativeError`, so the shared script checks both. */
fun loggedIOSError(kind: String, code: Int, hasURLError: Boolean, isTimeout: Boolean): LoggedError = when (kind) {
    "http" -> LoggedError.Http(code)
    "web" -> if (code == -1 && !hasURLError && isTimeout) LoggedError.Turbo("timeout") else LoggedError.WebCode(code)
    else -> LoggedError.Load
}
