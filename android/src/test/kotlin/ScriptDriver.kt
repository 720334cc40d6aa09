// Runs a script of logger calls (android/calls/*.calls) against the Kotlin AppLog, exactly as
// Tests/LogScript does against the Swift one: the log goes to the file named second, what the
// script asks to print to standard output. android/test compares the two byte for byte. Each
// `log` call is a new process: the log before it is closed. With `--background CAPACITY`
// first, the log writes from its background thread, and what it has queued is written before
// a call that looks at the file or the counts: with no queue overflow, the same bytes as the
// synchronous mode.
import dev.turboreplay.log.AndroidVisitError
import dev.turboreplay.log.AppLog
import dev.turboreplay.log.AppRetryKind
import dev.turboreplay.log.AppVersion
import dev.turboreplay.log.Backoff
import dev.turboreplay.log.LogUploader
import dev.turboreplay.log.UploadEvent
import dev.turboreplay.log.LogId
import dev.turboreplay.log.LogIdSource
import dev.turboreplay.log.RandomLogIds
import dev.turboreplay.log.IOSHandedError
import dev.turboreplay.log.LogRecord
import dev.turboreplay.log.MonotonicClock
import dev.turboreplay.log.SystemMonotonicClock
import dev.turboreplay.log.WriteMode
import dev.turboreplay.log.errorJson
import dev.turboreplay.log.startedAtText
import dev.turboreplay.policy.NativeError
import dev.turboreplay.policy.Platform
import dev.turboreplay.policy.TurboFailure
import dev.turboreplay.policy.formatMilliseconds
import java.io.File
import java.io.FileDescriptor
import java.io.FileOutputStream
import java.io.PrintStream
import kotlin.system.exitProcess

/** Words, quoted strings (kept as their UTF-16, lone surrogates included) and `-` (null). */
fun tokens(line: String): List<String?> {
    val result = ArrayList<String?>()
    var i = 0
    while (i < line.length) {
        when {
            line[i] == ' ' -> i++
            line[i] == '"' -> {
                val text = StringBuilder()
                i++
                while (line[i] != '"') {
                    if (line[i] == '\\') {
                        i++
                        when (line[i]) {
                            'n' -> text.append('\n')
                            't' -> text.append('\t')
                            'u' -> { text.append(line.substring(i + 1, i + 5).toInt(16).toChar()); i += 4 }
                            else -> text.append(line[i])
                        }
                    } else text.append(line[i])
                    i++
                }
                i++
                result.add(text.toString())
            }
            else -> {
                val end = line.indexOf(' ', i).let { if (it < 0) line.length else it }
                val word = line.substring(i, end)
                result.add(if (word == "-") null else word)
                i = end
            }
        }
    }
    return result
}

fun number(word: String?): Double = when (word) {
    "nan" -> Double.NaN
    "inf" -> Double.POSITIVE_INFINITY
    "-inf" -> Double.NEGATIVE_INFINITY
    else -> word!!.toDouble()
}

fun error(word: String): NativeError {
    val parts = word.split(":", limit = 2)
    return when (parts[0]) {
        "http" -> NativeError.Http(parts[1].toInt())
        "web" -> NativeError.WebCode(parts[1].toInt())
        "turbo" -> NativeError.Turbo(TurboFailure.fromKey(parts[1])!!)
        "ssl" -> NativeError.Ssl
        else -> NativeError.Load
    }
}

fun record(name: String, a: List<String?>): LogRecord? {
    fun at(i: Int) = a.getOrNull(i)
    return when (name) {
        "path" -> LogRecord.Path(at(0) == "true")
        "presented" -> LogRecord.Presented(at(0), error(at(1)!!), at(2))
        "tap-retry" -> LogRecord.TapRetry(at(0))
        "dismissed" -> LogRecord.Dismissed(at(0))
        "app-retry" -> LogRecord.AppRetry(at(0), AppRetryKind.fromKey(at(1)!!)!!)
        "foreground" -> LogRecord.Foreground
        "launch" -> LogRecord.Launch(at(0) != "false")
        "config" -> LogRecord.Config(at(0) == "true", at(1) == "true")
        "bridge" -> LogRecord.Bridge(at(0), at(1), at(2), at(3))
        "app-screen" -> LogRecord.AppScreen(at(0))
        "finish" -> LogRecord.Finish(at(0))
        "url-change" -> LogRecord.UrlChange(at(0))
        "cache-clear" -> LogRecord.CacheClear
        "cache-remove" -> LogRecord.CacheRemove(at(0))
        else -> null
    }
}

fun printed(name: String, a: List<String?>): String? = when (name) {
    "format" -> formatMilliseconds(number(a[0]))
    "started-at" -> startedAtText(a[0]!!.toLong()) ?: "-"
    "map-ios" -> errorJson(when (a[0]) {
        "http" -> IOSHandedError.Http(a[1]!!.toInt())
        "web" -> IOSHandedError.Web(a[1]!!.toInt(), a[2] == "true", a[3] == "true")
        else -> IOSHandedError.Load
    }.toNativeError())
    "map-android" -> errorJson(when (a[0]) {
        "http" -> AndroidVisitError.Http(a[1]!!.toInt())
        "web" -> AndroidVisitError.Web(a[1]!!.toInt())
        "ssl" -> AndroidVisitError.Ssl(a[1]!!.toInt())
        else -> AndroidVisitError.Load
    }.toNativeError())
    else -> null
}

/** The script's clock: set by `clock MS`, or the system's monotonic clock after `clock real`. */
class ScriptClock : MonotonicClock {
    var reading = 0.0
    var real = false
    override fun now() = if (real) SystemMonotonicClock.now() else reading
}

/**
 * The script's log ids: random ones, or after `ids N` the numbers N, N+1, … as 32 hex digits, so
 * that a script's bytes are known.
 */
class ScriptIds : LogIdSource {
    var counter: Long? = null
    override fun next(): LogId {
        val value = counter ?: return RandomLogIds.next()
        counter = value + 1
        return LogId(0, value)
    }
}

/** Log ids [first], [first] + 1, …: a test knows each file's id. */
fun countingIds(first: Long) = ScriptIds().also { it.counter = first }

/** One process's run of a script: the log it made last, in the write mode given. */
class Run(private val mode: WriteMode, private val path: String) {
    private val clock = ScriptClock()
    private val ids = ScriptIds()
    private var log: AppLog? = null
    private val out = PrintStream(FileOutputStream(FileDescriptor.out), false, "UTF-8")

    /**
     * In the background mode, what the log has queued is written before the script looks at
     * the file or the counts, as the synchronous mode has it written when `log` returns.
     */
    private fun settle() {
        log?.flush()
    }

    /** Runs one call; false when the call is unknown. */
    fun call(name: String, rest: List<String?>): Boolean {
        when (name) {
            "clock" -> {
                clock.real = rest[0] == "real"
                if (!clock.real) clock.reading = number(rest[0])
            }
            "ids" -> ids.counter = java.lang.Long.parseUnsignedLong(rest[0]!!)
            "log" -> {
                // Each `log` is a new process: the old log is let go, as a process that ends lets it go.
                log?.close()
                // `now`: the wall clock, as an app passes it. Then the app's version and build, if given.
                val wall = if (rest[1] == "now") System.currentTimeMillis() else rest[1]?.toLong()
                val app = if (rest.size > 4) AppVersion(rest[4] ?: "", rest.getOrNull(5)) else null
                log = AppLog(path, Platform.fromKey(rest[0]!!)!!, wall, clock, rest[2]!!.toLong(), rest[3]!!.toInt(), mode, app, ids)
            }
            // `-`: an empty id, which the logger refuses.
            "web-session" -> log?.webSession(rest[0] ?: "")
            "cut" -> {
                // A process that died mid-line: half a line, with no line end, at the file's end.
                settle()
                FileOutputStream(path, true).use { it.write(rest[0]!!.toByteArray(Charsets.UTF_8)) }
            }
            "empty" -> {
                // A process that died just after a rotation made the log's next file: it is empty.
                settle()
                FileOutputStream(path, false).close()
            }
            "block" -> {
                // A rotation that cannot happen: a directory, not empty, where a rotated file goes.
                settle()
                File(path + rest[0]!!).mkdirs()
                File(path + rest[0]!!, "in-the-way").createNewFile()
            }
            "unblock" -> {
                settle()
                File(path + rest[0]!!).deleteRecursively()
            }
            "end-file" -> out.print("end-file ${log?.endFile() ?: false}\n")
            "upload" -> {
                // `upload BASE [TOKEN]`: one pass of the uploader, each file's outcome printed.
                val uploader = LogUploader(path, rest[0]!!, rest.getOrNull(1), Backoff(200, 2.0, 2000, 0.5, 10))
                for (event in uploader.uploadPending()) out.print(when (event) {
                    is UploadEvent.Uploaded -> "uploaded ${event.logId} ${event.parts}\n"
                    is UploadEvent.Conflict -> "conflict ${event.logId} ${event.part}\n"
                    is UploadEvent.Failed -> "failed ${event.logId} ${event.part} ${event.status ?: "-"}\n"
                    is UploadEvent.Skipped -> "skipped ${event.path}\n"
                })
            }
            "print-dropped" -> {
                settle()
                out.print("dropped ${log?.droppedSinceLastReport ?: 0}\n")
            }
            "repeat" -> {
                // `repeat N CALL…`, or `repeat forever CALL…` until the process is killed.
                val count = if (rest[0] == "forever") Long.MAX_VALUE else rest[0]!!.toLong()
                for (index in 0 until count) if (!call(rest[1]!!, rest.drop(2))) return false
            }
            else -> {
                val output = printed(name, rest)
                val made = record(name, rest)
                when {
                    output != null -> out.print(output + "\n")
                    made != null && log != null -> log!!.log(made)
                    else -> return false
                }
            }
        }
        return true
    }

    fun finish() {
        log?.close()
        out.flush()
    }
}

fun main(given: Array<String>) {
    var mode: WriteMode = WriteMode.Synchronous
    var arguments = given.toList()
    if (arguments.firstOrNull() == "--background" && arguments.size > 1) {
        mode = WriteMode.Background(arguments[1].toInt())
        arguments = arguments.drop(2)
    }
    if (arguments.size != 2) { System.err.println("usage: ScriptDriver [--background CAPACITY] SCRIPT LOG"); exitProcess(64) }
    val run = Run(mode, arguments[1])
    // `forever`: the calls after it run again and again, until the process is killed.
    val calls = File(arguments[0]).readText().split("\n")
    var index = 0
    var loopStart: Int? = null
    while (index < calls.size || loopStart != null) {
        if (index == calls.size) index = loopStart!!
        val words = tokens(calls[index])
        index += 1
        val name = words.firstOrNull() ?: continue
        if (name.startsWith("#")) continue
        if (name == "forever") {
            loopStart = index
            continue
        }
        if (!run.call(name, words.drop(1))) {
            run.finish()
            System.err.println("${arguments[0]}:$index: unknown call $name")
            exitProcess(65)
        }
    }
    run.finish()
}
