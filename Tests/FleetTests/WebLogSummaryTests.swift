import OfflineBanner
import Testing

@testable import BannerFindings
@testable import Fleet

/// A web log's share of `stats`: its pill episodes as totals by cause and as a sketch of durations.
@Suite("stats: a web log's pill figures")
struct WebLogSummaryTests {
    @Test func durationStatistics() {
        func summary(_ durations: [Double]) -> RecordingSummary {
            var summary = RecordingSummary()
            summary.pills = PillTotals(durations.map { PillEpisode(start: 0, end: $0, cause: .offline, stillUp: false) })
            return summary
        }
        let files = [
            StatsFile(path: "a", outcome: .read(WebLogSummary(summary([100, 300]))), warnings: []),
            StatsFile(path: "b", outcome: .read(WebLogSummary(summary([200, 400, 500, 600, 700, 800, 900, 1000]))), warnings: []),
        ]
        let duration = FleetStats(files: files).pillDuration
        // Ten episodes: the lower middle is the fifth, 500.
        #expect(withinAccuracy(duration?.median, of: 500))
        #expect(withinAccuracy(duration?.p90, of: 900))
        #expect(duration?.max == 1000)
    }

    /// A log's total for a cause is added up from 0, episode after episode: the same double
    /// whatever the order of causes, and never -0.0 (a time may read `-0.0` after `0`, and a
    /// partial prints the total as it is).
    @Test func totalsByCauseAreAddedUpFromZero() {
        var summary = RecordingSummary()
        summary.pills = PillTotals([
            PillEpisode(start: 0, end: -0.0, cause: .fetchRequestError),
            PillEpisode(start: 0, end: 0.1, cause: .offline),
            PillEpisode(start: 0, end: 0.2, cause: .fetchRequestError),
            PillEpisode(start: 0, end: 0.7, cause: .fetchRequestError),
        ])
        let web = WebLogSummary(summary)
        #expect(web.pills[.fetchRequestError] == WebLogSummary.PillTotal(episodes: 3, ms: ((0 + -0.0) + 0.2) + 0.7))
        #expect(web.pills[.offline] == WebLogSummary.PillTotal(episodes: 1, ms: 0.1))
        summary.pills = PillTotals([PillEpisode(start: 0, end: -0.0, cause: .offline)])
        #expect(WebLogSummary(summary).pills[.offline]?.ms.sign == .plus)
    }
}
