package dev.turboreplay.policy

/**
 * The canonical decision line of the error-view contract, byte for byte as the Swift policy
 * writes it: `t`, `surface`, then the decision.
 */
fun Decision.jsonLine(): String {
    val line = JsonLine()
    line.number("t", t)
    line.string("surface", surface)
    when (val decided = outcome) {
        is Decision.Outcome.View -> {
            line.string("view", decided.variant.key)
            decided.variant.reason?.let { line.string("reason", it) }
            probe?.let { line.bool("probe", it) }
        }
        is Decision.Outcome.Retried -> when (val retry = decided.retry) {
            is Retry.Automatic -> {
                line.string("retry", "auto")
                line.string("trigger", retry.trigger.key)
            }
            Retry.Manual -> line.string("retry", "manual")
        }
        is Decision.Outcome.Deferred -> {
            line.string("deferred", "cooldown")
            line.number("until", decided.until)
        }
    }
    return line.text()
}
