package dev.turboreplay.log

import java.io.File
import java.io.FileOutputStream
import java.io.RandomAccessFile
import java.nio.file.Files
import java.nio.file.attribute.BasicFileAttributes

/**
 * The log on disk, as the Swift logger's `LogFile` keeps it: a stream opened for appending
 * (`O_APPEND`), one `write(2)` per batch of whole lines, so a process that dies at any instant
 * leaves every line it finished whole and at most the last one cut; beside it a
 * [RandomAccessFile] on the same file, to read its ends and to write a line over a half line
 * at its offset (writes through the appending stream land at the end, wherever they are aimed).
 *
 * Several writers share the file through the advisory lock on `NAME.lock` ([PathLock]), a file
 * that is never rotated: every step from looking at the file to writing it happens under that
 * lock, so a writer always sees the file as the last writer left it (its size, its last line,
 * a rotation) before it appends. Not thread-safe: its [LogWriter] holds it under a lock.
 */
internal class LogFile(val path: String) {
    private val file = File(path)
    private val location = file.toPath()
    private var appender: FileOutputStream? = null
    private var access: RandomAccessFile? = null
    private var lock: PathLock? = null
    /** The open file's key (device and inode): another writer's rotation puts a new file at [path]. */
    private var identity: Any? = null

    /** The file's size as this writer last saw or left it. */
    var size = 0L
        private set

    /** Whether the last [refresh] found the file other than this writer left it: another file at the path, or another size. */
    var changed = false
        private set

    fun <R> withLock(body: () -> R): R {
        val shared = lock ?: PathLock.acquire("$path.lock").also { lock = it }
        return shared.withLock(body)
    }

    /**
     * Opens the file at [path] if it is not open, or opens it again if another writer moved it
     * aside; then reads its size. False when it cannot be opened. Under the lock.
     */
    fun refresh(): Boolean {
        var before: Long? = if (access != null) size else null
        if (access != null) {
            val onDisk = fileKey()
            if (onDisk == null || onDisk != identity) {
                closeFile()
                before = null
            }
        }
        if (access == null) {
            try {
                appender = FileOutputStream(file, true)
                access = RandomAccessFile(file, "rw")
            } catch (error: Exception) {
                closeFile()
                return false
            }
            identity = fileKey()
        }
        size = try { access!!.length() } catch (error: Exception) {
            closeFile()
            return false
        }
        changed = before != size
        return true
    }

    /**
     * What another file of the log holds, read without creating it or taking a lock: its first
     * bytes (where its `meta` is) and the start of its last whole line. Null when it cannot be
     * opened.
     */
    class Peek(val head: ByteArray, val lastLine: ByteArray)

    /** Up to [limit] bytes from the start of the file: where its `meta` line is. */
    fun head(limit: Int): ByteArray = read(0, Math.min(limit.toLong(), size).toInt())

    /** The start of the last complete line (at most a prefix of it, without its line end) and the bytes after its line end. */
    class Tail(val lastLine: ByteArray, val partial: Long)

    /**
     * The file's end: the start of its last complete line (at most [prefix] bytes of it, without
     * the line end; empty when there is none) and how many bytes follow that line's end without
     * a line end of their own (a line whose writer died mid-write). Reads back from the end a
     * block at a time: its cost is the last two lines' length, not the file's.
     */
    fun tail(prefix: Int): Tail {
        val ends = ArrayList<Long>(2)  // offsets of the last line end and the one before it
        var start = size
        while (start > 0 && ends.size < 2) {
            val from = Math.max(0L, start - 65_536)
            val chunk = read(from, (start - from).toInt())
            if (chunk.size.toLong() != start - from) return Tail(ByteArray(0), 0)
            for (index in chunk.indices.reversed()) {
                if (chunk[index] != '\n'.toByte()) continue
                ends.add(from + index)
                if (ends.size == 2) break
            }
            start = from
        }
        val last = ends.firstOrNull() ?: return Tail(ByteArray(0), size)
        val lineStart = if (ends.size > 1) ends[1] + 1 else 0L
        return Tail(read(lineStart, Math.min(prefix.toLong(), last - lineStart).toInt()), size - 1 - last)
    }

    /**
     * Writes [bytes] over the file from [offset] to its end: a half line replaced by the line
     * that reports it. False (with the file cut back to [offset]) when the write falls short.
     */
    fun replaceTail(offset: Long, bytes: ByteArray): Boolean {
        val out = access ?: return false
        return try {
            out.seek(offset)
            out.write(bytes)
            size = Math.max(size, offset + bytes.size)
            true
        } catch (error: Exception) {
            truncate(offset)
            false
        }
    }

    /** Cuts the file back to [length] bytes: a short write taken back. */
    fun truncate(length: Long): Boolean {
        val out = access ?: return false
        return try {
            out.setLength(length)
            size = length
            true
        } catch (error: Exception) {
            false
        }
    }

    /**
     * Appends [bytes] (whole lines with their line ends) in one write. A short write (a full
     * disk) is taken back to the size seen under the lock, so no later line follows half a line
     * and the file never grows a hole.
     */
    fun append(bytes: ByteArray): Boolean {
        val out = appender ?: return false
        return try {
            out.write(bytes)
            size += bytes.size
            true
        } catch (error: Exception) {
            truncate(size)
            false
        }
    }

    /**
     * Moves the file aside as `NAME.1` (`NAME.1` to `NAME.2`, …, the oldest of [keep] removed),
     * or removes it when [keep] is 0. False when the file stays where it is (a read-only folder,
     * a directory in the way): then nothing may be written past the bound.
     */
    fun rotate(keep: Int): Boolean {
        if (keep == 0) {
            if (!file.delete() && file.exists()) return false
        } else {
            // File.delete() would also remove an empty directory; unlink(2), as Swift calls it, does not.
            File("$path.$keep").let { if (!it.isDirectory) it.delete() }
            for (index in keep - 1 downTo 1) File("$path.$index").renameTo(File("$path.${index + 1}"))
            if (!file.renameTo(File("$path.1"))) return false
        }
        closeFile()
        return refresh()
    }

    companion object {
        fun peek(path: String): Peek? {
            val other = LogFile(path)
            return try {
                other.access = RandomAccessFile(File(path), "r")
                other.size = other.access!!.length()
                Peek(other.head(4096), other.tail(128).lastLine)
            } catch (error: Exception) {
                null
            } finally {
                other.closeFile()
            }
        }
    }

    /** Closes the file and gives the lock back. */
    fun close() {
        closeFile()
        lock?.release()
        lock = null
    }

    private fun read(offset: Long, count: Int): ByteArray {
        val input = access
        if (count <= 0 || input == null) return ByteArray(0)
        val bytes = ByteArray(count)
        var got = 0
        try {
            input.seek(offset)
            while (got < count) {
                val n = input.read(bytes, got, count - got)
                if (n < 0) break
                got += n
            }
        } catch (error: Exception) {}
        return if (got == count) bytes else bytes.copyOf(got)
    }

    /** The key of the file at [path] now, or null when there is none (or the system gives none). */
    private fun fileKey(): Any? = try {
        Files.readAttributes(location, BasicFileAttributes::class.java).fileKey()
    } catch (error: Exception) {
        null
    }

    private fun closeFile() {
        try { appender?.close() } catch (ignored: Exception) {}
        try { access?.close() } catch (ignored: Exception) {}
        appender = null
        access = null
        identity = null
    }
}
