package dev.turboreplay.policy

/** Which error view a failed full-page load gets, written `offline`, `server` or `none`. */
enum class ErrorVariant(val key: String) {
    /** The network is gone: the view watches connectivity and retries by itself. */
    OFFLINE("offline"),

    /**
     * The server answered badly, or the load failed in a way a better network won't fix: the
     * view never retries by itself, but has the same Retry button.
     */
    SERVER("server"),

    /** No error view: the auth shell intercepts a 401 upstream. */
    NONE("none");

    /** Why nothing is shown, for the `none` view; null for the others. */
    val reason: String?
        get() = if (this == NONE) "auth-shell" else null
}
