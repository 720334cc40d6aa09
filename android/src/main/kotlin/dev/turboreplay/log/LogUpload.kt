package dev.turboreplay.log

import java.io.File
import java.io.IOException
import java.io.RandomAccessFile
import java.net.HttpURLConnection
import java.net.URL
import java.security.MessageDigest

/** One part's request: `PUT <base>/native/<LOGID>/<PART>?parts=<COUNT>`, its headers and body. */
class PartUpload(val url: String, val headers: Map<String, String>, val body: ByteArray)

/** What carries a part to the collector: [HttpTransport] by default; a test gives its own. */
interface UploadTransport {
    /** The answer's HTTP status; throws [IOException] when no answer came (no network, a timeout). */
    fun put(upload: PartUpload): Int
}

/** `PUT` through [HttpURLConnection], 30 s to connect and 60 s to read. */
object HttpTransport : UploadTransport {
    override fun put(upload: PartUpload): Int {
        val connection = URL(upload.url).openConnection() as HttpURLConnection
        try {
            connection.requestMethod = "PUT"
            connection.doOutput = true
            connection.connectTimeout = 30_000
            connection.readTimeout = 60_000
            connection.setFixedLengthStreamingMode(upload.body.size)
            for ((name, value) in upload.headers) connection.setRequestProperty(name, value)
            connection.outputStream.use { it.write(upload.body) }
            val status = connection.responseCode
            // The answer's body is one line of text; read it so the connection can be reused.
            try { (if (status < 400) connection.inputStream else connection.errorStream)?.use { it.readBytes() } } catch (ignored: IOException) {}
            return status
        } finally {
            connection.disconnect()
        }
    }
}

/**
 * How long to wait before trying a part again: the wait after the n-th failure (n from 1) is
 * `min(maximumMillis, initialMillis × multiplier^(n−1))` scaled by a random factor in
 * [1 − jitter, 1], so that a fleet coming back online does not retry in step. The Swift
 * uploader's `Backoff`.
 */
data class Backoff @JvmOverloads constructor(
    val initialMillis: Long = 2000,
    val multiplier: Double = 2.0,
    val maximumMillis: Long = 300_000,
    val jitter: Double = 0.5,
    /** Tries of one part in one pass; after them the pass stops and the file waits for the next. */
    val attempts: Int = 6
) {
    fun delayMillis(failure: Int, random: Double): Long {
        var wait = Math.max(initialMillis, 0L).toDouble()
        for (step in 1 until Math.max(failure, 1)) if (wait < maximumMillis) wait *= Math.max(multiplier, 1.0)
        val share = 1 - Math.min(Math.max(jitter, 0.0), 1.0) * Math.min(Math.max(random, 0.0), 1.0)
        return (Math.min(wait, maximumMillis.toDouble()) * share).toLong()
    }
}

/** What a pass of the uploader did with a file. The Swift uploader's `UploadEvent`. */
sealed class UploadEvent {
    /** Every part answered 2xx: the file was deleted. */
    data class Uploaded(val logId: String, val path: String, val parts: Int) : UploadEvent()

    /** 409: the collector holds other bytes under this part; the file is kept and not sent again by this uploader. */
    data class Conflict(val logId: String, val path: String, val part: Int) : UploadEvent()

    /** The part was not taken after every try of this pass (status null: no answer); the file waits for the next pass. */
    data class Failed(val logId: String, val path: String, val part: Int, val status: Int?) : UploadEvent()

    /** A rotated file that is no closed log of this logger: left alone. */
    data class Skipped(val path: String) : UploadEvent()
}

/**
 * A closed log file as the collector takes it: its log id, its parts (whole lines, at most
 * [partLimit] bytes unless one line is longer) and the SHA-256 of each and of the file, read in
 * place. Null from [read] when the file is no log this logger closed.
 */
internal class LogParts(val logId: String, val parts: List<Part>, val sha256: String) {
    class Part(val offset: Long, val length: Int, val sha256: String)

    companion object {
        fun read(file: RandomAccessFile, partLimit: Int): LogParts? {
            val whole = MessageDigest.getInstance("SHA-256")
            val parts = ArrayList<Part>()
            var offset = 0L
            var carry = ByteArray(0)
            var logId: String? = null
            while (true) {
                val want = if (carry.size < partLimit) partLimit - carry.size else 65_536
                val chunk = ByteArray(want)
                var got = 0
                while (got < want) { val n = file.read(chunk, got, want - got); if (n < 0) break; got += n }
                val buffer = carry + chunk.copyOf(got)
                if (buffer.isEmpty()) break
                if (logId == null) logId = logIdOfFirstLine(buffer) ?: return null
                if (got < want && buffer.last() != '\n'.toByte()) return null
                var end = lastLineEnd(buffer, Math.min(partLimit, buffer.size))
                if (end < 0) end = buffer.indexOf('\n'.toByte()).let { if (it < 0) -1 else it + 1 }
                if (end < 0) { carry = buffer; continue }
                whole.update(buffer, 0, end)
                parts.add(Part(offset, end, hex(MessageDigest.getInstance("SHA-256").digest(buffer.copyOf(end)))))
                offset += end
                carry = buffer.copyOfRange(end, buffer.size)
            }
            if (logId == null || parts.isEmpty()) return null
            return LogParts(logId, parts, hex(whole.digest()))
        }

        /** The end (after its line end) of the last line ending within the first [limit] bytes, or -1. */
        private fun lastLineEnd(buffer: ByteArray, limit: Int): Int {
            for (index in limit - 1 downTo 0) if (buffer[index] == '\n'.toByte()) return index + 1
            return -1
        }

        /** The `session` of a native log's `meta` line as the loggers write it, when it is a log id. */
        fun logIdOfFirstLine(bytes: ByteArray): String? {
            val end = bytes.indexOf('\n'.toByte())
            if (end < 0) return null
            val line = String(bytes, 0, end, Charsets.UTF_8)
            if (!line.startsWith("{\"type\":\"meta\",") || !line.contains("\"recording\":\"native\"")) return null
            val key = ",\"session\":\""
            val start = line.indexOf(key).takeIf { it >= 0 }?.plus(key.length) ?: return null
            val close = line.indexOf('"', start).takeIf { it >= 0 } ?: return null
            val id = line.substring(start, close)
            return id.takeIf { it.length == 32 && it.all { c -> c in '0'..'9' || c in 'a'..'f' } }
        }

        fun hex(bytes: ByteArray): String = bytes.joinToString("") { String.format(java.util.Locale.ROOT, "%02x", it) }
    }
}
