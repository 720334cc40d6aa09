import OfflineBanner
import PolicyCore
import Testing
import TurboRecording

@testable import BannerFindings
@testable import Reports

/// `explain`'s text for a web log (docs/field-reports.md's walk-through of
/// recordings/chromium/dead-upstream-frame.jsonl): the header, timer, observed and finding rows,
/// and the summary.
@Suite("ExplainText")
struct ExplainTextTests {
    @Test("the docs' header, exactly; without a meta, only the timings; a variant named")
    func header() {
        let meta = Meta(source: "chromium", page: "/", startedAt: "2026-11-30T11:37:41.348Z")
        #expect(
            ExplainText.header(path: "recordings/chromium/dead-upstream-frame.jsonl", meta: meta, settings: BannerSettings()) == [
                "explain recordings/chromium/dead-upstream-frame.jsonl",
                "  source chromium, page /, started 2026-11-30T11:37:41.348Z; debounce 800 ms, flash 2000 ms", "",
            ])
        #expect(
            ExplainText.header(path: "-", meta: nil, settings: BannerSettings(debounce: 0.5, flash: 0)) == ["explain -", "  debounce 0.5 ms, flash 0 ms", ""])
        #expect(
            ExplainText.header(path: "a", meta: Meta(), settings: BannerSettings(variants: [.recoverOnResponse]))[1]
                == "  debounce 800 ms, flash 2000 ms; variant recover-on-response")
    }

    @Test("a path, source or page with a newline or an escape prints escaped")
    func escapedHeader() {
        let lines = ExplainText.header(path: "a\nb.jsonl", meta: Meta(source: "\u{1B}[2J", page: "/\r"), settings: BannerSettings())
        #expect(lines == [#"explain a\u{A}b.jsonl"#, #"  source \u{1B}[2J, page /\u{D}; debounce 800 ms, flash 2000 ms"#, ""])
    }

    @Test("the docs' finding row, exactly")
    func findingRow() {
        let finding = BannerFinding(
            t: 1239.6, lines: [2, 5],
            detail: OnlineLied(
                request: FailedRequest(
                    via: "turbo:fetch-request-error", target: "turbo-frame#comments", method: "GET", url: "http://127.0.0.1:41025/frame/comments"),
                onlineSince: 164.6))
        #expect(
            ExplainText.row(.finding(finding))
                == "  finding  online-lied (warning) at 1239.6 [lines 2, 5]: A request (turbo-frame#comments GET http://127.0.0.1:41025/frame/comments) failed at the network layer while navigator.onLine was true (since 164.6): dead upstream, captive portal, or a radio with zero throughput."
        )
        let flap = BannerFinding(t: 776.3, lines: [3], detail: FlapSuppressed(downMs: 300, debounceMs: 800))
        #expect(
            ExplainText.row(.finding(flap))
                == "  finding  flap-suppressed (info) at 776.3 [line 3]: navigator.onLine was false for 300 ms, less than the 800 ms debounce, so no pill was shown."
        )
    }

    @Test("the docs' observed rows: the first response while the pill is up, and a Visit; other observed records print nothing")
    func observedRows() {
        let response = ObservedStep(
            line: 6, t: 3547.6, observed: Observed(type: "turbo:before-fetch-response", target: "turbo-frame#comments", statusCode: 200),
            role: .response(whilePillUp: true, first: true))
        #expect(
            ExplainText.row(.observed(response))
                == "   line 6  turbo:before-fetch-response at 3547.6 (200 turbo-frame#comments): a response arrived while the pill is up: the network works")
        let visit = ObservedStep(line: 8, t: 5141.3, observed: Observed(type: "turbo:visit", url: "/page2", action: "advance"), role: .visit)
        #expect(ExplainText.row(.observed(visit)) == "   line 8  turbo:visit at 5141.3 (/page2, advance): Turbo starts a Visit")
        var later = response
        later.role = .response(whilePillUp: true, first: false)
        #expect(ExplainText.row(.observed(later)) == nil)
        #expect(ExplainText.row(.observed(ObservedStep(line: 9, t: 1, observed: Observed(type: "turbo:submit-start"), role: .submitStart))) == nil)
    }

    @Test("a reload, with or without its reason, and a load from Turbo's cache; line numbers over 9999 push the column")
    func moreObserved() {
        #expect(
            ExplainText.row(.observed(ObservedStep(line: 12345, t: 2, observed: Observed(type: "turbo:reload", reason: "request_failed"), role: .reload)))
                == "line 12345  turbo:reload at 2 (request_failed): Turbo does a full page load")
        #expect(
            ExplainText.row(.observed(ObservedStep(line: 3, t: 2, observed: Observed(type: "turbo:reload"), role: .reload)))
                == "   line 3  turbo:reload at 2 (no reason given): Turbo does a full page load")
        #expect(
            ExplainText.row(.observed(ObservedStep(line: 4, t: 2, observed: Observed(type: "turbo:load"), role: .cachedLoad)))
                == "   line 4  turbo:load at 2: rendered from Turbo's cache (restoration Visit, no response): says nothing about the network")
    }

    @Test("timers: the debounce raising the pill (the docs' row), a flash ending, and a timer that changed nothing")
    func timerRows() {
        let pill = TimerStep(
            timer: .debounce, due: 1549.4, origin: Origin(line: 5, t: 749.4),
            change: BannerChange(t: 1549.4, banner: .offline, label: "Sin conexión", cause: .offline), cancelledFlash: true)
        #expect(
            ExplainText.row(.timer(pill))
                == "    timer  debounce fired at 1549.4 (offline at 749.4, line 5): pill “Sin conexión”, back-online flash cancelled")
        let flash = TimerStep(
            timer: .flash, due: 5509, origin: Origin(line: 9, t: 3509), change: BannerChange(t: 5509, banner: .hidden, label: nil, cause: .flashElapsed),
            cancelledFlash: false)
        #expect(ExplainText.row(.timer(flash)) == "    timer  flash ended at 5509 (online at 3509, line 9): banner hidden")
        #expect(
            ExplainText.row(.timer(TimerStep(timer: .debounce, due: 1, origin: nil, change: nil, cancelledFlash: false)))
                == "    timer  debounce fired at 1: nothing visible")
    }

    @Test("findings by level: none, and the docs' two warnings; warnings before info")
    func byLevel() {
        #expect(ExplainText.byLevel([]) == "none")
        #expect(ExplainText.byLevel([("online-lied", .warning, 1), ("stale-pill", .warning, 1)]) == "warning 2 (online-lied 1, stale-pill 1)")
        #expect(
            ExplainText.byLevel([("flap-suppressed", .info, 3), ("online-lied", .warning, 1), ("stale-pill", .warning, 0)])
                == "warning 1 (online-lied 1), info 3 (flap-suppressed 3)")
    }

    @Test("the docs' summary, exactly")
    func docsSummary() {
        var summary = RecordingSummary()
        summary.pills = PillTotals([PillEpisode(start: 1239.6, end: 5168.1, cause: .fetchRequestError)])
        summary.findings = [.onlineLied: 1, .stalePill: 1]
        #expect(
            ExplainText.summary(summary) == [
                "", "summary", "  pill up 3928.5 ms in 1 episode: fetch-request-error 3928.5 ms", "  toasts 0", "  silent submissions: none",
                "  findings: warning 2 (online-lied 1, stale-pill 1)",
            ])
    }

    @Test("an empty log's summary; several episodes by cause, one still up; silent reasons; skipped lines")
    func otherSummaries() {
        #expect(
            ExplainText.summary(RecordingSummary()) == [
                "", "summary", "  pill never up", "  toasts 0", "  silent submissions: none", "  findings: none",
            ])
        var summary = RecordingSummary()
        summary.pills = PillTotals([
            PillEpisode(start: 0, end: 100, cause: .offline), PillEpisode(start: 200, end: 300, cause: .submitFailed),
            PillEpisode(start: 400, end: 450.5, cause: .offline, stillUp: true),
        ])
        summary.toasts = 1
        summary.silent = [SilentKey(reason: "server-response", status: 422): 2, SilentKey(reason: "disconnected"): 1]
        summary.skippedLines = 3
        #expect(
            ExplainText.summary(summary) == [
                "", "summary", "  pill up 250.5 ms in 3 episodes: offline 150.5 ms (2), submit-failed 100 ms; still up when the recording ends",
                "  toasts 1", "  silent submissions: disconnected 1, server-response 422 2", "  findings: none", "  malformed lines skipped: 3",
            ])
    }
}
