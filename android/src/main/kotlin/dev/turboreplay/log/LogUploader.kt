package dev.turboreplay.log

import java.io.File
import java.io.RandomAccessFile
import java.security.MessageDigest
import java.util.concurrent.Executors
import java.util.concurrent.ScheduledExecutorService
import java.util.concurrent.TimeUnit

/**
 * Uploads a log's closed files to the collector and deletes each once every part of it is
 * stored: the files a rotation moved aside (`NAME.1` … `NAME.16`, including those
 * [AppLog.endFile] closed), never `NAME` itself. Each file goes as parts of whole lines (at most
 * 1 MiB), each `PUT <base>/native/<LOGID>/<PART>?parts=<COUNT>` with its SHA-256 and the file's,
 * read in place. A part the collector already holds answers 2xx again, so a pass cut short (the
 * process killed, the network lost) is taken up by the next from the file's first part. Passes
 * run on a daemon thread of the uploader's own ([start]); nothing blocks the caller. The Swift
 * uploader's `LogUploader`, request for request.
 *
 * @param logPath the log's path, as given to [AppLog].
 * @param base where the collector is mounted: parts go to `<base>/native/…`.
 * @param token sent as `Authorization: Bearer TOKEN` when the collector has a shared token.
 * @param random draws in [0, 1) for the backoff's jitter; [sleep] waits (a test records instead).
 */
class LogUploader @JvmOverloads constructor(
    private val logPath: String,
    base: String,
    private val token: String? = null,
    private val backoff: Backoff = Backoff(),
    private val intervalMillis: Long = 300_000,
    private val partLimit: Int = 1 shl 20,
    private val transport: UploadTransport = HttpTransport,
    private val random: () -> Double = { Math.random() },
    private val sleep: (Long) -> Unit = { Thread.sleep(it) },
    private val events: (UploadEvent) -> Unit = {}
) {
    private val base = base.trimEnd('/')
    /** Log ids the collector answered 409 for: kept on disk, not sent again. */
    private val conflicts = HashSet<String>()
    private var executor: ScheduledExecutorService? = null

    /** Starts passes on a daemon thread: one now, then one every [intervalMillis], until [stop]. */
    @Synchronized
    fun start() {
        if (executor != null) return
        executor = Executors.newSingleThreadScheduledExecutor { Thread(it, "turbo-replay-upload").apply { isDaemon = true } }.also {
            it.scheduleWithFixedDelay({ try { uploadPending() } catch (error: Throwable) {} }, 0, Math.max(intervalMillis, 1000), TimeUnit.MILLISECONDS)
        }
    }

    @Synchronized
    fun stop() {
        executor?.shutdownNow()
        executor = null
    }

    /** One pass on the calling thread: every closed file, oldest first, until one cannot be sent now. */
    fun uploadPending(): List<UploadEvent> {
        val done = ArrayList<UploadEvent>()
        for (file in closedFiles()) {
            val event = upload(file)
            events(event)
            done.add(event)
            if (event is UploadEvent.Failed) break
        }
        return done
    }

    private fun closedFiles(): List<File> = (16 downTo 1).map { File("$logPath.$it") }.filter { it.isFile }

    private fun upload(file: File): UploadEvent {
        val access = try { RandomAccessFile(file, "r") } catch (error: Exception) { return UploadEvent.Skipped(file.path) }
        access.use {
            val log = try { LogParts.read(access, partLimit) } catch (error: Exception) { null } ?: return UploadEvent.Skipped(file.path)
            if (synchronized(conflicts) { log.logId in conflicts }) return UploadEvent.Conflict(log.logId, file.path, -1)
            for ((index, part) in log.parts.withIndex()) {
                val body = try { read(access, part) } catch (error: Exception) { return UploadEvent.Failed(log.logId, file.path, index, null) }
                val status = send(request(log, index, part, body))
                if (status == 409) {
                    synchronized(conflicts) { conflicts.add(log.logId) }
                    return UploadEvent.Conflict(log.logId, file.path, index)
                }
                if (status == null || status !in 200..299) return UploadEvent.Failed(log.logId, file.path, index, status)
            }
            remove(log.logId)
            return UploadEvent.Uploaded(log.logId, file.path, log.parts.size)
        }
    }

    /** Tries one part until it is answered for good (2xx, 409, a 4xx other than 408 and 429); null when no try got an answer. */
    private fun send(upload: PartUpload): Int? {
        var last: Int? = null
        for (attempt in 1..Math.max(backoff.attempts, 1)) {
            if (attempt > 1) {
                try { sleep(backoff.delayMillis(attempt - 1, random())) } catch (interrupted: InterruptedException) {
                    Thread.currentThread().interrupt()
                    return last
                }
            }
            last = try { transport.put(upload) } catch (error: Exception) { null }
            val status = last
            if (status != null && status < 500 && status != 408 && status != 429) return status
        }
        return last
    }

    private fun request(log: LogParts, index: Int, part: LogParts.Part, body: ByteArray): PartUpload {
        val headers = linkedMapOf("X-TurboReplay-SHA256" to part.sha256, "X-TurboReplay-File-SHA256" to log.sha256, "Content-Type" to "application/x-ndjson")
        if (token != null) headers["Authorization"] = "Bearer $token"
        return PartUpload("$base/native/${log.logId}/$index?parts=${log.parts.size}", headers, body)
    }

    private fun read(access: RandomAccessFile, part: LogParts.Part): ByteArray {
        val body = ByteArray(part.length)
        access.seek(part.offset)
        access.readFully(body)
        check(LogParts.hex(MessageDigest.getInstance("SHA-256").digest(body)) == part.sha256) { "the file changed under the upload" }
        return body
    }

    /** Deletes the file whose `meta` names [logId], wherever rotations moved it, under the log's lock (`NAME.lock`). */
    private fun remove(logId: String) {
        val lock = PathLock.acquire("$logPath.lock")
        try {
            lock.withLock {
                for (file in closedFiles()) {
                    val head = try { RandomAccessFile(file, "r").use { val bytes = ByteArray(Math.min(4096L, it.length()).toInt()); it.readFully(bytes); bytes } } catch (error: Exception) { continue }
                    if (LogParts.logIdOfFirstLine(head) == logId) {
                        file.delete()
                        return@withLock
                    }
                }
            }
        } finally {
            lock.release()
        }
    }
}
