// Another process holding a log's lock, for the tests that need a writer to wait.
import java.io.File
import java.util.concurrent.TimeUnit

/**
 * Another process (python3's fcntl.lockf, the kind of lock FileChannel.lock() takes) holding the
 * lock of the log at [log] (its NAME.lock) from when it is made until [release]: every writer
 * of the log waits for it before it touches the file.
 */
class LockHolder(log: File) {
    private val process = ProcessBuilder(
        "python3", "-c",
        "import fcntl, sys\nf = open(sys.argv[1], 'a')\nfcntl.lockf(f, fcntl.LOCK_EX)\nprint('locked', flush=True)\nsys.stdin.read()\n",
        log.path + ".lock"
    ).redirectError(ProcessBuilder.Redirect.INHERIT).start()

    init {
        val said = process.inputStream.bufferedReader().readLine()
        if (said != "locked") throw IllegalStateException("the lock holder did not take ${log.path}.lock (said $said)")
    }

    fun release() {
        process.outputStream.close()
        if (!process.waitFor(10, TimeUnit.SECONDS)) throw IllegalStateException("the lock holder of ${process} did not end")
    }
}
