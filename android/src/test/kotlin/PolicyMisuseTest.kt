// Checks what the Kotlin policies do with what an app must not do: a time that goes back (or is
// not a number) throws IllegalArgumentException naming both times and changes nothing, so the
// policy decides afterwards exactly as one that never saw the call; settings with a negative or
// non-finite duration throw when they are made.
import dev.turboreplay.policy.LaunchInput
import dev.turboreplay.policy.LaunchPolicy
import dev.turboreplay.policy.LaunchSettings
import dev.turboreplay.policy.NativeError
import dev.turboreplay.policy.Platform
import dev.turboreplay.policy.PolicyInput
import dev.turboreplay.policy.PolicySettings
import dev.turboreplay.policy.RetryPolicy
import kotlin.system.exitProcess

fun refused(what: String, call: () -> Unit): String {
    try {
        call()
    } catch (refusal: IllegalArgumentException) {
        return refusal.message ?: ""
    }
    System.err.println("PolicyMisuseTest: FAILED: $what did not throw IllegalArgumentException")
    exitProcess(1)
}

fun holds(condition: Boolean, what: String) {
    if (condition) return
    System.err.println("PolicyMisuseTest: FAILED: $what")
    exitProcess(1)
}

fun main() {
    val records = listOf(
        Pair(0.0, PolicyInput.Path(true)),
        Pair(1000.0, PolicyInput.Presented("tab:home", NativeError.WebCode(-2))),
        Pair(6000.0, PolicyInput.Presented("sheet", NativeError.Http(503)))
    )
    val expected = RetryPolicy.timeline(records, PolicySettings(Platform.ANDROID))

    val policy = RetryPolicy(PolicySettings(Platform.ANDROID))
    val decided = ArrayList(policy.send(records[0].second, records[0].first) + policy.send(records[1].second, records[1].first))
    val message = refused("send at 500 after 1000") { policy.send(PolicyInput.Foreground, 500.0) }
    holds(message.contains("500") && message.contains("1000"), "the refusal names both times: $message")
    refused("advance to NaN") { policy.advance(Double.NaN) }
    refused("send at -inf") { policy.send(PolicyInput.Launch, Double.NEGATIVE_INFINITY) }
    holds(policy.nextDue == 3500.0, "the probe is still due at 3500 after the refusals, not ${policy.nextDue}")
    decided += policy.send(records[2].second, records[2].first)
    decided += policy.finish()
    holds(decided == expected, "after the refusals the policy decides as one that never saw them:\n$decided\n$expected")

    val launch = LaunchPolicy()
    launch.send(LaunchInput.Launch(), 100.0)
    refused("launch advance to 50 after 100") { launch.advance(50.0) }
    holds(launch.nextDue == 10100.0, "the stall is still due at 10100")

    refused("a negative settle") { PolicySettings(Platform.IOS, settle = -1.0) }
    refused("an infinite probe") { PolicySettings(Platform.IOS, probe = Double.POSITIVE_INFINITY) }
    refused("a NaN cooldown") { PolicySettings(Platform.ANDROID, cooldown = Double.NaN) }
    refused("a negative stall") { LaunchSettings(stall = -0.5) }
    holds(PolicySettings(Platform.ANDROID).cooldown == 15000.0 && PolicySettings(Platform.IOS).cooldown == null, "the default cooldowns")
    holds(PolicySettings(Platform.ANDROID, cooldown = null).cooldown == null, "null is no cooldown")
    println("PolicyMisuseTest: time going back and bad settings throw IllegalArgumentException and change nothing")
}
