package dev.turboreplay.log

/**
 * Why a record was not written. Each counts toward the next `dropped` line, whose `reasons`
 * name them in this order (a new reason goes last, so the order never changes).
 */
enum class DropReason(val key: String) {
    /** The clock gave a non-finite time, one beyond ±2^53 ms, or one before the last line's. */
    TIME("time"),

    /** A required text was missing, or held U+0000 or a lone surrogate. */
    TEXT("text"),

    /** The line would pass the readers' 1 MiB limit. */
    SIZE("size"),

    /** The file could not be opened or written, or the log was closed. */
    IO("io"),

    /** Background writing only: the queue was full (the disk is slower than the app logs). */
    QUEUE("queue")
}
