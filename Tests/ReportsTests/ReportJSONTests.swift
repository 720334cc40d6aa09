import OfflineBanner
import PolicyCore
import Testing
import TurboRecording

@testable import BannerFindings
@testable import Reports

/// `explain --format jsonl`: a line per finding, then the summary line, keys in a fixed order
/// (docs/field-reports.md's example for recordings/chromium/dead-upstream-frame.jsonl).
@Suite("ReportJSON")
struct ReportJSONTests {
    static let onlineLied = BannerFinding(
        t: 1239.6, lines: [5, 2],
        detail: OnlineLied(
            request: FailedRequest(
                via: "turbo:fetch-request-error", target: "turbo-frame#comments", method: "GET", url: "http://127.0.0.1:41025/frame/comments",
                error: "TypeError: Failed to fetch"), onlineSince: 164.6))

    @Test("the docs' finding lines, exactly")
    func docsFindings() {
        #expect(
            ReportJSON.finding(Self.onlineLied)
                == #"{"t":1239.6,"finding":"online-lied","level":"warning","lines":[2,5],"via":"turbo:fetch-request-error","target":"turbo-frame#comments","method":"GET","url":"http://127.0.0.1:41025/frame/comments","error":"TypeError: Failed to fetch","onlineSince":164.6,"message":"A request (turbo-frame#comments GET http://127.0.0.1:41025/frame/comments) failed at the network layer while navigator.onLine was true (since 164.6): dead upstream, captive portal, or a radio with zero throughput."}"#
        )
        let stale = BannerFinding(
            t: 3547.6, lines: [5, 6, 10],
            detail: StalePill(
                raisedAt: 1239.6, raisedBy: .fetchRequestError, evidence: "turbo:before-fetch-response", responses: 2, until: 5168.1,
                clearedBy: .disconnect, navigatorOnline: true))
        #expect(
            ReportJSON.finding(stale)
                == #"{"t":3547.6,"finding":"stale-pill","level":"warning","lines":[5,6,10],"raisedAt":1239.6,"raisedBy":"fetch-request-error","evidence":"turbo:before-fetch-response","responses":2,"navigatorOnline":true,"until":5168.1,"staleMs":1620.5,"clearedBy":"disconnect","message":"A response (turbo:before-fetch-response) arrived while the amber pill was up (2 responses in all), yet the pill stayed up 1620.5 ms more, until 5168.1 (disconnect): navigator.onLine stayed true, so no online event came to take it down (only online, connect, disconnect or the page unloading can)."}"#
        )
    }

    @Test("the docs' summary line, exactly")
    func docsSummary() {
        var summary = RecordingSummary()
        summary.records = 13
        summary.end = 5231.6
        summary.pills = PillTotals([PillEpisode(start: 1239.6, end: 5168.1, cause: .fetchRequestError)])
        summary.findings = [.stalePill: 1, .onlineLied: 1]
        #expect(
            ReportJSON.summary(summary)
                == #"{"summary":{"records":13,"end":5231.6,"pill":{"episodes":1,"ms":3928.5,"byCause":{"fetch-request-error":3928.5},"stillUpAtEnd":false},"toasts":0,"silent":[],"findings":{"online-lied":1,"stale-pill":1},"levels":{"warning":2,"info":0},"skippedLines":0}}"#
        )
    }

    @Test("an empty log: no end, no pill, every level at 0")
    func emptySummary() {
        #expect(
            ReportJSON.summary(RecordingSummary())
                == #"{"summary":{"records":0,"pill":{"episodes":0,"ms":0,"byCause":{},"stillUpAtEnd":false},"toasts":0,"silent":[],"findings":{},"levels":{"warning":0,"info":0},"skippedLines":0}}"#
        )
    }

    @Test("silent submissions sorted by reason, then status (none first); a pill still up at the end says so")
    func silentAndStillUp() {
        var summary = RecordingSummary()
        summary.pills = PillTotals([PillEpisode(start: 0, end: 100, cause: .offline), PillEpisode(start: 200, end: 250.25, cause: .offline, stillUp: true)])
        summary.silent = [SilentKey(reason: "success"): 2, SilentKey(reason: "server-response", status: 500): 1, SilentKey(reason: "server-response"): 3]
        summary.skippedLines = 4
        let line = ReportJSON.summary(summary)
        #expect(line.contains(#""pill":{"episodes":2,"ms":150.25,"byCause":{"offline":150.25},"stillUpAtEnd":true}"#))
        #expect(
            line.contains(
                #""silent":[{"reason":"server-response","count":3},{"reason":"server-response","status":500,"count":1},{"reason":"success","count":2}]"#))
        #expect(line.hasSuffix(#""skippedLines":4}}"#))
    }

    @Test("strings from the log are escaped: quotes, backslashes, newlines and other controls")
    func escaping() {
        let finding = BannerFinding(t: 1, lines: [3], detail: ReloadOffline(url: "/a\"b\\c\nd\u{1}"))
        #expect(ReportJSON.finding(finding).hasPrefix(#"{"t":1,"finding":"reload-offline","level":"warning","lines":[3],"url":"/a\"b\\c\nd\u0001","message":"#))
        #expect(ReportJSON.object([("a\tb", "1")]) == #"{"a\tb":1}"#)
        #expect(ReportJSON.object([]) == "{}")
    }

    @Test("a submission's failed request names its action; flap, relabelled toast and emulated online carry their figures")
    func otherFindings() {
        let submit = BannerFinding(
            t: 10, lines: [4], detail: OnlineLied(request: FailedRequest(via: "turbo:submit-end", method: "POST", url: "/posts"), onlineSince: nil))
        #expect(
            ReportJSON.finding(submit).hasPrefix(
                #"{"t":10,"finding":"online-lied","level":"warning","lines":[4],"via":"turbo:submit-end","method":"POST","action":"/posts","message":"#))
        let flap = BannerFinding(t: 776.3, lines: [3, 4], detail: FlapSuppressed(downMs: 300.25, debounceMs: 800))
        #expect(
            ReportJSON.finding(flap)
                == #"{"t":776.3,"finding":"flap-suppressed","level":"info","lines":[3,4],"downMs":300.25,"debounceMs":800,"message":"navigator.onLine was false for 300.25 ms, less than the 800 ms debounce, so no pill was shown."}"#
        )
        let toast = BannerFinding(
            t: 100, lines: [2], detail: RelabelledToast(label: "L", replacedAt: 350.5, relabelledTo: "M", request: FailedRequest(via: "v")))
        #expect(ReportJSON.finding(toast).contains(#""label":"L","replacedAt":350.5,"shownMs":250.5,"relabelledTo":"M","via":"v","message":"#))
        let emulated = BannerFinding(t: 1000, lines: [7, 8], detail: EmulatedOnline(unloadAt: 1040, flash: true))
        #expect(ReportJSON.finding(emulated).contains(#""unloadAt":1040,"beforeUnloadMs":40,"flash":true,"message":"#))
    }

    @Test("levels: every level, warning first; counted: the level, the count and the logs in order")
    func levelsAndCounts() {
        #expect(ReportJSON.levels([:]) == #"{"warning":0,"info":0}"#)
        #expect(ReportJSON.levels([.info: 3]) == #"{"warning":0,"info":3}"#)
        #expect(
            ReportJSON.counted(3, in: [("b.jsonl", 2), ("a.jsonl", 1)], level: .warning)
                == #"{"level":"warning","count":3,"recordings":{"b.jsonl":2,"a.jsonl":1}}"#)
        #expect(ReportJSON.counted(0, in: []) == #"{"count":0,"recordings":{}}"#)
    }

    @Test("a log not read: its path, its line when there is one, the kind and the message")
    func failures() {
        #expect(ReportJSON.failures([]) == "[]")
        #expect(
            ReportJSON.failures([
                RecordingError(.malformed, path: "a.jsonl", line: 2, "bad \"t\""), RecordingError(.unreadable, path: "b\n.jsonl", line: nil, "gone"),
            ]) == #"[{"path":"a.jsonl","line":2,"kind":"malformed","message":"bad \"t\""},{"path":"b\n.jsonl","kind":"unreadable","message":"gone"}]"#)
    }
}
