package dev.turboreplay.log

import java.lang.reflect.Method

/**
 * The one clock a log's `t` is read from: milliseconds on a clock that never goes back and
 * does not jump with the wall clock. Injectable, so a test (or the shared script both loggers
 * run) sets every reading.
 */
interface MonotonicClock {
    /** Milliseconds since an arbitrary origin. */
    fun now(): Double
}

/**
 * The system's monotonic clock: `android.os.SystemClock.elapsedRealtimeNanos()` on a phone
 * (since boot, deep sleep included, so a log's `t` keeps pace with the wall clock while the
 * phone sleeps), and `System.nanoTime()` as the stand-in on a plain JVM (a test, a server).
 *
 * The Android class is looked up once, by reflection, so the library compiles and runs without
 * the Android SDK; a stub that throws when called (the SDK's `android.jar` in a unit test) counts
 * as absent. Which one is read never changes while the process runs: `t` comes from one clock.
 */
object SystemMonotonicClock : MonotonicClock {
    private val elapsedRealtimeNanos: Method? = androidClock()

    /** `"elapsedRealtimeNanos"` on Android, `"nanoTime"` on a plain JVM: what [now] reads. */
    @JvmStatic
    val source: String
        get() = if (elapsedRealtimeNanos != null) "elapsedRealtimeNanos" else "nanoTime"

    override fun now(): Double {
        val nanoseconds = elapsedRealtimeNanos?.invoke(null) as Long? ?: System.nanoTime()
        return nanoseconds / 1_000_000.0
    }

    private fun androidClock(): Method? = try {
        val method = Class.forName("android.os.SystemClock").getMethod("elapsedRealtimeNanos")
        method.invoke(null) as Long
        method
    } catch (absent: Throwable) {
        null
    }
}
