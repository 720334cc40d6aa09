import Foundation
import Testing

@testable import TestSupport

/// One median everywhere: the lower middle of the sorted values (`QuantileRanks`). The same
/// error views give the same median, p90 and totals in `session` (exact, on disk) and in
/// `stats` (exact while a fleet has at most 1,000 views), by the policy and by the app's log.
@Suite("one median in session and stats")
struct OneMedianTests {
    /// Four server views, three ended by the app's own retry and the last open to the log's end
    /// (shownMs: 1000, 2600, 4000, 5000: 12600 in all) and none by the policy, which keeps each up until the next `presented` on its surface
    /// or the log's end (policyMs: 20000, 15000, 10000, 5000 — the log ends at 25000).
    static let native =
        [
            #"{"type":"meta","version":1,"recording":"native","platform":"ios"}"#,
            #"{"t":0,"type":"path","online":true}"#,
            #"{"t":5000,"type":"presented","surface":"a","error":{"kind":"http","status":503}}"#,
            #"{"t":6000,"type":"app-retry","surface":"a","kind":"manual"}"#,
            #"{"t":10000,"type":"presented","surface":"b","error":{"kind":"http","status":503}}"#,
            #"{"t":12600,"type":"app-retry","surface":"b","kind":"manual"}"#,
            #"{"t":15000,"type":"presented","surface":"c","error":{"kind":"http","status":503}}"#,
            #"{"t":19000,"type":"app-retry","surface":"c","kind":"manual"}"#,
            #"{"t":20000,"type":"presented","surface":"d","error":{"kind":"http","status":503}}"#,
            #"{"t":25000,"type":"dismissed","surface":"nothing-there"}"#,
        ].joined(separator: "\n") + "\n"
    static let web =
        [
            #"{"type":"meta","version":1,"source":"chromium"}"#,
            #"{"t":0,"type":"connect","context":null,"online":true,"page":"/"}"#,
        ].joined(separator: "\n") + "\n"

    @Test("the same four views: the same median, p90, max and totals in session and stats")
    func sameFigures() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let nativePath = directory + "/four.native.jsonl", webPath = directory + "/four.jsonl"
        try Self.native.write(toFile: nativePath, atomically: false, encoding: .utf8)
        try Self.web.write(toFile: webPath, atomically: false, encoding: .utf8)

        let session = try turboReplay(["session", "--format", "jsonl", "--offset-ms", "0", webPath, nativePath])
        #expect(session.status == 0, "\(session.stderr)")
        let last = try #require(session.stdout.split(separator: "\n").last)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        let views = try #require((summary["summary"] as? [String: Any])?["errorViews"] as? [String: Any])
        // By the policy: 5000, 10000, 15000, 20000 (the d view, still up, to the end at 25000).
        #expect(views["ms"] as? [String: Double] == ["median": 10_000, "p90": 20_000, "max": 20_000])
        #expect(views["policyMs"] as? Double == 50_000 && views["shownMs"] as? Double == 12_600)
        let sessionShown = try #require(views["shown"] as? [String: Any])
        // By the app's log: 1000, 2600, 4000, and d open to the end: 5000.
        #expect(sessionShown["ms"] as? [String: Double] == ["median": 2600, "p90": 5000, "max": 5000])

        let stats = try turboReplay(["stats", "--format", "json", nativePath])
        #expect(stats.status == 0, "\(stats.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        let time = try #require((report["native"] as? [String: Any])?["errorViewTime"] as? [String: Any])
        #expect(time["ms"] as? [String: Double] == views["ms"] as? [String: Double])
        #expect(time["policyMs"] as? Double == views["policyMs"] as? Double)
        #expect(time["shownMs"] as? Double == views["shownMs"] as? Double)
        #expect((time["shown"] as? [String: Any])?["ms"] as? [String: Double] == sessionShown["ms"] as? [String: Double])
    }
}
