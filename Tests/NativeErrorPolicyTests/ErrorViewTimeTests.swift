import NativeErrorPolicy
import Testing

/// Time on an error view, one row per way a view leaves the screen (app-session.md v1.1,
/// "Error views"), replayed through the real policy (the defaults: settle 400 ms, probe 2500 ms).
@Suite struct ErrorViewTimeTests {
    /// Replays `records` and sums up at `end` (the log's own end when `nil`).
    func time(_ records: [(t: Double, input: PolicyInput)], end: Double? = nil) -> ErrorViewSummary {
        var policy = RetryPolicy(settings: PolicySettings(platform: .ios))
        var tally = ErrorViewTime()
        var decisions: [Decision] = []
        for record in records {
            tally.send(record.input, at: record.t, through: &policy, into: &decisions)
        }
        tally.finish(through: &policy, into: &decisions)
        return tally.summary(end: end ?? tally.end ?? 0)
    }

    @Test func anAutomaticRetryEndsTheView() {
        // Offline at 1000, back at 5000: the edge's settle retries at 5400.
        let summary = time([(0, offline), (1000, presented("tab:home")), (5000, online)])
        #expect(summary.count == 1)
        #expect(summary.open == 0)
        #expect(summary.max == 4400)
        #expect(summary.totalMs == 4400)
    }

    @Test func aManualRetryEndsTheView() {
        let summary = time([(0, offline), (1000, presented("modal")), (1800, .tapRetry(surface: "modal"))])
        #expect(summary.max == 800)
        #expect(summary.open == 0)
    }

    @Test func aDismissalEndsTheView() {
        let summary = time([(0, offline), (1000, presented("modal")), (1250, .dismissed(surface: "modal"))])
        #expect(summary.max == 250)
    }

    @Test func anotherPresentedOnItsSurfaceEndsItAndStartsTheNext() {
        let summary = time(
            [(0, offline), (1000, presented("modal")), (4000, presented("modal")), (5000, .dismissed(surface: "modal"))])
        #expect(summary.count == 2)
        #expect(summary.bySurface.map(\.ms) == [4000])
        #expect(summary.median == 1000)
        #expect(summary.max == 3000)
    }

    @Test func aLaunchEndsEveryView() {
        let summary = time(
            [(0, offline), (1000, presented("a")), (2000, presented("b")), (3000, .launch), (9000, offline)])
        #expect(summary.count == 2)
        #expect(summary.open == 0)
        #expect(summary.bySurface.map(\.ms) == [2000, 1000])
    }

    @Test func aViewStillUpAtTheEndIsOpenToTheEnd() {
        let summary = time([(0, offline), (1000, presented("modal")), (2000, offline)], end: 61_000)
        #expect(summary.count == 1)
        #expect(summary.open == 1)
        #expect(summary.totalMs == 60_000)
    }

    @Test func aServerViewCountsThoughItNeverRetriesByItself() {
        let summary = time([(0, online), (1000, presented("tab:home", .http(status: 503))), (3000, online)], end: 4000)
        #expect(summary.count == 1)
        #expect(summary.open == 1)
        #expect(summary.totalMs == 3000)
    }

    @Test func aNoneViewShowsNothing() {
        let summary = time([(0, online), (1000, presented("tab:home", .http(status: 401)))], end: 5000)
        #expect(summary.count == 0)
        #expect(summary.median == nil)
        #expect(summary.bySurface.isEmpty)
    }

    @Test func theProbesRetryEndsAViewPresentedOnAHealthyPath() {
        // Online: the settling probe retries 2500 ms after the view.
        let summary = time([(0, online), (1000, presented("tab:home"))])
        #expect(summary.max == 2500)
        #expect(summary.open == 0)
    }

    @Test func surfacesAreTheirBytes() {
        // "café" precomposed and "cafe" + a combining accent are one name to `String ==`, two
        // surfaces to the app: the dismissal of one leaves the other's view up.
        let precomposed = "tab:caf\u{E9}"
        let combining = "tab:cafe\u{301}"
        let summary = time(
            [(0, offline), (1000, presented(precomposed)), (2000, .dismissed(surface: combining))], end: 10_000)
        #expect(summary.open == 1)
        #expect(summary.totalMs == 9000)
    }

    @Test func surfacesAreListedInByteOrder() {
        let summary = time(
            [(0, offline), (1000, presented("b")), (1000, presented("B")), (1000, presented("a"))], end: 2000)
        #expect(summary.bySurface.map(\.surface) == ["B", "a", "b"])
    }

    @Test func medianIsTheLowerMiddleAndP90TheNearestRank() {
        var records: [(t: Double, input: PolicyInput)] = [(0, offline)]
        for i in 1...10 {
            let t = Double(i) * 100_000
            records.append((t, presented("s")))
            records.append((t + Double(i) * 100, .dismissed(surface: "s")))
        }
        let summary = time(records)
        #expect(summary.count == 10)
        #expect(summary.median == 500)
        #expect(summary.p90 == 900)
        #expect(summary.max == 1000)
    }

    @Test func theEndIsTheLastRecordOrDecision() {
        var policy = RetryPolicy(settings: PolicySettings(platform: .ios))
        var tally = ErrorViewTime()
        var decisions: [Decision] = []
        tally.send(online, at: 0, through: &policy, into: &decisions)
        tally.send(presented("s"), at: 1000, through: &policy, into: &decisions)
        tally.finish(through: &policy, into: &decisions)
        // The probe's retry at 3500 is the last thing that happened.
        #expect(tally.end == 3500)
    }
}
