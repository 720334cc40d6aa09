package dev.turboreplay.policy

/** What started an automatic retry, written `edge`, `probe` or `foreground`. */
enum class RetryTrigger(val key: String) {
    /** The settle after an offline→online edge. */
    EDGE("edge"),

    /** The settling probe of a view presented on a healthy path. */
    PROBE("probe"),

    /** The settle after an iOS foreground. */
    FOREGROUND("foreground")
}

/** A retry the policy decided on. */
sealed class Retry {
    data class Automatic(val trigger: RetryTrigger) : Retry()

    /** A tap on the Retry button: immediate, never throttled. */
    object Manual : Retry() {
        override fun toString() = "Manual"
    }
}

/**
 * One line of the decision timeline: at [t] (a timer's or a wait's due time for what it
 * decided), on [surface], the [outcome]. [probe] is `false` on a `view` whose settling probe
 * the `probe-once` variant did not arm (the app hides its "Retrying automatically…" caption
 * there); null everywhere else, and always under v1.
 */
data class Decision @JvmOverloads constructor(
    val t: Double,
    val surface: String,
    val outcome: Outcome,
    val probe: Boolean? = null
) {
    sealed class Outcome {
        /** An error was presented and this is the view it got. */
        data class View(val variant: ErrorVariant) : Outcome()

        data class Retried(val retry: Retry) : Outcome()

        /** An automatic retry asked inside the cooldown: the view waits until [until]. */
        data class Deferred(val until: Double) : Outcome()
    }

    /** The view an error got, when this decision is one. */
    val view: ErrorVariant?
        get() = (outcome as? Outcome.View)?.variant

    /** The retry, when this decision is one. */
    val retry: Retry?
        get() = (outcome as? Outcome.Retried)?.retry

    /** The canonical line: what `turbo-replay native --format jsonl` prints for it. */
    override fun toString() = jsonLine()
}
