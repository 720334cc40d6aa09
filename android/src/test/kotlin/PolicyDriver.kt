// Replays native logs through the Kotlin policies and prints what `turbo-replay native
// --format jsonl` and `turbo-replay launch --format jsonl` print for them, so that android/test
// can hold the Kotlin policies to the Swift ones byte for byte.
//
//     PolicyDriver JOBS OUT
//
// JOBS has one job a line, the CLI's arguments after `turbo-replay` (`native --format jsonl
// --settle-ms 250 recordings/native/server-503.jsonl`); job N (from 1) prints to OUT/N. One JVM
// runs them all.
import dev.turboreplay.policy.Decision
import dev.turboreplay.policy.LaunchInput
import dev.turboreplay.policy.LaunchPolicy
import dev.turboreplay.policy.LaunchRecord
import dev.turboreplay.policy.PolicyInput
import dev.turboreplay.policy.RetryPolicy
import dev.turboreplay.policy.jsonLine
import java.io.File
import kotlin.system.exitProcess

/** What the error view's retry policy reads of a record; null: it only moves time. */
fun retryInput(record: TimedRecord): PolicyInput? = when (record.type) {
    "path" -> PolicyInput.Path(record.bool("online"))
    "presented" -> PolicyInput.Presented(record.string("surface"), record.error())
    "tap-retry" -> PolicyInput.TapRetry(record.string("surface"))
    "dismissed" -> PolicyInput.Dismissed(record.string("surface"))
    "foreground" -> PolicyInput.Foreground
    "launch" -> PolicyInput.Launch
    else -> null
}

/** What the launch policy reads of a record; null: it only moves time. */
fun launchInput(record: TimedRecord): LaunchInput? = when (record.type) {
    "launch" -> LaunchInput.Launch(record.bool("cold", true))
    "config" -> LaunchInput.Config(record.bool("offseason"), record.bool("tester", false))
    "bridge" -> LaunchInput.Bridge(record.string("component"), record.string("event"))
    "presented" -> LaunchInput.Presented(record.string("surface"), record.error())
    else -> null
}

fun replay(options: ReplayOptions): List<String> {
    val reader = NativeLogReader(options.path)
    reader.readMeta()
    val lines = ArrayList<String>()
    if (options.command == "native") {
        val policy = RetryPolicy(options.policySettings(reader.platform))
        val decided = ArrayList<Decision>()
        while (true) {
            val record = reader.next() ?: break
            val input = retryInput(record)
            if (input != null) policy.send(input, record.t, decided) else policy.advance(record.t, decided)
        }
        policy.finish(decided)
        decided.mapTo(lines) { it.jsonLine() }
    } else {
        val policy = LaunchPolicy(options.launchSettings(reader.platform))
        val decided = ArrayList<LaunchRecord>()
        while (true) {
            val record = reader.next() ?: break
            val input = launchInput(record)
            if (input != null) policy.send(input, record.t, decided) else policy.advance(record.t, decided)
        }
        policy.finish(decided)
        decided.mapTo(lines) { it.jsonLine() }
    }
    return lines
}

fun main(arguments: Array<String>) {
    if (arguments.size != 2) {
        System.err.println("usage: PolicyDriver JOBS OUT")
        exitProcess(64)
    }
    val out = File(arguments[1])
    out.mkdirs()
    var failed = false
    File(arguments[0]).readLines().filter { it.isNotBlank() }.forEachIndexed { index, job ->
        try {
            val lines = replay(ReplayOptions(job.trim().split(Regex(" +"))))
            File(out, "${index + 1}").writeBytes(lines.joinToString("") { it + "\n" }.toByteArray(Charsets.UTF_8))
        } catch (problem: Exception) {
            System.err.println("PolicyDriver: job ${index + 1} ($job): ${problem.message}")
            failed = true
        }
    }
    if (failed) exitProcess(65)
}
