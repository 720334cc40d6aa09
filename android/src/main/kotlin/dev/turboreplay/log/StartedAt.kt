package dev.turboreplay.log

/** `toISOString()` of a Unix time in milliseconds, by the same arithmetic as the Swift side. */
fun startedAtText(unixMilliseconds: Long): String {
    val millisecond = Math.floorMod(unixMilliseconds, 1000L)
    val seconds = Math.floorDiv(unixMilliseconds, 1000L)
    val secondOfDay = Math.floorMod(seconds, 86_400L)
    val days = Math.floorDiv(seconds, 86_400L)
    // Howard Hinnant's civil_from_days.
    val z = days + 719_468
    val era = (if (z >= 0) z else z - 146_096) / 146_097
    val dayOfEra = z - era * 146_097
    val yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    val dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    val mp = (5 * dayOfYear + 2) / 153
    val day = dayOfYear - (153 * mp + 2) / 5 + 1
    val month = if (mp < 10) mp + 3 else mp - 9
    val year = yearOfEra + era * 400 + (if (month <= 2) 1 else 0)
    fun two(value: Long) = value.toString().padStart(2, '0')
    val yearText = if (year in 0..9999) year.toString().padStart(4, '0') else year.toString()
    return "$yearText-${two(month)}-${two(day)}T${two(secondOfDay / 3600)}:${two(secondOfDay / 60 % 60)}:${two(secondOfDay % 60)}." +
        millisecond.toString().padStart(3, '0') + "Z"
}
