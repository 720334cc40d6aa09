package dev.turboreplay.log

/**
 * Why a record was not written. Each counts toward the next `dropped` line, whose `reasons`
 * name them in this order, the Swift logger's.
 */
enum class DropReason(val key: String) {
    /** The clock gave a non-finite time, one beyond ±2^53 ms, or one before the last line's. */
    TIME("time"),

    /** A required text was missing, or held U+0000 or a lone surrogate. */
    TEXT("text"),

    /**
     * A value the readers would refuse or misread: an HTTP status outside 100–599 other than
     * Android's −1, a `startedAt` outside the years 0000–9999.
     */
    VALUE("value"),

    /** The line would pass the readers' 1 MiB limit. */
    SIZE("size"),

    /**
     * The file could not be opened or written (a full disk, a revoked permission), or it is full
     * and could not be rotated (a folder that refuses the rename); or the log was closed.
     */
    IO("io"),

    /** Background writing only: the queue was full (the disk is slower than the app logs). */
    QUEUE("queue")
}
