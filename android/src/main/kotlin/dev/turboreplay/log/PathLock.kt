package dev.turboreplay.log

import java.io.File
import java.io.IOException
import java.nio.channels.FileChannel
import java.nio.channels.FileLock
import java.nio.file.StandardOpenOption
import java.util.concurrent.locks.ReentrantLock

/**
 * The advisory lock on a log's `NAME.lock`, shared by every writer of the log: other processes
 * through `FileChannel.lock()` (an `fcntl(2)` lock on Linux and Android), the logs of this JVM
 * through one [ReentrantLock] per canonical path. A JVM cannot hold that file lock twice (the
 * second `lock()` throws `OverlappingFileLockException`), and closing any channel on the file
 * drops every lock the process holds on it, so the logs of one JVM on one path share one entry,
 * one channel, one lock, and the channel is closed only when the last of them lets go.
 *
 * The Swift logger locks the same file with `flock(2)`, which does not see an `fcntl` lock:
 * a file is shared safely among writers of one platform, which is what a phone has.
 */
internal class PathLock private constructor(private val key: String) {
    private val threads = ReentrantLock()
    /** Under [threads]: the lock file, open; null until it could be opened. */
    private var channel: FileChannel? = null
    /** Under [registry]: the logs holding this entry. */
    private var users = 0

    /**
     * Runs [body] holding the lock. Without a lock file (a folder that refuses one) or a lock
     * (taken by something else in this JVM) the body runs all the same: a single writer needs
     * none. The thread's interrupt status is set aside meanwhile: an interrupted thread would
     * have its channel closed under it, and every lock of the process on the file with it.
     */
    fun <R> withLock(body: () -> R): R {
        threads.lock()
        val interrupted = Thread.interrupted()
        try {
            val held = lockFile()
            try {
                return body()
            } finally {
                try { held?.release() } catch (closed: IOException) {}
            }
        } finally {
            if (interrupted) Thread.currentThread().interrupt()
            threads.unlock()
        }
    }

    private fun lockFile(): FileLock? = try {
        val open = channel?.takeIf { it.isOpen } ?: FileChannel.open(
            File(key).toPath(), StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE
        ).also { channel = it }
        open.lock()
    } catch (error: Exception) {
        null
    }

    /** Gives the entry back; the last user closes the lock file. */
    fun release() = synchronized(registry) {
        users -= 1
        if (users == 0) {
            registry.remove(key)
            try { channel?.close() } catch (ignored: IOException) {}
            channel = null
        }
    }

    companion object {
        private val registry = HashMap<String, PathLock>()

        /** The entry for the lock file at [path], shared with every other log of this JVM on it. */
        fun acquire(path: String): PathLock {
            val file = File(path)
            val key = try { file.canonicalPath } catch (error: IOException) { file.absolutePath }
            return synchronized(registry) {
                registry.getOrPut(key) { PathLock(key) }.also { it.users += 1 }
            }
        }
    }
}
