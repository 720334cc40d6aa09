/// The wall-clock time of `t` = 0 as the web recorder writes it (`toISOString()`): UTC, with
/// milliseconds, `2026-12-01T09:59:59.000Z`. Worked out here from the Unix time rather than
/// with a `DateFormatter`, whose output follows the device's locale and calendar; Android's
/// logger does the same arithmetic, so both write the same bytes. Nil outside the years 0000
/// to 9999, which the readers' form cannot name.
public func startedAtText(unixMilliseconds: Int64) -> String? {
    guard startedAtRange.contains(unixMilliseconds) else { return nil }
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

/// The Unix milliseconds of a `startedAt` text as `startedAtText` writes it
/// (`YYYY-MM-DDTHH:MM:SS.sssZ`, a year from 0000 to 9999), or nil for any other text: how a
/// relaunched process reads when the log it continues began.
func unixMilliseconds(startedAtText text: [UInt8]) -> Int64? {
    guard text.count == 24, text[4] == 0x2D, text[7] == 0x2D, text[10] == 0x54, text[13] == 0x3A, text[16] == 0x3A, text[19] == 0x2E, text[23] == 0x5A
    else { return nil }
    func number(_ range: Range<Int>) -> Int64? {
        var value: Int64 = 0
        for byte in text[range] {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int64(byte - 0x30)
        }
        return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
        let minute = number(14..<16), let second = number(17..<19), let millisecond = number(20..<23),
        (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
    else { return nil }
    let days = daysSinceEpoch(year: year, month: Int(month), day: Int(day))
    guard civilDate(daysSinceEpoch: days) == (year, Int(month), Int(day)) else { return nil }
    return ((days * 86_400 + hour * 3600 + minute * 60 + second) * 1000) + millisecond
}

/// Howard Hinnant's `days_from_civil`: the day count of a proleptic Gregorian date.
func daysSinceEpoch(year: Int64, month: Int, day: Int) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = Int64((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1)
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
}

/// The Unix milliseconds a `startedAt` can name: the years 0000 to 9999, as the readers read it.
let startedAtRange: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999
