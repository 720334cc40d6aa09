import OfflineBanner
import Testing

@testable import BannerFindings
@testable import Fleet

/// A web log's summary, the one `explain`, `render` and `stats` keep, is the same size for 10×
/// the pill episodes: counts, totals and sketch buckets, never the episodes (docs/performance.md).
@Suite("a web log's pill summary stays flat")
struct PillSummaryGrowthTests {
    /// `episodes` pills raised by `offline` and cleared by `online`, each up 200, 400 … 1,000 ms
    /// in turn (past the 800 ms debounce), a flash apart.
    static func flaps(_ episodes: Int) -> [String] {
        var lines = [
            #"{"type":"meta","version":1,"source":"chromium","page":"/","startedAt":"2026-12-01T00:00:00.000Z"}"#,
            #"{"t":10,"type":"connect","context":null,"online":true,"page":"/"}"#,
        ]
        var t = 10
        for i in 0..<episodes {
            t += 500
            lines.append(#"{"t":\#(t),"type":"offline"}"#)
            t += 1000 + (i % 5) * 200
            lines.append(#"{"t":\#(t),"type":"online"}"#)
            t += 2100
        }
        return lines
    }

    @Test("10× the episodes: the same values kept, every total exact")
    func flatAtTenTimesTheEpisodes() throws {
        let logs = try ScratchLogs()
        let small = try BannerRecording.analyze(path: logs.write("small.jsonl", Self.flaps(200))).summary
        let large = try BannerRecording.analyze(path: logs.write("large.jsonl", Self.flaps(2000))).summary
        #expect(small.pills.count == 200 && large.pills.count == 2000)
        #expect(large.pillTime == 2000 / 5 * (200 + 400 + 600 + 800 + 1000))
        #expect(large.pillTimeByCause.map(\.episodes) == [2000])
        #expect(large.pills.durations.max == 1000)
        #expect(small.pills.retained <= 6)
        #expect(large.pills.retained == small.pills.retained)
        #expect(WebLogSummary(large).durations.bins.count == WebLogSummary(small).durations.bins.count)
    }
}
