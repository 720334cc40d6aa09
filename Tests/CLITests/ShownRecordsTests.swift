import Foundation
import Testing

@testable import TestSupport

/// Which of the app's own records end an error view for `shownMs`, end to end through `stats`
/// and `whatif`: an `app-retry`, a `tap-retry`, a page loading (`finish`, or the page's
/// `page-load` `connect` through the bridge; another component's `connect` is no page load).
/// Each figure is worked out by hand in the comments.
@Suite("shownMs: the app's own records that end a view")
struct ShownRecordsTests {
    /// Server views, which the policy never retries: by it, each is up until the next
    /// `presented` on its surface or the log's end (20000).
    static let log =
        [
            #"{"type":"meta","version":1,"recording":"native","platform":"ios"}"#,
            #"{"t":0,"type":"path","online":true}"#,
            // tab:home 1000 → the app's retry at 1700: 700 (policy: to the next presented there, 5000: 4000).
            #"{"t":1000,"type":"presented","surface":"tab:home","error":{"kind":"http","status":503}}"#,
            #"{"t":1700,"type":"app-retry","surface":"tab:home","kind":"auto"}"#,
            // A bridge message from another component is no page load: the view stays up.
            #"{"t":2000,"type":"bridge","component":"page","event":"connect"}"#,
            // tab:home 5000 → the page-load connect at 5900: 900 (policy: to the end, 15000).
            #"{"t":5000,"type":"presented","surface":"tab:home","error":{"kind":"http","status":500}}"#,
            #"{"t":5900,"type":"bridge","component":"page-load","event":"connect"}"#,
            // modal 8000 → the user's tap at 8300: 300 (the policy retries then too: 300).
            #"{"t":8000,"type":"presented","surface":"modal","error":{"kind":"http","status":404}}"#,
            #"{"t":8300,"type":"tap-retry","surface":"modal"}"#,
            // sheet 10000 → a finished page load at 12500: 2500 (policy: to the end, 10000).
            #"{"t":10000,"type":"presented","surface":"sheet","error":{"kind":"http","status":502}}"#,
            #"{"t":12500,"type":"finish","url":"https://app.example/"}"#,
            #"{"t":20000,"type":"foreground"}"#,
        ].joined(separator: "\n") + "\n"

    // By the policy: 4000 + 15000 + 300 + 10000 = 29300, two of them open at the end; sorted 300,
    // 4000, 10000, 15000: median (the lower middle) 4000, p90 15000. By the app's log: 700 + 900
    // + 300 + 2500 = 4400, none open; sorted 300, 700, 900, 2500: median 700, p90 2500.
    @Test("app-retry, tap-retry, a page-load connect and a finish end a view; another bridge message does not")
    func endings() throws {
        let path = try Fixtures.file(Self.log, name: "endings.native.jsonl")
        let stats = try turboReplay(["stats", "--format", "json", path])
        #expect(stats.status == 0, "\(stats.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        let time = try #require((report["native"] as? [String: Any])?["errorViewTime"] as? [String: Any])
        #expect(time["count"] as? Int == 4 && time["open"] as? Int == 2)
        #expect(time["policyMs"] as? Double == 29_300)
        #expect(time["ms"] as? [String: Double] == ["median": 4000, "p90": 15_000, "max": 15_000])
        #expect(time["shownMs"] as? Double == 4400)
        let shown = try #require(time["shown"] as? [String: Any])
        #expect(shown["open"] as? Int == 0)
        #expect(shown["ms"] as? [String: Double] == ["median": 700, "p90": 2500, "max": 2500])
        let whatIf = try turboReplay(["whatif", "--variant", "probe-once", "--format", "jsonl", path])
        #expect(whatIf.stdout.contains(#""policyMs":{"v1":29300,"variant":29300},"shownMs":4400}"#), "\(whatIf.stdout)")
    }
}
