package dev.turboreplay.log

/** The Unix milliseconds a `startedAt` can name: the years 0000 to 9999, as the readers read it. */
internal val STARTED_AT_RANGE = -62_167_219_200_000L..253_402_300_799_999L

/**
 * The wall-clock time of `t` = 0 as the web recorder writes it (`toISOString()`): UTC, with
 * milliseconds, `2026-12-01T09:59:59.000Z`, by the same arithmetic as the Swift logger, so both
 * write the same bytes. Null outside the years 0000 to 9999, which the readers' form cannot name.
 */
fun startedAtText(unixMilliseconds: Long): String? {
    if (unixMilliseconds !in STARTED_AT_RANGE) return null
    val millisecond = Math.floorMod(unixMilliseconds, 1000L)
    val seconds = Math.floorDiv(unixMilliseconds, 1000L)
    val secondOfDay = Math.floorMod(seconds, 86_400L)
    val date = civilDate(Math.floorDiv(seconds, 86_400L))
    fun two(value: Long) = value.toString().padStart(2, '0')
    return "${date[0].toString().padStart(4, '0')}-${two(date[1])}-${two(date[2])}T" +
        "${two(secondOfDay / 3600)}:${two(secondOfDay / 60 % 60)}:${two(secondOfDay % 60)}." +
        millisecond.toString().padStart(3, '0') + "Z"
}

/** Howard Hinnant's `civil_from_days`: the proleptic Gregorian year, month and day of a day count. */
internal fun civilDate(daysSinceEpoch: Long): LongArray {
    val z = daysSinceEpoch + 719_468
    val era = (if (z >= 0) z else z - 146_096) / 146_097
    val dayOfEra = z - era * 146_097
    val yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    val dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    val mp = (5 * dayOfYear + 2) / 153
    val day = dayOfYear - (153 * mp + 2) / 5 + 1
    val month = if (mp < 10) mp + 3 else mp - 9
    return longArrayOf(yearOfEra + era * 400 + (if (month <= 2) 1 else 0), month, day)
}

/** Howard Hinnant's `days_from_civil`: the day count of a proleptic Gregorian date. */
internal fun daysSinceEpoch(year: Long, month: Long, day: Long): Long {
    val y = if (month <= 2) year - 1 else year
    val era = (if (y >= 0) y else y - 399) / 400
    val yearOfEra = y - era * 400
    val dayOfYear = (153 * (if (month > 2) month - 3 else month + 9) + 2) / 5 + day - 1
    val dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
}

/**
 * The Unix milliseconds of a `startedAt` text as [startedAtText] writes it
 * (`YYYY-MM-DDTHH:MM:SS.sssZ`, a year from 0000 to 9999), or null for any other text: how a
 * relaunched process reads when the log it continues began.
 */
internal fun unixMilliseconds(text: ByteArray): Long? {
    if (text.size != 24) return null
    for ((index, byte) in listOf(4 to '-', 7 to '-', 10 to 'T', 13 to ':', 16 to ':', 19 to '.', 23 to 'Z')) {
        if (text[index] != byte.toByte()) return null
    }
    fun number(from: Int, until: Int): Long? {
        var value = 0L
        for (index in from until until) {
            val digit = text[index] - '0'.toByte()
            if (digit !in 0..9) return null
            value = value * 10 + digit
        }
        return value
    }
    val year = number(0, 4) ?: return null
    val month = number(5, 7) ?: return null
    val day = number(8, 10) ?: return null
    val hour = number(11, 13) ?: return null
    val minute = number(14, 16) ?: return null
    val second = number(17, 19) ?: return null
    val millisecond = number(20, 23) ?: return null
    if (month !in 1..12 || day !in 1..31 || hour >= 24 || minute >= 60 || second >= 60) return null
    val days = daysSinceEpoch(year, month, day)
    if (!civilDate(days).contentEquals(longArrayOf(year, month, day))) return null
    return ((days * 86_400 + hour * 3600 + minute * 60 + second) * 1000) + millisecond
}
