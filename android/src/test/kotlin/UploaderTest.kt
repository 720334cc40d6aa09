// The Kotlin uploader (dev.turboreplay.log.LogUploader), as UploaderTests holds the Swift one:
// with a collector in memory (retries and their waits, deletion only after every part, a part
// that fails every try, a pass cut short taken up by a new uploader, 409), then over real
// sockets with HttpURLConnection to script/collector-stub (a token, a storage failing at first,
// three parts stored byte for byte, 409 for other bytes under one id).
//
//     java -cp … UploaderTestKt SCRATCH_DIR script/collector-stub
import dev.turboreplay.log.AppLog
import dev.turboreplay.log.AppVersion
import dev.turboreplay.log.Backoff
import dev.turboreplay.log.LogId
import dev.turboreplay.log.LogRecord
import dev.turboreplay.log.LogUploader
import dev.turboreplay.log.PartUpload
import dev.turboreplay.log.UploadEvent
import dev.turboreplay.log.UploadTransport
import dev.turboreplay.policy.Platform
import java.io.File
import java.io.IOException
import java.security.MessageDigest
import java.util.concurrent.TimeUnit
import kotlin.system.exitProcess

fun sha256(bytes: ByteArray): String = MessageDigest.getInstance("SHA-256").digest(bytes).joinToString("") { "%02x".format(it) }

fun uploadExpect(condition: Boolean, what: String) {
    if (!condition) {
        System.err.println("UploaderTest: $what")
        exitProcess(1)
    }
}

/** The protocol's collector in memory; [script] answers first (null: no answer). */
class MemoryCollector : UploadTransport {
    val requests = ArrayList<PartUpload>()
    val held = LinkedHashMap<String, ByteArray>()
    val script = ArrayList<Int?>()

    override fun put(upload: PartUpload): Int {
        requests.add(upload)
        if (script.isNotEmpty()) {
            val answer = script.removeAt(0) ?: throw IOException("no network")
            if (answer != 200) return answer
        }
        if (sha256(upload.body) != upload.headers["X-TurboReplay-SHA256"]) return 422
        val old = held[upload.url]
        if (old != null) return if (old.contentEquals(upload.body)) 200 else 409
        held[upload.url] = upload.body
        return 201
    }

    fun assembled(): ByteArray = held.entries.sortedBy { it.key.substringAfterLast('/').substringBefore('?').toInt() }.fold(ByteArray(0)) { all, it -> all + it.value }
}

/** A log of [lines] lines, ended into NAME.1; its bytes and id. */
fun closedLog(dir: File, name: String, lines: Int, first: Long = 0xabc): Pair<ByteArray, String> {
    val path = File(dir, name).path
    val log = AppLog(path, Platform.ANDROID, null, FixedClock(0.0), keep = 4, app = AppVersion("2.3.1"), logIds = countingIds(first))
    for (index in 0 until lines) log.log(LogRecord.AppScreen("screen number $index of the day"))
    uploadExpect(log.endFile(), "$name: endFile moved the file aside")
    log.close()
    return File("$path.1").readBytes() to LogId(0, first).text
}

fun inMemory(dir: File) {
    // Every part with its hashes and the token; deleted after the last 2xx.
    var (bytes, id) = closedLog(dir, "all.jsonl", 100)
    var collector = MemoryCollector()
    var events = LogUploader(File(dir, "all.jsonl").path, "http://c.example/c/", "s3cret", partLimit = 2000, transport = collector).uploadPending()
    val count = collector.requests.size
    uploadExpect(count > 2 && events == listOf(UploadEvent.Uploaded(id, File(dir, "all.jsonl.1").path, count)), "all: $events")
    for ((index, request) in collector.requests.withIndex()) {
        uploadExpect(request.url == "http://c.example/c/native/$id/$index?parts=$count", "all: url ${request.url}")
        uploadExpect(request.headers["X-TurboReplay-File-SHA256"] == sha256(bytes) && request.headers["Authorization"] == "Bearer s3cret", "all: headers")
        uploadExpect(request.body.size <= 2000 && request.body.last() == '\n'.toByte(), "all: part $index is whole lines within the limit")
    }
    uploadExpect(collector.assembled().contentEquals(bytes) && !File(dir, "all.jsonl.1").exists() && File(dir, "all.jsonl").exists(), "all: stored whole, deleted, the current file kept")

    // Retries after waits that grow, capped, with jitter.
    closedLog(dir, "retry.jsonl", 3)
    collector = MemoryCollector().apply { script.addAll(listOf(503, null, 408, 429, 500)) }
    val waits = ArrayList<Long>()
    events = LogUploader(File(dir, "retry.jsonl").path, "http://c.example/c", backoff = Backoff(2000, 3.0, 30_000, 0.5, 6), transport = collector, random = { 0.5 }, sleep = { waits.add(it) }).uploadPending()
    uploadExpect(events.single() is UploadEvent.Uploaded && waits == listOf(1500L, 4500L, 13500L, 22500L, 22500L) && collector.requests.size == 6, "retry: $events $waits")

    // A part failing every try keeps the file; a new uploader takes it up and deletes it.
    val partial = closedLog(dir, "partial.jsonl", 100)
    bytes = partial.first
    id = partial.second
    collector = MemoryCollector().apply { script.addAll(listOf(200, 503, 503, 503)) }
    val path = File(dir, "partial.jsonl").path
    events = LogUploader(path, "http://c.example/c", backoff = Backoff(attempts = 3), partLimit = 2000, transport = collector, sleep = {}).uploadPending()
    uploadExpect(events == listOf(UploadEvent.Failed(id, "$path.1", 1, 503)) && File("$path.1").exists(), "partial: $events")
    events = LogUploader(path, "http://c.example/c", backoff = Backoff(attempts = 3), partLimit = 2000, transport = collector, sleep = {}).uploadPending()
    uploadExpect(events.single() is UploadEvent.Uploaded && collector.assembled().contentEquals(bytes) && !File("$path.1").exists(), "resume: $events")

    // 409: kept, reported, not sent again.
    id = closedLog(dir, "conflict.jsonl", 100).second
    collector = MemoryCollector().apply { script.addAll(listOf(200, 409)) }
    val conflict = File(dir, "conflict.jsonl").path
    val uploader = LogUploader(conflict, "http://c.example/c", partLimit = 2000, transport = collector, sleep = {})
    uploadExpect(uploader.uploadPending() == listOf(UploadEvent.Conflict(id, "$conflict.1", 1)), "conflict: first pass")
    uploadExpect(uploader.uploadPending() == listOf(UploadEvent.Conflict(id, "$conflict.1", -1)) && collector.requests.size == 2 && File("$conflict.1").exists(), "conflict: kept")
}

fun overSockets(dir: File, stub: String) {
    val root = File(dir, "collected")
    val port = java.net.ServerSocket(0).use { it.localPort }
    val server = ProcessBuilder("python3", stub, "--root", root.path, "--port", "$port", "--token", "t0k", "--fail-first", "2")
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.INHERIT).start()
    try {
        val path = File(dir, "sockets.jsonl").path
        val log = AppLog(path, Platform.ANDROID, null, keep = 4, app = AppVersion("2.3.1", "231"), logIds = countingIds(77))
        log.webSession("tab-1")
        for (index in 0 until 30_000) log.log(LogRecord.AppScreen("screen $index of a day long enough to need three parts"))
        uploadExpect(log.endFile(), "sockets: endFile")
        log.close()
        val bytes = File("$path.1").readBytes()
        val id = LogId(0, 77).text
        val uploader = LogUploader(path, "http://127.0.0.1:$port", "t0k", Backoff(200, 1.5, 1000, 0.5, 30))
        val events = uploader.uploadPending()
        uploadExpect(events == listOf(UploadEvent.Uploaded(id, "$path.1", 3)), "sockets: $events")
        val stored = (0 until 3).map { File(root, "native/$id/%06d.part".format(it)).readBytes() }
        uploadExpect(stored.fold(ByteArray(0)) { all, it -> all + it }.contentEquals(bytes) && !File("$path.1").exists(), "sockets: stored byte for byte, deleted")
        val other = AppLog("$path-other", Platform.ANDROID, null, logIds = countingIds(77))
        other.log(LogRecord.Launch())
        other.endFile()
        other.close()
        uploadExpect(File("$path-other.1").renameTo(File("$path.1")), "sockets: a second file under the same id")
        uploadExpect(uploader.uploadPending() == listOf(UploadEvent.Conflict(id, "$path.1", 0)) && File("$path.1").exists(), "sockets: 409 keeps the file")
        val requests = File(root, "requests.log").readLines()
        uploadExpect(requests.take(2).all { it.endsWith(" 503") } && requests.count { it.endsWith(" 201") } == 3, "sockets: $requests")
    } finally {
        server.destroyForcibly()
        server.waitFor(10, TimeUnit.SECONDS)
    }
}

fun main(arguments: Array<String>) {
    val dir = File(arguments[0]).apply { deleteRecursively(); mkdirs() }
    inMemory(dir)
    overSockets(dir, arguments[1])
    println("UploaderTest: the Kotlin uploader: parts, hashes, token, retries (waits 1.5, 4.5, 13.5, 22.5, 22.5 s), deletion only after every part, a failed part kept and resumed, 409 kept; over sockets to the stand-in collector, three parts stored byte for byte")
}
