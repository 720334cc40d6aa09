// Checks the background writing mode of AppLog (WriteMode.Background): lines are written in
// the order their times were read, a full queue drops and counts (`queue`), flush() waits for
// what was queued, close() stops the thread, and the JVM shutdown hook flushes. Another process
// holding the log's lock (NAME.lock) stands in for a disk that does not take writes yet: the
// log's thread waits for the lock before it touches the file, until the test lets the lock go,
// so what fills the queue, and when, is decided here, not by a race.
//
//     BackgroundWritingTest DIR            runs every check in DIR (exit 1 on a failure)
//     BackgroundWritingTest hook-child FIFO    the child process of the shutdown-hook check
import dev.turboreplay.log.AppLog
import dev.turboreplay.log.LogRecord
import dev.turboreplay.log.MonotonicClock
import dev.turboreplay.log.WriteMode
import dev.turboreplay.policy.Platform
import java.io.File
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicLong
import kotlin.concurrent.thread
import kotlin.system.exitProcess

/** Reads 0 when the log is made, then 1, 2, 3…: each reading is the call's place in order. */
class StepClock : MonotonicClock {
    private val readings = AtomicLong(-1)
    override fun now() = readings.incrementAndGet().toDouble()
}

var failures = 0

fun check(condition: Boolean, what: String) {
    if (condition) return
    System.err.println("BackgroundWritingTest: FAILED: $what")
    failures += 1
}

fun logWriterThreads() = Thread.getAllStackTraces().keys.count { it.name == "turbo-replay-log" && it.isAlive }

/** Four threads log at once: every line is written, in the order the clock was read. */
fun order(dir: File) {
    val file = File(dir, "order.jsonl").also { it.delete() }
    val log = AppLog(file.path, Platform.ANDROID, null, StepClock(), 64L shl 20, 1, WriteMode.Background(100_000), logIds = countingIds(1))
    val threads = (0 until 4).map { writer ->
        thread { for (index in 0 until 5000) log.log(LogRecord.AppScreen("w$writer-$index")) }
    }
    threads.forEach { it.join() }
    log.flush()
    // Read right after flush(): everything logged before it is on disk.
    val lines = file.readLines()
    log.close()
    check(lines.size == 20_001, "order: 20000 lines and the meta after flush(), got ${lines.size}")
    check(lines.first() == """{"type":"meta","version":1,"recording":"native","platform":"android","session":"00000000000000000000000000000001"}""", "order: the meta first")
    val times = lines.drop(1).map { Regex("\"t\":([0-9]+)").find(it)!!.groupValues[1].toLong() }
    check(times == (1L..20_000L).toList(), "order: t is 1, 2, … 20000, the order the clock was read in")
    for (writer in 0 until 4) {
        val own = lines.filter { it.contains("\"w$writer-") }.map { Regex("w$writer-([0-9]+)").find(it)!!.groupValues[1].toInt() }
        check(own == (0 until 5000).toList(), "order: thread $writer's lines in its own call order")
    }
    check(log.droppedSinceLastReport == 0, "order: nothing dropped")
}

/** A queue of 8 with a writer that cannot write yet: 8 are kept, 12 dropped and counted, reported before the next line. */
fun overflow(dir: File) {
    val file = File(dir, "overflow.jsonl").also { it.delete() }
    val holder = LockHolder(file)
    val log = AppLog(file.path, Platform.IOS, null, StepClock(), 4L shl 20, 1, WriteMode.Background(8), logIds = countingIds(1))
    for (index in 1..20) log.log(LogRecord.Path(index % 2 == 0))
    check(log.droppedSinceLastReport == 12, "overflow: 12 counted, got ${log.droppedSinceLastReport}")
    check(!log.flush(200), "overflow: flush(200) gives up while the writer cannot write")
    check(!file.exists(), "overflow: nothing touched the file while another process held its lock")
    holder.release()
    log.flush()
    check(log.droppedSinceLastReport == 12, "overflow: still 12 waiting for the next line, got ${log.droppedSinceLastReport}")
    log.log(LogRecord.Foreground)
    log.flush()
    check(log.droppedSinceLastReport == 0, "overflow: reported")
    log.close()
    val expected = listOf("""{"type":"meta","version":1,"recording":"native","platform":"ios","session":"00000000000000000000000000000001"}""") +
        (1..8).map { """{"t":$it,"type":"path","online":${it % 2 == 0}}""" } +
        listOf("""{"t":21,"type":"dropped","count":12,"reasons":{"queue":12}}""", """{"t":21,"type":"foreground"}""")
    val text = file.readText()
    check(text == expected.joinToString("") { it + "\n" }, "overflow: the file is\n${expected.joinToString("\n")}\ngot\n$text")
}

/** flush() waits while the writer cannot write, and returns once it has written. */
fun flushWaits(dir: File) {
    val file = File(dir, "flush.jsonl").also { it.delete() }
    val holder = LockHolder(file)
    val log = AppLog(file.path, Platform.ANDROID, null, StepClock(), 4L shl 20, 1, WriteMode.Background(16))
    log.log(LogRecord.Launch())
    val flushed = java.util.concurrent.CountDownLatch(1)
    thread { log.flush(); flushed.countDown() }
    check(!flushed.await(300, TimeUnit.MILLISECONDS), "flush: still waiting after 300 ms while another process holds the lock")
    holder.release()
    check(flushed.await(10, TimeUnit.SECONDS), "flush: returned once the writer could write")
    // Read right after flush(), before close(): it is on disk.
    val lines = file.readLines()
    log.close()
    check(lines.getOrNull(1) == """{"t":1,"type":"launch","cold":true}""", "flush: the launch was written, got $lines")
}

/** close() flushes, ends the thread and closes the file; a record after it is dropped, never written. */
fun close(dir: File) {
    val file = File(dir, "close.jsonl").also { it.delete() }
    val before = logWriterThreads()
    val log = AppLog(file.path, Platform.ANDROID, null, StepClock(), 4L shl 20, 1, WriteMode.Background(16))
    check(logWriterThreads() == before + 1, "close: one thread of its own while open")
    log.log(LogRecord.Foreground)
    log.close()
    check(logWriterThreads() == before, "close: the thread ended")
    val size = file.length()
    check(file.readLines().size == 2, "close: the meta and the line logged before close()")
    log.log(LogRecord.Foreground)
    log.close()
    check(file.length() == size, "close: nothing written after close()")
    check(log.droppedSinceLastReport == 1, "close: the record after close() counted")
}

/** A process that ends without flush(): the shutdown hook writes what was queued. */
fun shutdownHook(dir: File, classpath: String) {
    val file = File(dir, "hook.jsonl").also { it.delete() }
    val holder = LockHolder(file)
    val java = File(System.getProperty("java.home"), "bin/java").path
    val child = ProcessBuilder(java, "-cp", classpath, "BackgroundWritingTestKt", "hook-child", file.path)
        .redirectError(ProcessBuilder.Redirect.INHERIT).start()
    val said = child.inputStream.bufferedReader().readLine()
    check(said == "logged", "hook: the child logged its records (said $said)")
    // The child's main has returned: the JVM is shutting down, its writer still waiting for the lock.
    Thread.sleep(300)
    check(!file.exists(), "hook: nothing written while the lock was held")
    holder.release()
    check(child.waitFor(10, TimeUnit.SECONDS) && child.exitValue() == 0, "hook: the child exited with 0")
    val lines = file.readLines()
    check(lines.size == 6 && lines.drop(1).all { it.endsWith(""""type":"foreground"}""") }, "hook: the meta and 5 lines reached the file, got $lines")
}

fun hookChild(path: String) {
    val log = AppLog(path, Platform.ANDROID, null, StepClock(), 4L shl 20, 1, WriteMode.Background(16))
    repeat(5) { log.log(LogRecord.Foreground) }
    println("logged")
    System.out.flush()
    // No flush(), no close(): main returns and the JVM exits, with the writer still waiting.
}

fun main(arguments: Array<String>) {
    if (arguments.size == 2 && arguments[0] == "hook-child") return hookChild(arguments[1])
    if (arguments.size != 1) {
        System.err.println("usage: BackgroundWritingTest DIR")
        exitProcess(64)
    }
    val dir = File(arguments[0])
    dir.mkdirs()
    order(dir)
    overflow(dir)
    flushWaits(dir)
    close(dir)
    shutdownHook(dir, System.getProperty("java.class.path"))
    if (failures > 0) exitProcess(1)
    println("BackgroundWritingTest: order, overflow, flush, close and the shutdown hook hold")
}
