import AppSession
import Testing

/// `startedAt` is `YYYY-MM-DDTHH:MM:SS.sssZ` exactly, and names a real time.
@Suite("startedAt")
struct StartedAtTests {
    @Test("the contract's two times, as milliseconds since 1970")
    func contractTimes() {
        // date -u -d 2026-12-01T10:00:00Z +%s → 1796119200
        #expect(StartedAt.milliseconds("2026-12-01T10:00:00.000Z") == 1_796_119_200_000)
        #expect(StartedAt.milliseconds("2026-12-01T09:59:59.000Z") == 1_796_119_199_000)
        #expect(StartedAt.milliseconds("2026-11-30T11:35:02.738Z") == 1_796_038_502_738)
    }

    @Test("the epoch, a leap day, the end of a century and times before 1970")
    func calendar() {
        #expect(StartedAt.milliseconds("1970-01-01T00:00:00.000Z") == 0)
        #expect(StartedAt.milliseconds("1969-12-31T23:59:59.999Z") == -1)
        #expect(StartedAt.milliseconds("2000-02-29T00:00:00.000Z") == 951_782_400_000)
        #expect(StartedAt.milliseconds("2024-02-29T12:00:00.001Z") == 1_709_208_000_001)
        #expect(StartedAt.milliseconds("2024-03-01T00:00:00.000Z")! - StartedAt.milliseconds("2024-02-28T00:00:00.000Z")! == 2 * 86_400_000)
        #expect(StartedAt.milliseconds("2023-03-01T00:00:00.000Z")! - StartedAt.milliseconds("2023-02-28T00:00:00.000Z")! == 86_400_000)
        #expect(StartedAt.milliseconds("9999-12-31T23:59:59.999Z") == 253_402_300_799_999)
        #expect(StartedAt.milliseconds("0000-01-01T00:00:00.000Z") == -62_167_219_200_000)
    }

    @Test(
        "dates that name no real time are not in the form",
        arguments: [
            "2026-02-30T00:00:00.000Z", "2023-02-29T00:00:00.000Z", "1900-02-29T00:00:00.000Z", "2026-04-31T00:00:00.000Z",
            "2026-00-10T00:00:00.000Z", "2026-13-10T00:00:00.000Z", "2026-12-00T00:00:00.000Z", "2026-12-32T00:00:00.000Z",
            "2026-12-01T24:00:00.000Z", "2026-12-01T10:60:00.000Z", "2026-12-01T10:00:60.000Z",
        ])
    func unrealDates(_ text: String) {
        #expect(StartedAt.milliseconds(text) == nil)
    }

    @Test(
        "anything but the exact form is refused",
        arguments: [
            "", "2026-12-01T10:00:00Z", "2026-12-01T10:00:00.0Z", "2026-12-01T10:00:00.0000Z", "2026-12-01T10:00:00.000",
            "2026-12-01T10:00:00.000+00:00", "2026-12-01 10:00:00.000Z", "2026-12-01t10:00:00.000Z", "2026-12-01T10:00:00.000z",
            "2026-12-1T10:00:00.000Z", "+2026-12-01T10:00:00.000Z", "20261201T100000.000Z", "2026-12-01T10:00:00,000Z",
            " 2026-12-01T10:00:00.000Z", "2026-12-01T10:00:00.000Z ", "2026-12-01T1a:00:00.000Z", "２０２６-12-01T10:00:00.000Z",
            "2026-12-01T10:00:00.-00Z", "2026/12/01T10:00:00.000Z",
        ])
    func wrongForm(_ text: String) {
        #expect(StartedAt.milliseconds(text) == nil)
    }

    @Test("the offset is native − web, and an explicit one needs no startedAt")
    func alignment() {
        let both = Alignment.startedAt(web: "2026-12-01T10:00:00.000Z", native: "2026-12-01T09:59:59.000Z")
        #expect(both.offset() == .success(-1000))
        #expect(Alignment.offset(250.5).offset() == .success(250.5))
        #expect(
            Alignment.startedAt(web: nil, native: "2026-12-01T09:59:59.000Z").offset()
                == .failure(AlignmentError(side: .web, startedAt: nil)))
        #expect(
            Alignment.startedAt(web: "2026-12-01T10:00:00.000Z", native: "2026-02-30T00:00:00.000Z").offset()
                == .failure(AlignmentError(side: .native, startedAt: "2026-02-30T00:00:00.000Z")))
    }
}

/// The text `startedAt` is written as: the loggers write it, `stats --by day` reads its date.
@Suite("startedAt, written")
struct StartedAtTextTests {
    @Test(
        "a time is written in the one form, and reads back as itself",
        arguments: [
            (1_796_119_200_000, "2026-12-01T10:00:00.000Z"), (0, "1970-01-01T00:00:00.000Z"), (-1, "1969-12-31T23:59:59.999Z"),
            (951_782_400_000, "2000-02-29T00:00:00.000Z"), (1_709_208_000_001, "2024-02-29T12:00:00.001Z"),
            (253_402_300_799_999, "9999-12-31T23:59:59.999Z"), (-62_167_219_200_000, "0000-01-01T00:00:00.000Z"),
            (1_796_038_502_738, "2026-11-30T11:35:02.738Z"), (1_796_038_502_038, "2026-11-30T11:35:02.038Z"),
        ] as [(Int64, String)])
    func written(_ ms: Int64, _ text: String) {
        #expect(StartedAt.text(unixMilliseconds: ms) == text)
        #expect(StartedAt.milliseconds(text) == ms)
    }

    @Test("outside the years 0000 to 9999 there is no text", arguments: [253_402_300_800_000, -62_167_219_200_001, Int64.max, Int64.min] as [Int64])
    func outside(_ ms: Int64) {
        #expect(StartedAt.text(unixMilliseconds: ms) == nil)
    }

    @Test("every day from 1900 to 2100 round-trips through its date")
    func everyDay() {
        var day: Int64 = -25_567
        while day < 47_482 {
            let text = StartedAt.date(days: day) + "T00:00:00.000Z"
            #expect(StartedAt.milliseconds(text) == day * 86_400_000, "\(text)")
            day += 1
        }
    }
}
