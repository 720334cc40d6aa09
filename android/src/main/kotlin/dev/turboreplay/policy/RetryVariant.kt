package dev.turboreplay.policy

/**
 * A named change to the rules of the v1 retry policy, switched on by name: the policy is v1
 * unless its settings name variants.
 */
enum class RetryVariant(val key: String) {
    /**
     * An `offline` view presented while online arms the settling probe only if its surface has
     * had no automatic retry with trigger `probe` since the last edge (or the start), so a path
     * that is up but cannot reach the server does not poll every 2500 ms. The view it does not
     * arm says so (`"probe":false`), for the app to drop its "Retrying automatically…" caption.
     */
    PROBE_ONCE("probe-once");

    companion object {
        @JvmStatic
        fun fromKey(key: String): RetryVariant? = values().firstOrNull { it.key == key }
    }
}
