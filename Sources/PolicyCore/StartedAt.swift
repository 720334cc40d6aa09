/// A `meta` record's `startedAt`: the wall-clock time of the log's `t` = 0, written
/// `YYYY-MM-DDTHH:MM:SS.sssZ` (UTC, exactly three fraction digits), as the page's
/// `new Date().toISOString()` writes it. Parsed by hand because the pure modules read no
/// clock and link no Foundation; only that exact form is accepted, and a date that names no
/// real time (a 30 February, an hour 24, a second 60) is not in that form.
public enum StartedAt {
    /// Milliseconds since 1970-01-01T00:00:00.000Z, or `nil` when `text` is not in the form.
    ///
    ///     StartedAt.milliseconds("2026-12-01T10:00:00.000Z")   // 1796119200000
    public static func milliseconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        // 0123456789...
        // YYYY-MM-DDTHH:MM:SS.sssZ
        guard bytes.count == 24,
            bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "."),
            bytes[23] == UInt8(ascii: "Z"),
            let year = digits(bytes, 0, 4), let month = digits(bytes, 5, 2), let day = digits(bytes, 8, 2),
            let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2), let second = digits(bytes, 17, 2),
            let fraction = digits(bytes, 20, 3)
        else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let days = daysFromEpoch(year: year, month: month, day: day)
        return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + fraction
    }

    /// The `count` ASCII digits at `start` as a number; `nil` if any is not a digit.
    private static func digits(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int64? {
        var value: Int64 = 0
        for byte in bytes[start..<start + count] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// The text of `unixMilliseconds` in the same form, as the recorders write it; `nil`
    /// outside the years 0000 to 9999, which the form cannot name. Worked out from the day
    /// count rather than by a date formatter, whose output follows a device's locale and
    /// calendar: the Android logger does the same arithmetic, so both write the same bytes.
    ///
    ///     StartedAt.text(unixMilliseconds: 1796119200000)   // "2026-12-01T10:00:00.000Z"
    public static func text(unixMilliseconds ms: Int64) -> String? {
        guard range.contains(ms) else { return nil }
        let days = ms >= 0 ? ms / 86_400_000 : (ms - 86_399_999) / 86_400_000
        let msOfDay = ms - days * 86_400_000
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let fraction = msOfDay % 1000
        let three = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
        let second = msOfDay / 1000
        return "\(date(days: days))T\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60)).\(three)Z"
    }

    /// The UTC date, `YYYY-MM-DD`, `days` after 1970-01-01 in the proleptic Gregorian calendar
    /// (Howard Hinnant's `civil_from_days`, with the year counted from March so that a leap
    /// day ends it). For the years 0000 to 9999.
    public static func date(days: Int64) -> String {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let digits = String(year)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "-\(two(month))-\(two(day))"
    }

    /// The Unix milliseconds the form can name: the years 0000 to 9999.
    public static let range: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999

    static func isLeap(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the date in the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`).
    static func daysFromEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
