// Checks AppLog's defaults: the clock (SystemMonotonicClock: android.os.SystemClock's
// elapsedRealtimeNanos() when the class is there, System.nanoTime() on a plain JVM) and
// startedAt (the wall clock when the log is made).
//
//     DefaultsTest jvm DIR                 a plain JVM: nanoTime, and a log made with the defaults
//     DefaultsTest android NANOS           with a stand-in android.os.SystemClock on the classpath
//     DefaultsTest android-stub-throws     with a stand-in that throws, as the SDK's android.jar does
import dev.turboreplay.log.AppLog
import dev.turboreplay.log.LogRecord
import dev.turboreplay.log.SystemMonotonicClock
import dev.turboreplay.policy.Platform
import java.io.File
import java.time.Instant
import kotlin.system.exitProcess

fun expect(condition: Boolean, what: String) {
    if (condition) return
    System.err.println("DefaultsTest: FAILED: $what")
    exitProcess(1)
}

fun plainJvm(dir: File) {
    expect(SystemMonotonicClock.source == "nanoTime", "a plain JVM reads nanoTime, not ${SystemMonotonicClock.source}")
    val readings = (0 until 100_000).map { SystemMonotonicClock.now() }
    expect(readings.zipWithNext().all { (a, b) -> b >= a }, "the clock never goes back")
    val drift = Math.abs(SystemMonotonicClock.now() - System.nanoTime() / 1e6)
    expect(drift < 1000, "the clock is System.nanoTime() in ms (off by $drift)")

    dir.mkdirs()
    val file = File(dir, "defaults.jsonl")
    file.delete()
    val before = System.currentTimeMillis()
    val log = AppLog(file.path, Platform.ANDROID)
    val after = System.currentTimeMillis()
    log.log(LogRecord.Launch())
    Thread.sleep(20)
    log.log(LogRecord.Foreground)
    log.close()
    val lines = file.readLines()
    val startedAt = Regex("\"startedAt\":\"([^\"]+)\"").find(lines[0])?.groupValues?.get(1)
    val wall = startedAt?.let { Instant.parse(it).toEpochMilli() }
    expect(wall != null && wall >= before && wall <= after, "startedAt is the wall clock when the log was made: $startedAt, not in [$before, $after]")
    val times = lines.drop(1).map { Regex("\"t\":([0-9.]+)").find(it)!!.groupValues[1].toDouble() }
    expect(times.size == 2 && times[0] >= 0 && times[1] - times[0] >= 20 && times[1] < 5000, "t is ms on the default clock from the log's start: $times")
    println("DefaultsTest: a plain JVM reads nanoTime; startedAt is the wall clock")
}

fun main(arguments: Array<String>) {
    when (arguments.getOrNull(0)) {
        "jvm" -> plainJvm(File(arguments[1]))
        "android" -> {
            expect(SystemMonotonicClock.source == "elapsedRealtimeNanos", "with android.os.SystemClock present, it is read (read ${SystemMonotonicClock.source})")
            expect(SystemMonotonicClock.now() == arguments[1].toLong() / 1e6, "now() is elapsedRealtimeNanos() in ms, got ${SystemMonotonicClock.now()}")
            println("DefaultsTest: with android.os.SystemClock, elapsedRealtimeNanos() is read")
        }
        "android-stub-throws" -> {
            expect(SystemMonotonicClock.source == "nanoTime", "a SystemClock that throws counts as absent (read ${SystemMonotonicClock.source})")
            println("DefaultsTest: a SystemClock that throws (the SDK's stub) falls back to nanoTime")
        }
        else -> {
            System.err.println("usage: DefaultsTest jvm DIR | android NANOS | android-stub-throws")
            exitProcess(64)
        }
    }
}
