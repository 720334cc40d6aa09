package dev.turboreplay.log

/** Where an [AppLog] writes its lines. */
sealed class WriteMode {
    /** On the thread that calls `log`, before it returns (the default). */
    object Synchronous : WriteMode() {
        override fun toString() = "Synchronous"
    }

    /**
     * On one daemon thread of the log's own. `log` reads the clock (so `t` is fixed in call
     * order) and queues the record; a full queue of [capacity] records drops it and counts it
     * (`queue`). `flush()` waits for what was queued; a JVM shutdown hook flushes.
     */
    data class Background @JvmOverloads constructor(val capacity: Int = DEFAULT_CAPACITY) : WriteMode() {
        companion object {
            const val DEFAULT_CAPACITY = 1024
        }
    }
}
