import NativeErrorPolicy
import Testing

/// Time on an error view, one row per way a view leaves the screen (app-session.md v1.1,
/// "Error views"), replayed through the real policy (iOS: settle 400 ms, probe 2500 ms, the
/// contract's defaults).
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

    @Test func aRecordThePolicyDoesNotReadStillMovesTheEnd() {
        // A server view never retries by itself; an `app-retry` line (no input) at 9000 is
        // the log's last record, so the view is open to 9000.
        var policy = RetryPolicy(settings: PolicySettings(platform: .ios))
        var tally = ErrorViewTime()
        var decisions: [Decision] = []
        tally.send(online, at: 0, through: &policy, into: &decisions)
        tally.send(presented("s", .http(status: 503)), at: 1000, through: &policy, into: &decisions)
        tally.send(nil, at: 9000, through: &policy, into: &decisions)
        tally.finish(through: &policy, into: &decisions)
        #expect(tally.end == 9000)
        #expect(tally.summary(end: tally.end ?? 0).totalMs == 8000)
    }

    /// `record` (the policy driven elsewhere, its decisions handed over) counts what `send`
    /// (the tally driving the policy) counts, on random logs with ties in time, both platforms.
    @Test func recordCountsWhatSendCounts() {
        var generator = SystemRandomNumberGenerator()
        let inputs: [PolicyInput?] = [
            online, offline, presented("a"), presented("b"), presented("a", .http(status: 503)),
            presented("b", .http(status: 401)), .tapRetry(surface: "a"), .dismissed(surface: "b"),
            .dismissed(surface: "a"), .foreground, .launch, nil,
        ]
        for platform in [Platform.ios, .android] {
            for _ in 0..<100 {
                var driving = RetryPolicy(settings: PolicySettings(platform: platform))
                var driven = driving
                var (sent, recorded) = (ErrorViewTime(), ErrorViewTime())
                var (mine, theirs): ([Decision], [Decision]) = ([], [])
                var t = 0.0
                for _ in 0..<40 {
                    t += Double(Int.random(in: 0...3, using: &generator)) * 500
                    let input = inputs.randomElement(using: &generator)!
                    sent.send(input, at: t, through: &driving, into: &mine)
                    theirs.removeAll()
                    if let input { driven.send(input, at: t, into: &theirs) } else { driven.advance(to: t, into: &theirs) }
                    recorded.record(input, at: t, decided: theirs)
                }
                sent.finish(through: &driving, into: &mine)
                theirs.removeAll()
                driven.finish(into: &theirs)
                for decision in theirs { recorded.decided(decision) }
                #expect(sent.end == recorded.end)
                #expect(sent.summary(end: sent.end ?? 0) == recorded.summary(end: recorded.end ?? 0))
                #expect(sent.durations(end: 99_999) == recorded.durations(end: 99_999))
            }
        }
    }
}
