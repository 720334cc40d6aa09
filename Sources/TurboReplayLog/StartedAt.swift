/// The wall-clock time of `t` = 0 as the web recorder writes it (`toISOString()`): UTC, with
/// milliseconds, `2026-12-01T09:59:59.000Z`. Worked out here from the Unix time rather than
/// with a `DateFormatter`, whose output follows the device's locale and calendar; Android's
/// logger does the same arithmetic, so both write the same bytes.
public func startedAtText(unixMilliseconds: Int64) -> String {
    let millisecond = Int(((unixMilliseconds % 1000) + 1000) % 1000)
    let seconds = (unixMilliseconds - Int64(millisecond)) / 1000
    let secondOfDay = Int(((seconds % 86_400) + 86_400) % 86_400)
    let days = (seconds - Int64(secondOfDay)) / 86_400
    let (year, month, day) = civilDate(daysSinceEpoch: days)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let three = millisecond < 10 ? "00\(millisecond)" : millisecond < 100 ? "0\(millisecond)" : "\(millisecond)"
    let yearText = year >= 0 && year < 10_000 ? String(repeating: "0", count: 4 - "\(year)".count) + "\(year)" : "\(year)"
    return "\(yearText)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)).\(three)Z"
}

/// Howard Hinnant's `civil_from_days`: the proleptic Gregorian date of a day count.
func civilDate(daysSinceEpoch: Int64) -> (year: Int64, month: Int, day: Int) {
    let z = daysSinceEpoch + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = Int(dayOfYear - (153 * mp + 2) / 5 + 1)
    let month = Int(mp < 10 ? mp + 3 : mp - 9)
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
}
