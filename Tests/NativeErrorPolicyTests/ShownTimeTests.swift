import NativeErrorPolicy
import Testing

/// The time on each error view by the app's own log (`shownMs`), beside the policy's
/// (`policyMs`), one row per way the app's log ends a view, replayed through the real policy
/// (iOS defaults: settle 400 ms, probe 2500 ms). The figures are worked out by hand.
@Suite struct ShownTimeTests {
    enum Line {
        case policy(PolicyInput)
        case app(AppViewRecord)
    }

    /// Replays `lines` as the commands do (an app record moves the policy's clock, then ends
    /// views by the app's log) and sums up at the log's own end.
    func time(_ lines: [(t: Double, line: Line)]) -> ErrorViewSummary {
        var policy = RetryPolicy(settings: PolicySettings(platform: .ios))
        var tally = ErrorViewTime()
        var decisions: [Decision] = []
        for entry in lines {
            switch entry.line {
            case .policy(let input): tally.send(input, at: entry.t, through: &policy, into: &decisions)
            case .app(let record):
                tally.send(nil, at: entry.t, through: &policy, into: &decisions)
                tally.observe(record, at: entry.t)
            }
        }
        tally.finish(through: &policy, into: &decisions)
        return tally.summary(end: tally.end ?? 0)
    }

    @Test func aRetryTheAppMissedCountsUntilTheUsersTap() {
        // The network is back at 11000: the policy retries at 11400 (10.4 s on the view); the
        // app did not, and the user tapped at 23000 (22 s).
        let summary = time([
            (0, .policy(offline)), (1000, .policy(presented("tab:home"))), (11_000, .policy(online)),
            (23_000, .policy(.tapRetry(surface: "tab:home"))),
        ])
        #expect(summary.totalMs == 10_400)
        #expect(summary.shown.totalMs == 22_000)
        #expect(summary.shown.count == 1 && summary.shown.open == 0)
    }

    @Test func aServerViewTheAppRetriedByItselfCountsToItsRetry() {
        // A 503 never retries by the policy: open to the log's end at 71000 (70 s). The app
        // retried it 2.4 s after it came up.
        let summary = time([
            (0, .policy(online)), (1000, .policy(presented("tab:home", .http(status: 503)))),
            (3400, .app(.retried(surface: "tab:home"))), (71_000, .policy(offline)),
        ])
        #expect(summary.totalMs == 70_000 && summary.open == 1)
        #expect(summary.shown.totalMs == 2400 && summary.shown.open == 0)
    }

    @Test func theAppsRetryOnAnotherSurfaceLeavesTheViewUp() {
        let summary = time([
            (0, .policy(online)), (1000, .policy(presented("modal", .http(status: 503)))),
            (2000, .app(.retried(surface: "tab:home"))), (9000, .policy(offline)),
        ])
        #expect(summary.shown.totalMs == 8000 && summary.shown.open == 1)
    }

    @Test func aPageLoadingEndsEveryView() {
        // Two server views; a page loads at 4000 (the log does not say where): both end, by the
        // app's log; by the policy both are open to the end at 10000.
        let summary = time([
            (0, .policy(online)), (1000, .policy(presented("sheet", .http(status: 500)))),
            (2000, .policy(presented("tab:home", .http(status: 404)))), (4000, .app(.pageLoaded)), (10_000, .policy(offline)),
        ])
        #expect(summary.totalMs == 17_000 && summary.open == 2)
        #expect(summary.shown.totalMs == 5000 && summary.shown.open == 0)
        #expect(summary.shown.median == 2000 && summary.shown.max == 3000)
    }

    @Test func aDismissalAnotherPresentedAndALaunchEndThemAsForThePolicy() {
        let summary = time([
            (0, .policy(offline)), (1000, .policy(presented("modal"))), (1500, .policy(.dismissed(surface: "modal"))),
            (2000, .policy(presented("a"))), (2600, .policy(presented("a", .http(status: 401)))),
            (3000, .policy(presented("b"))), (3300, .policy(presented("c"))), (5000, .policy(.launch)),
        ])
        // 500 (dismissed), 600 (a 401 on its surface shows nothing, and ends it), 2000 and 1700
        // (the launch); the policy agrees: no retry came first.
        #expect(summary.shown.count == 4 && summary.shown.open == 0)
        #expect(summary.shown.totalMs == 4800)
        #expect(summary.totalMs == 4800)
    }

    @Test func theAppsRetryBeforeThePolicysCountsShorter() {
        // Offline view at 1000, the app retried by itself at 1200 (on an edge it saw earlier);
        // the policy waits for the network, back at 8000, and retries at 8400.
        let summary = time([
            (0, .policy(offline)), (1000, .policy(presented("tab:home"))), (1200, .app(.retried(surface: "tab:home"))),
            (8000, .policy(online)),
        ])
        #expect(summary.totalMs == 7400)
        #expect(summary.shown.totalMs == 200)
    }

    @Test func medianAndP90AreTheOnesEveryReportReads() {
        // Four views of 1000, 2000, 3000 and 4000 ms by the app's log: the lower middle, 2000.
        var lines: [(t: Double, line: Line)] = [(0, .policy(online))]
        for (index, ms) in [3000.0, 1000, 4000, 2000].enumerated() {
            let t = Double(index + 1) * 100_000
            lines.append((t, .policy(presented("s\(index)", .http(status: 503)))))
            lines.append((t + ms, .app(.retried(surface: "s\(index)"))))
        }
        let summary = time(lines)
        #expect(summary.shown.median == 2000 && summary.shown.p90 == 4000 && summary.shown.max == 4000)
        #expect(QuantileRanks(count: 4)?.median == 1 && QuantileRanks(count: 10)?.p90 == 8 && QuantileRanks(count: 0) == nil)
    }
}
