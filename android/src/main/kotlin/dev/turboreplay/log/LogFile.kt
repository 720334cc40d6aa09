package dev.turboreplay.log

import java.io.File
import java.io.FileOutputStream

/**
 * The log on disk: a file opened for appending (`O_APPEND`), one `write(2)` per whole line,
 * so a process that dies at any instant leaves every line it finished whole and at most the
 * last one cut. Rotation keeps it bounded: when a line would take the file past [maxBytes],
 * `NAME` becomes `NAME.1` (`NAME.1` becomes `NAME.2`, …, up to [keep] old files) and a fresh
 * file starts. Not thread-safe: its [LogWriter] holds it under a lock.
 */
internal class LogFile(private val file: File, maxBytes: Long, private val keep: Int) {
    private val maxBytes = Math.max(maxBytes, 1L)
    private var stream: FileOutputStream? = null

    var size = 0L
        private set

    /** Opens the file if it is not open; false when it cannot be. */
    fun open(): Boolean {
        if (stream != null) return true
        return try {
            stream = FileOutputStream(file, true)
            size = file.length()
            true
        } catch (error: Exception) {
            false
        }
    }

    /** True when [count] more bytes fit under the bound (an empty file takes any line). */
    fun fits(count: Int): Boolean = size == 0L || size + count <= maxBytes

    /** One write of a whole line; a failed one is taken back, so the next line does not follow half a line. */
    fun append(bytes: ByteArray): Boolean {
        val out = stream ?: return false
        return try {
            out.write(bytes)
            size += bytes.size
            true
        } catch (error: Exception) {
            try { out.channel.truncate(size) } catch (ignored: Exception) {}
            false
        }
    }

    /** Moves the file aside (and the older ones one step further) and starts an empty one. */
    fun rotate() {
        close()
        if (keep == 0) {
            file.delete()
        } else {
            File("${file.path}.$keep").delete()
            for (index in keep - 1 downTo 1) File("${file.path}.$index").renameTo(File("${file.path}.${index + 1}"))
            file.renameTo(File("${file.path}.1"))
        }
        open()
        size = 0
    }

    fun close() {
        try { stream?.close() } catch (ignored: Exception) {}
        stream = null
    }
}
