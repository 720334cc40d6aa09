// The Kotlin logger where a phone is hostile to it, as Tests/TurboReplayLogTests/AcrossLaunchesTests
// holds the Swift one: two processes, and two logs of one JVM, writing one file at once; a disk
// that fills mid-line; a rotation that cannot happen; values the readers refuse; a thread that
// was interrupted. Each file it makes is read by `turbo-replay` (native, native --explain,
// explain, launch, stats) with exit 0 and no --lenient. The relaunches, cuts and the rest of a
// file's life across launches are android/calls/relaunch.calls, which both loggers run.
//
//     AcrossLaunchesTest DIR TURBO_REPLAY
import dev.turboreplay.log.AppLog
import dev.turboreplay.log.LogRecord
import dev.turboreplay.log.MonotonicClock
import dev.turboreplay.log.SystemMonotonicClock
import dev.turboreplay.policy.NativeError
import dev.turboreplay.policy.Platform
import java.io.File
import java.util.concurrent.TimeUnit
import kotlin.concurrent.thread
import kotlin.system.exitProcess

var problems = 0

fun survives(condition: Boolean, what: String) {
    if (condition) return
    System.err.println("AcrossLaunchesTest: FAILED: $what")
    problems += 1
}

class FixedClock(private val ms: Double) : MonotonicClock {
    override fun now() = ms
}

class Commands(private val tool: String) {
    /** Every command that reads a native log reads [file] with exit 0, no --lenient. */
    fun read(file: File, what: String) {
        for (command in listOf(listOf("native"), listOf("native", "--explain"), listOf("explain"), listOf("launch"), listOf("stats"))) {
            val process = ProcessBuilder(listOf(tool) + command + file.path).redirectErrorStream(true).start()
            val said = process.inputStream.readBytes().toString(Charsets.UTF_8)
            survives(process.waitFor() == 0, "$what: turbo-replay ${command.joinToString(" ")} ${file.path} exited ${process.exitValue()}: ${said.take(400)}")
        }
    }
}

val javaBinary: String = File(System.getProperty("java.home"), "bin/java").path
val classpath: String = System.getProperty("java.class.path")

fun scratch(dir: File, name: String): File = File(dir, name).also { it.deleteRecursively(); it.mkdirs() }

fun times(lines: List<String>): List<Double> = lines.map { Regex("^\\{\"t\":([^,]+),").find(it)!!.groupValues[1].toDouble() }

/**
 * Two processes log 5000 records each at once: one meta a file, every line whole, t never back,
 * none lost. With [maxBytes] small, both rotate the log again and again: each sees the other's
 * rotation (a new file at the path) before it writes, so no line goes into a file moved aside
 * and every file stays within its bound.
 */
fun twoProcesses(dir: File, commands: Commands, maxBytes: Long): String {
    val what = if (maxBytes < 1_000_000) "two processes rotating" else "two processes"
    val folder = scratch(dir, what.replace(' ', '-'))
    val log = File(folder, "app.jsonl")
    // Both wait at their start for a lock a third process holds, so that they write at once.
    val holder = LockHolder(log)
    val writers = listOf("a", "b").map { name ->
        val calls = File(folder, "$name.calls")
        calls.writeText("clock real\nlog android now $maxBytes 16\nrepeat 5000 tap-retry \"tab:$name\"\n")
        ProcessBuilder(javaBinary, "-cp", classpath, "ScriptDriverKt", calls.path, log.path).inheritIO().start()
    }
    Thread.sleep(1000)
    survives(!log.exists(), "$what: neither touched the file while a third held its lock")
    holder.release()
    for (writer in writers) survives(writer.waitFor(120, TimeUnit.SECONDS) && writer.exitValue() == 0, "$what: a writer exited 0")
    // Oldest first: NAME.16 … NAME.1, NAME.
    val files = (16 downTo 1).map { File("${log.path}.$it") }.filter { it.exists() } + log
    val written = ArrayList<String>()
    for (file in files) {
        val lines = file.readLines()
        survives(lines.first().startsWith("""{"type":"meta""""), "$what: ${file.name} starts with its meta")
        survives(lines.count { it.contains(""""type":"meta"""") } == 1, "$what: one meta in ${file.name}")
        survives(file.length() <= maxBytes, "$what: ${file.name} within its bound (${file.length()} bytes)")
        written.addAll(lines.drop(1))
    }
    survives((maxBytes < 1_000_000) == (files.size > 1), "$what: ${files.size} files")
    for (name in listOf("a", "b")) {
        survives(written.count { it.endsWith(""""type":"tap-retry","surface":"tab:$name"}""") } == 5000, "$what: $name's 5000 lines, whole")
    }
    survives(written.size == 10_000, "$what: 10000 lines and nothing else, got ${written.size}")
    val t = times(written)
    survives(t.zipWithNext().all { (a, b) -> b >= a }, "$what: t never goes back, from file to file")
    val switches = written.zipWithNext().count { (a, b) -> a.takeLast(4) != b.takeLast(4) }
    survives(switches > 10, "$what: their lines interleave (the writers ran at once): $switches switches")
    for (file in files) commands.read(file, what)
    return "$what wrote 10000 whole lines into one log (${files.size} files), t never back ($switches switches between them)"
}

/** Two logs of one JVM on one path share its lock: no OverlappingFileLockException, nothing lost; one closing leaves the other locked. */
fun twoLogsOneJvm(dir: File, commands: Commands): String {
    val folder = scratch(dir, "one-jvm")
    val file = File(folder, "app.jsonl")
    val first = AppLog(file.path, Platform.ANDROID, null, SystemMonotonicClock, 100_000_000L, 1)
    val second = AppLog(file.path, Platform.ANDROID, null, SystemMonotonicClock, 100_000_000L, 1)
    val threads = listOf(first, second, first, second).mapIndexed { index, log ->
        thread { for (n in 0 until 2000) log.log(LogRecord.TapRetry("w$index")) }
    }
    threads.forEach { it.join() }
    survives(first.droppedSinceLastReport == 0 && second.droppedSinceLastReport == 0, "one JVM: nothing dropped")
    first.close()
    val lines = file.readLines()
    survives(lines.count { it.contains(""""type":"meta"""") } == 1 && lines.size == 8001, "one JVM: one meta and 8000 lines, got ${lines.size}")
    survives(times(lines.drop(1)).zipWithNext().all { (a, b) -> b >= a }, "one JVM: t never goes back")
    // The first log's close() let the lock file go only when no log of the JVM needed it: the
    // second still waits for another process's lock.
    val holder = LockHolder(file)
    val size = file.length()
    val late = thread { second.log(LogRecord.Foreground) }
    late.join(300)
    survives(late.isAlive && file.length() == size, "one JVM: the second log waits for another process's lock after the first closed")
    holder.release()
    late.join(10_000)
    second.close()
    survives(file.length() > size && file.readLines().last().endsWith(""""type":"foreground"}"""), "one JVM: the second log wrote once the lock was free")
    commands.read(file, "one JVM")
    return "two logs of one JVM share the file's lock"
}

/**
 * A full disk mid-line (a file-size limit of 4 KiB with SIGXFSZ ignored, on a child JVM): the
 * short write is taken back, no NUL, no torn line, and the drops are counted.
 */
fun fullDisk(dir: File, commands: Commands, mode: List<String>): String {
    val folder = scratch(dir, "full-disk" + mode.joinToString("") { "-$it" })
    val log = File(folder, "app.jsonl")
    val calls = File(folder, "calls")
    calls.writeText("clock 0\nlog android 1796119199000 100000000 1\nrepeat 200 tap-retry \"tab:home\"\nprint-dropped\n")
    val command = "trap '' XFSZ; ulimit -f 4; exec \"$@\""
    val child = ProcessBuilder(listOf("bash", "-c", command, "bash", javaBinary, "-XX:-UsePerfData", "-cp", classpath, "ScriptDriverKt") + mode + listOf(calls.path, log.path))
        .redirectError(ProcessBuilder.Redirect.INHERIT).start()
    val printed = child.inputStream.readBytes().toString(Charsets.UTF_8)
    survives(child.waitFor(60, TimeUnit.SECONDS) && child.exitValue() == 0, "full disk $mode: the driver exited 0")
    val bytes = log.readBytes()
    survives(bytes.size <= 4096 && bytes.last() == '\n'.toByte() && bytes.none { it == 0.toByte() }, "full disk $mode: at most 4096 bytes, ending with a line end, no NUL")
    val kept = log.readLines().drop(1)
    survives(kept.all { it == """{"t":0,"type":"tap-retry","surface":"tab:home"}""" }, "full disk $mode: every line kept is whole")
    survives(printed == "dropped ${200 - kept.size}\n" && kept.size > 50, "full disk $mode: ${kept.size} kept, the other ${200 - kept.size} counted; printed $printed")
    commands.read(log, "full disk")
    return "a full disk (${if (mode.isEmpty()) "synchronous" else "background"}): ${kept.size} lines whole, ${200 - kept.size} counted, no NUL"
}

/**
 * A half line on a full disk, under a relaunch whose `cut` line is longer than it (a child JVM
 * with a file-size limit just above the file): the short write of the cut line is taken back,
 * the half line with it, and what is left is the whole lines before it, no NUL; the record that
 * then finds no room is counted.
 */
fun fullDiskUnderHalfLine(dir: File, commands: Commands): String {
    val folder = scratch(dir, "full-disk-half-line")
    val log = File(folder, "app.jsonl")
    val calls = File(folder, "calls")
    // 82 lines of 48 bytes after a meta of 154: 4090 bytes, and a 1-byte half line.
    calls.writeText(
        "clock 0\nlog android 1796119199000 100000000 1\nrepeat 82 tap-retry \"tab:home\"\ncut \"{\"\n" +
            "clock 10\nlog android 1796119200000 100000000 1\ntap-retry \"tab:home\"\nprint-dropped\n"
    )
    val child = ProcessBuilder(
        listOf("bash", "-c", "trap '' XFSZ; ulimit -f 4; exec \"$@\"", "bash", javaBinary, "-XX:-UsePerfData", "-cp", classpath, "ScriptDriverKt", calls.path, log.path)
    ).redirectError(ProcessBuilder.Redirect.INHERIT).start()
    val printed = child.inputStream.readBytes().toString(Charsets.UTF_8)
    survives(child.waitFor(60, TimeUnit.SECONDS) && child.exitValue() == 0, "full disk under a half line: the driver exited 0")
    val bytes = log.readBytes()
    val lines = log.readLines()
    survives(bytes.last() == '\n'.toByte() && bytes.none { it == 0.toByte() }, "full disk under a half line: ends with a line end, no NUL")
    survives(
        lines.size == 83 && lines.drop(1).all { it == """{"t":0,"type":"tap-retry","surface":"tab:home"}""" },
        "full disk under a half line: the meta and the 82 whole lines, the half line gone: ${lines.takeLast(2)}"
    )
    survives(printed == "dropped 1\n", "full disk under a half line: the record with no room counted; printed $printed")
    commands.read(log, "full disk under a half line")
    return "a full disk under a half line: the cut line that did not fit taken back with the half line, ${bytes.size} bytes whole"
}

/** A rotation that cannot happen stops the file growing: no meta mid-file, never past its bound, every record counted. */
fun rotationRefused(dir: File, commands: Commands): String {
    val folder = scratch(dir, "rotation")
    val file = File(folder, "app.jsonl")
    // A directory with a file in it where the rotated file must go: the rename fails even for root.
    File(folder, "app.jsonl.1/in-the-way").let { it.parentFile.mkdirs(); it.createNewFile() }
    val log = AppLog(file.path, Platform.ANDROID, 1796119199000L, FixedClock(0.0), 400, 1)
    repeat(20) { log.log(LogRecord.TapRetry("tab:home")) }
    val full = file.readLines()
    survives(file.length() <= 400, "rotation: the file stays within its bound (${file.length()} bytes)")
    survives(full.count { it.contains(""""type":"meta"""") } == 1, "rotation: one meta")
    val dropped = log.droppedSinceLastReport
    survives(dropped == 20 - (full.size - 1) && dropped > 0, "rotation: every record not written is counted ($dropped)")
    File(folder, "app.jsonl.1").deleteRecursively()
    log.log(LogRecord.Foreground)
    log.close()
    survives(
        file.readLines().drop(1) == listOf("""{"t":0,"type":"dropped","count":$dropped,"reasons":{"io":$dropped}}""", """{"t":0,"type":"foreground"}"""),
        "rotation: once the way is clear it rotates, and the new file says what was dropped: ${file.readLines()}"
    )
    commands.read(File(folder, "app.jsonl.1"), "rotation")
    return "a rotation that cannot happen stops the file at its bound, $dropped records counted"
}

/** Values the readers refuse are dropped and counted, never written, never a throw. */
fun badValues(dir: File, commands: Commands): String {
    val folder = scratch(dir, "values")
    for (status in listOf(600, 99, -2, Int.MAX_VALUE, Int.MIN_VALUE)) {
        val file = File(folder, "status$status.jsonl")
        val log = AppLog(file.path, Platform.ANDROID, null, FixedClock(0.0))
        log.log(LogRecord.Presented("s", NativeError.Http(status)))
        log.log(LogRecord.Presented("s", NativeError.Http(-1)))
        log.close()
        survives(
            file.readLines().drop(1) == listOf(
                """{"t":0,"type":"dropped","count":1,"reasons":{"value":1}}""",
                """{"t":0,"type":"presented","surface":"s","error":{"kind":"http","status":-1}}"""
            ),
            "values: status $status is dropped as value: ${file.readLines()}"
        )
        commands.read(file, "values")
    }
    for (startedAt in listOf(Long.MIN_VALUE, Long.MAX_VALUE, -62_167_219_200_001L, 253_402_300_800_000L)) {
        val file = File(folder, "started$startedAt.jsonl")
        val log = AppLog(file.path, Platform.ANDROID, startedAt, FixedClock(0.0), logIds = countingIds(1))
        survives(log.droppedSinceLastReport == 1, "values: startedAt $startedAt is counted at once")
        log.log(LogRecord.Foreground)
        log.close()
        survives(
            file.readLines() == listOf(
                """{"type":"meta","version":1,"recording":"native","platform":"android","session":"00000000000000000000000000000001"}""",
                """{"t":0,"type":"dropped","count":1,"reasons":{"value":1}}""", """{"t":0,"type":"foreground"}"""
            ),
            "values: startedAt $startedAt is left out of meta and counted: ${file.readLines()}"
        )
    }
    // keep is bounded: Int.MAX_VALUE rotates as 16 would (it would otherwise try 2^31 renames a rotation).
    val file = File(folder, "keep.jsonl")
    val log = AppLog(file.path, Platform.ANDROID, null, FixedClock(0.0), 100, Int.MAX_VALUE)
    repeat(40) { log.log(LogRecord.Foreground) }
    log.close()
    survives(File("${file.path}.16").exists() && !File("${file.path}.17").exists(), "values: keep Int.MAX_VALUE keeps 16 files")
    survives(log.droppedSinceLastReport == 0, "values: keep Int.MAX_VALUE drops nothing")
    val negative = AppLog(File(folder, "none.jsonl").path, Platform.ANDROID, null, FixedClock(0.0), 100, -5)
    repeat(10) { negative.log(LogRecord.Foreground) }
    negative.close()
    survives(!File(folder, "none.jsonl.1").exists() && File(folder, "none.jsonl").readLines().size == 2, "values: keep -5 keeps none, as 0")
    return "statuses 600, 99, -2, Int.MAX_VALUE, Int.MIN_VALUE and startedAt outside 0000-9999 counted as value; keep clamped to 0...16"
}

/**
 * A thread whose interrupt status is set still takes the lock and logs (FileChannel.lock() would
 * throw and close the channel under it), and keeps its status.
 */
fun interrupted(dir: File): String {
    val folder = scratch(dir, "interrupted")
    val file = File(folder, "app.jsonl")
    val log = AppLog(file.path, Platform.ANDROID, null, FixedClock(0.0))
    val size = file.length()
    val holder = LockHolder(file)
    var kept = false
    val interrupted = thread {
        Thread.currentThread().interrupt()
        log.log(LogRecord.Foreground)
        kept = Thread.currentThread().isInterrupted
    }
    interrupted.join(300)
    survives(interrupted.isAlive && file.length() == size, "interrupted: the thread waits for the lock another process holds")
    holder.release()
    interrupted.join(10_000)
    log.log(LogRecord.Launch())
    log.close()
    survives(kept, "interrupted: the thread is still interrupted after it logged")
    survives(file.readLines().size == 3 && log.droppedSinceLastReport == 0, "interrupted: every line written, got ${file.readLines()}")
    return "an interrupted thread waits for the lock, logs, and stays interrupted"
}

fun main(arguments: Array<String>) {
    if (arguments.size != 2) {
        System.err.println("usage: AcrossLaunchesTest DIR TURBO_REPLAY")
        exitProcess(64)
    }
    val dir = File(arguments[0]).also { it.mkdirs() }
    val commands = Commands(arguments[1])
    val sections = listOf(
        { twoProcesses(dir, commands, 100_000_000) },
        { twoProcesses(dir, commands, 50_000) },
        { twoLogsOneJvm(dir, commands) },
        { fullDisk(dir, commands, listOf()) },
        { fullDisk(dir, commands, listOf("--background", "4096")) },
        { fullDiskUnderHalfLine(dir, commands) },
        { rotationRefused(dir, commands) },
        { badValues(dir, commands) },
        { interrupted(dir) }
    )
    for (section in sections) {
        val before = problems
        val held = section()
        if (problems == before) println("AcrossLaunchesTest: $held")
    }
    if (problems > 0) exitProcess(1)
}
