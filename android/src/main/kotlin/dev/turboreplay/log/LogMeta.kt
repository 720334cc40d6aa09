package dev.turboreplay.log

import dev.turboreplay.policy.Platform

/**
 * A log's first line, and how a new process tells whether a file it finds is a log it may go
 * on writing: the same platform and the same release (an update starts a log of its own, so that
 * each log says which release wrote all of it), whatever its id and `startedAt`. The Swift
 * logger's `LogMeta`, byte for byte.
 */
internal class LogMeta(platform: Platform, app: AppVersion?) {
    /** `{"type":"meta","version":1,"recording":"native","platform":"ios","app":{…}`: what a file must start with for this logger to continue it. */
    val identity: ByteArray = (
        """{"type":"meta","version":1,"recording":"native","platform":"${platform.key}"""" + (if (app != null) ""","app":${app.json()}""" else "")
    ).toByteArray(Charsets.UTF_8)

    /** The whole line, line end included: [session] is the file's log id. */
    fun line(session: LogId, startedAt: Long?): ByteArray {
        val text = startedAt?.let { startedAtText(it) }
        val rest = ""","session":"${session.text}"""" + (if (text == null) "" else ""","startedAt":"$text"""") + "}\n"
        return identity + rest.toByteArray(Charsets.UTF_8)
    }

    /** A first line this logger wrote for the same identity: the whole line, its log id and its `startedAt`. */
    class Continued(val line: ByteArray, val session: LogId, val startedAt: Long?)

    /** What a file's first line says when this logger wrote it for the same identity; null for anything else. */
    fun continued(first: ByteArray): Continued? {
        if (first.size <= identity.size || !startsWith(first, identity)) return null
        val end = first.indexOf('\n'.toByte())
        if (end < 0) return null
        val line = first.copyOfRange(0, end + 1)
        var rest = first.copyOfRange(identity.size, end)
        val sessionKey = ",\"session\":\"".toByteArray()
        val idEnd = sessionKey.size + LogId.LENGTH
        if (rest.size < idEnd + 2 || !startsWith(rest, sessionKey) || rest[idEnd] != '"'.toByte()) return null
        val session = LogId.parse(rest.copyOfRange(sessionKey.size, idEnd)) ?: return null
        rest = rest.copyOfRange(idEnd + 1, rest.size)
        if (rest.contentEquals("}".toByteArray())) return Continued(line, session, null)
        val key = ",\"startedAt\":\"".toByteArray()
        if (rest.size != key.size + 24 + 2 || !startsWith(rest, key) || !rest.copyOfRange(rest.size - 2, rest.size).contentEquals("\"}".toByteArray())) return null
        val startedAt = unixMilliseconds(rest.copyOfRange(key.size, key.size + 24)) ?: return null
        return Continued(line, session, startedAt)
    }
}

/** The `t` of a line this logger wrote (`{"t":1234.5,…`), null for any other line. */
internal fun writtenTime(line: ByteArray): Double? {
    val key = "{\"t\":".toByteArray()
    if (!startsWith(line, key)) return null
    var comma = key.size
    while (comma < line.size && line[comma] != ','.toByte()) comma++
    if (comma == line.size) return null
    val number = String(line, key.size, comma - key.size, Charsets.UTF_8)
    // Only a JSON number's characters: Java's parser would also take "1d" or " 1", Swift's would not.
    if (number.any { it !in "0123456789.eE+-" }) return null
    return number.toDoubleOrNull()?.takeIf { it.isFinite() }
}

internal fun startsWith(bytes: ByteArray, prefix: ByteArray): Boolean {
    if (bytes.size < prefix.size) return false
    for (index in prefix.indices) if (bytes[index] != prefix[index]) return false
    return true
}
