import Testing
import TurboRecording

@testable import Fleet

/// What `stats --by` groups a log by: its release, its platform, the UTC day it started.
@Suite("LogIdentity: the keys a fleet is grouped by")
struct LogIdentityTests {
    @Test(
        "day: the UTC date of startedAt, leap days and the turn of a century included",
        arguments: [
            ("2026-12-01T10:00:00.000Z", "2026-12-01"), ("2026-12-31T23:59:59.999Z", "2026-12-31"), ("1970-01-01T00:00:00.000Z", "1970-01-01"),
            ("2000-02-29T12:00:00.000Z", "2000-02-29"), ("2100-03-01T00:00:00.000Z", "2100-03-01"), ("1969-12-31T23:59:59.999Z", "1969-12-31"),
        ])
    func day(_ startedAt: String, _ day: String) {
        #expect(LogIdentity(startedAt: startedAt).day == day)
    }

    @Test("a startedAt not in the recorders' form, or none, has no day: the log is in unknown")
    func noDay() {
        for startedAt in ["2026-12-01", "2026-12-01T10:00:00Z", "2026-02-30T10:00:00.000Z", "yesterday"] {
            #expect(LogIdentity(startedAt: startedAt).day == nil, "\(startedAt)")
        }
        #expect(LogIdentity().day == nil)
        #expect(StatsGrouping.day.key(LogIdentity()) == nil)
    }

    @Test("the keys: the release's version (not its build), the platform, the day; nil for a log that does not say")
    func keys() {
        let identity = LogIdentity(app: AppRelease(version: "2.3.1", build: "231"), platform: "ios", startedAt: "2026-12-01T10:00:00.000Z")
        #expect(StatsGrouping.appVersion.key(identity) == "2.3.1")
        #expect(StatsGrouping.platform.key(identity) == "ios")
        #expect(StatsGrouping.day.key(identity) == "2026-12-01")
        #expect(StatsGrouping.appVersion.key(LogIdentity(platform: "ios")) == nil)
        #expect(StatsGrouping.appVersion.key(nil) == nil)
    }
}
