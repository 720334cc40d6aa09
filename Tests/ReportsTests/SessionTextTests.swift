import AppSession
import NativeErrorPolicy
import OfflineBanner
import Testing

@testable import Reports

/// `session`'s text, from an app session put together by hand: docs/app-session.md's example
/// (recordings/session/field-report.jsonl and its native log) line for line, and the edge rows.
@Suite("SessionText")
struct SessionTextTests {
    /// The field report's two logs, fed record by record; the native log's clock is 1500 ms early.
    static func fieldReport() -> AppSession {
        var web = WebSessionLog()
        for (t, input) in [(200.0, BannerInput.connect()), (4700, .offline), (11800, .online), (15600, .disconnect), (24200, .connect())] {
            web.feed(input, at: t)
        }
        web.finish()
        var native = NativeSessionLog()
        let inputs: [(Double, PolicyInput)] = [
            (1600, .path(online: true)), (6000, .path(online: false)), (9500, .path(online: true)), (16500, .path(online: false)),
            (17100, .presented(surface: "tab:home", error: .web(.code(-1009)))), (22500, .path(online: true)),
        ]
        for (t, input) in inputs { native.feed(input, at: t) }
        native.finish()
        return AppSession(web: web, native: native, offset: -1500)
    }

    @Test("the docs' example, exactly")
    func docsExample() {
        let session = Self.fieldReport()
        let header = SessionText.header(
            web: "recordings/session/field-report.jsonl", native: "recordings/session/field-report.native.jsonl", session: session,
            alignment: "from the two startedAt", banner: BannerSettings(), policy: session.nativeSettings)
        let lines =
            header + [SessionText.tableHeader] + SessionText.rows(session) + [""] + SessionText.latencies(session) + [""] + SessionText.findings(session)
        #expect(
            lines == [
                "session recordings/session/field-report.jsonl (web) + recordings/session/field-report.native.jsonl (native)",
                "  one clock, the page's: a native t is at t − 1500 ms (from the two startedAt)",
                "  web: debounce 800 ms, flash 2000 ms; native: ios, settle 400 ms, probe 2500 ms, no cooldown",
                "  late: more than 2000 ms",
                "",
                "      t (ms)  layer   what",
                "         100  native  connectivity online    ← an edge: the app's first path says online",
                "        4500  native  connectivity offline   ← a drop: the network went away (the pill 1000 ms later, at 5500)",
                "        5500  web     offline       “Sin conexión”                                    ← offline for the whole debounce",
                "        8000  native  connectivity online    ← an edge: the network came back (the pill left 3800 ms later)",
                "       11800  web     back-online   “De nuevo en línea”                               ← online event",
                "       13800  web     hidden                                                          ← back-online flash elapsed",
                "       15000  native  connectivity offline   ← a drop: the network went away (no pill before it came back: unannounced)",
                "       15600  native  tab:home      offline view    watches connectivity, retries by itself",
                "       21000  native  connectivity online    ← an edge: the network came back (an offline error view was up; a page came 3200 ms later)",
                "       21400  native  tab:home      retry (auto)    edge: the path came back and settled",
                "",
                "latencies",
                "  dropToPill   1 measured: median 1000 ms, p90 1000 ms, max 1000 ms (of 2 drops, 1 unannounced)",
                "  edgeToClear  1 measured: median 3800 ms, p90 3800 ms, max 3800 ms (of 3 edges, 1 with the pill up)",
                "  edgeToPage   1 measured: median 3200 ms, p90 3200 ms, max 3200 ms (of 3 edges, 1 with an offline error view up)",
                "",
                "2 findings",
                "  pill-outlived-network at 8000: the network came back and the pill stayed 3800 ms more (more than 2000 ms)",
                "  slow-recovery at 21000: the network came back with an offline error view up, and the first page came 3200 ms later (more than 2000 ms)",
                "error views: 1",
                "  policyMs 5800 ms, by the retry policy (0 still open at the end; tab:home 5800 ms); each: median 5800 ms, p90 5800 ms, max 5800 ms",
                // No app-retry in this log: by it, the view at 15600 is up to the session's end, 24200.
                "  shownMs 8600 ms, by the app's own log (1 still open at the end); each: median 8600 ms, p90 8600 ms, max 8600 ms",
            ])
    }

    @Test("an empty session: no rows, nothing measured, no findings; a positive offset and a cooldown; paths terminal-safe")
    func empty() {
        let session = AppSession(web: WebSessionLog(timeline: [], connects: [], lastRecord: nil), native: NativeSessionLog(), offset: 250.5)
        #expect(SessionText.rows(session).isEmpty)
        #expect(
            SessionText.latencies(session) == [
                "latencies", "  dropToPill   none measured (of 0 drops, 0 unannounced)", "  edgeToClear  none measured (of 0 edges, 0 with the pill up)",
                "  edgeToPage   none measured (of 0 edges, 0 with an offline error view up)",
            ])
        #expect(SessionText.findings(session) == ["findings: none (late is more than 2000 ms)", "error views: none on screen"])
        let header = SessionText.header(
            web: "a\nb.jsonl", native: "c.jsonl", session: session, alignment: "given (--offset-ms)", banner: BannerSettings(variants: [.recoverOnResponse]),
            policy: PolicySettings(platform: .android))
        #expect(header[0] == #"session a\u{A}b.jsonl (web) + c.jsonl (native)"#)
        #expect(header[1] == "  one clock, the page's: a native t is at t + 250.5 ms (given (--offset-ms))")
        #expect(
            header[2] == "  web: debounce 800 ms, flash 2000 ms, variant recover-on-response; native: android, settle 400 ms, probe 2500 ms, cooldown 15000 ms")
    }

    @Test("a latency: none, measured (with its stuck ones), all stuck")
    func describe() {
        #expect(SessionText.describe(LatencySummary([], stuck: nil)) == "none measured")
        #expect(SessionText.describe(LatencySummary([], stuck: 0)) == "none measured")
        #expect(SessionText.describe(LatencySummary([1400, 400], stuck: 1)) == "2 measured: median 400 ms, p90 1400 ms, max 1400 ms; 1 stuck")
        #expect(SessionText.describe(LatencySummary([], stuck: 2)) == "none measured; 2 stuck")
    }
}

/// v1.1's rows: the records set in with `·` and each log's own findings with `!`, at their times.
@Suite("The session's cause rows")
struct SessionCauseRowsTests {
    @Test("a record row and a layer finding sit among the lines, in time order")
    func causeRows() throws {
        var web = WebSessionLog()
        web.feed(
            .connect(context: nil, online: true), at: 100,
            record: SessionRecord(t: 100, type: "connect", fields: [.init(key: "online", json: "true"), .init(key: "page", json: #""/""#)]))
        web.finish()
        var native = NativeSessionLog()
        native.feed(.path(online: true), at: 0)
        native.finish()
        let finding = try #require(LayerFinding(explained: #"{"t":50,"finding":"x","level":"info","message":"why"}"#, layer: .web))
        let session = AppSession(web: web, native: native, offset: 0, layerFindings: [finding])
        #expect(
            SessionText.rows(session) == [
                "           0  native  connectivity online    ← an edge: the app's first path says online",
                "          50  web       ! x (info, the web log's own): why",
                "         100  web       · connect online=true page=\"/\"",
            ])
    }
}
