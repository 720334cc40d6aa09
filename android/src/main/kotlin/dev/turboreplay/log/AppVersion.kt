package dev.turboreplay.log

import dev.turboreplay.policy.JsonLine

/**
 * The app's release as the native shell reports it, written in every file's `meta` as
 * `"app":{"version":"2.3.1","build":"231"}`: what `stats --by app-version` groups a fleet by.
 * Android: `versionName` and `versionCode` (`PackageInfo`); iOS: `CFBundleShortVersionString`
 * and `CFBundleVersion`. The Swift logger's `AppVersion`.
 */
data class AppVersion @JvmOverloads constructor(val version: String, val build: String? = null) {
    /**
     * Whether the readers take it as the release: a non-empty version, and no text that is not
     * writable (U+0000, a lone surrogate) or over [TEXT_LIMIT] bytes of UTF-8. One they would
     * not is left out of `meta` and counted (`value`).
     */
    internal val isWritable: Boolean
        get() = version.isNotEmpty() && listOfNotNull(version, build).all { writable(it) && it.toByteArray(Charsets.UTF_8).size <= TEXT_LIMIT }

    /** `{"version":"2.3.1","build":"231"}`. */
    internal fun json(): String {
        val line = JsonLine()
        line.string("version", version)
        if (build != null) line.string("build", build)
        return line.text()
    }

    companion object {
        /** The longest version or build written, in UTF-8 bytes: a `meta` stays short enough for a relaunch to read it whole. */
        const val TEXT_LIMIT = 256
    }
}
