package dev.turboreplay.log

/** Who made an `app-retry`: the view by itself (`auto`), or the user's tap (`manual`). */
enum class AppRetryKind(val key: String) {
    AUTO("auto"),
    MANUAL("manual");

    companion object {
        @JvmStatic
        fun fromKey(key: String): AppRetryKind? = values().firstOrNull { it.key == key }
    }
}
