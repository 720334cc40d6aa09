import AppSession
import NativeErrorPolicy
import OfflineBanner
import Testing

/// One test per definition of app-session.md's "What it measures", in its order, written
/// against the core alone. Offsets are 0 unless the rule is about the clock.
@Suite("What it measures")
struct MeasureTests {
    let connect = BannerInput.connect(context: nil, online: true)
    let failed = BannerInput.fetchRequestError(FetchRequestError())

    @Test("connectivity starts offline: a path offline before any online is no drop; a repeat is not listed")
    func connectivityLines() {
        let s = session(
            web: [],
            native: [
                (0, .path(online: false)), (10, .path(online: true)), (20, .path(online: true)),
                (30, .path(online: false)), (40, .path(online: false)),
            ])
        #expect(
            s.lines.map(\.jsonLine) == [
                #"{"t":10,"layer":"native","connectivity":"online"}"#,
                #"{"t":30,"layer":"native","connectivity":"offline"}"#,
            ])
        #expect(s.drops.map(\.t) == [30])
        #expect(s.edges.map(\.t) == [10])  // the first online is an edge
        #expect(s.summary.drops == 1 && s.summary.edges == 1)
    }

    @Test("dropToPill: 0 when a failed request raised the pill before the drop")
    func pillAlreadyUp() {
        let s = session(web: [(0, connect), (500, failed)], native: [(0, .path(online: true)), (1000, .path(online: false))])
        #expect(s.drops == [SessionDrop(t: 1000, edge: nil, dropToPill: 0, pill: 1000)])
    }

    @Test("dropToPill: from the drop to the first offline banner record at or after it")
    func pillAfterDrop() {
        let s = session(
            web: [(0, connect), (1200, .offline)],
            native: [
                (0, .path(online: true)), (1000, .path(online: false)),
                (5000, .path(online: true)),
            ])
        #expect(s.drops == [SessionDrop(t: 1000, edge: 5000, dropToPill: 1000, pill: 2000)])
    }

    @Test("dropToPill: a pill at or after the edge does not count: the drop is unannounced, and no finding")
    func pillAfterEdge() {
        let s = session(
            web: [(0, connect), (4400, .offline)],
            native: [
                (0, .path(online: true)), (1000, .path(online: false)),
                (5100, .path(online: true)),
            ])
        #expect(s.drops.map(\.isUnannounced) == [true])
        #expect(s.summary.unannounced == 1 && s.summary.dropToPill.count == 0)
        #expect(s.edges.map(\.edgeToClear) == [nil, nil])  // the pill came at 5200, after the edge
        #expect(s.findings.isEmpty)
    }

    @Test("a pill at the edge's own time: not before the edge for the drop, but at or before it for the banner state")
    func pillAtTheEdge() {
        // The debounce fires at 5100, the edge's own time. The contract's words, taken as
        // written: the drop is unannounced, and the banner state at the edge is offline.
        let s = session(
            web: [(0, connect), (4300, .offline)],
            native: [
                (0, .path(online: true)), (1000, .path(online: false)),
                (5100, .path(online: true)),
            ])
        #expect(s.drops.map(\.isUnannounced) == [true])
        #expect(s.edges.map(\.edgeToClear) == [nil, .stuck])
        #expect(s.findings.map(\.jsonLine) == [#"{"t":5100,"finding":"pill-outlived-network","edge":5100}"#])
    }

    @Test("dropToPill: without an edge, a pill at any later time counts")
    func pillWithoutEdge() {
        let s = session(web: [(0, connect), (9000, .offline)], native: [(0, .path(online: true)), (1000, .path(online: false))])
        #expect(s.drops.map(\.dropToPill) == [8800])
    }

    @Test("edgeToClear: measured only at an edge where the banner state is offline")
    func clearOnlyWithPill() {
        let s = session(web: [(0, connect)], native: [(0, .path(online: true)), (1000, .path(online: false)), (3000, .path(online: true))])
        #expect(s.edges.map(\.edgeToClear) == [nil, nil])
        #expect(s.summary.edgeToClear == LatencySummary([], stuck: 0))
    }

    @Test("edgeToClear: any record that takes the pill off the screen: the green flash, or a disconnect")
    func clearByAnyRecord() {
        let flash = session(
            web: [(0, connect), (100, failed), (3500, .online)],
            native: [(0, .path(online: false)), (3000, .path(online: true))])
        #expect(flash.edges.map(\.edgeToClear) == [.measured(500)])
        let gone = session(
            web: [(0, connect), (100, failed), (3700, .disconnect)],
            native: [(0, .path(online: false)), (3000, .path(online: true))])
        #expect(gone.edges.map(\.edgeToClear) == [.measured(700)])
    }

    @Test("edgeToClear: stuck when the pill stays up to the next drop, or to the end")
    func clearStuck() {
        let beforeNextDrop = session(
            web: [(0, connect), (100, failed), (6000, .online)],
            native: [(0, .path(online: false)), (3000, .path(online: true)), (6000, .path(online: false))])
        #expect(beforeNextDrop.edges.map(\.edgeToClear) == [.stuck])  // 6000 is not strictly before the drop at 6000
        let never = session(web: [(0, connect), (100, failed)], native: [(0, .path(online: false)), (3000, .path(online: true))])
        #expect(never.edges.map(\.edgeToClear) == [.stuck])
        #expect(never.summary.edgeToClear == LatencySummary([], stuck: 1))
    }

    @Test("an offline view is up when the policy has one on screen just after the edge is handled")
    func offlineViewUp() {
        let up = session(web: [], native: [(0, .presented(surface: "tab:home", error: offlineError)), (1000, .path(online: true))])
        #expect(up.edges.map(\.edgeToPage) == [.stuck])
        // A server view never retries by itself: no edgeToPage.
        let server = session(web: [], native: [(0, .presented(surface: "tab:home", error: serverError)), (1000, .path(online: true))])
        #expect(server.edges.map(\.edgeToPage) == [nil])
        // The probe of a view presented online is due at 2500: it fires (and retries) before the
        // record at 2500 is handled, so no view is left for the edge at 3000.
        let retried = session(
            web: [],
            native: [
                (0, .path(online: true)), (0, .presented(surface: "s", error: offlineError)),
                (2500, .path(online: false)), (3000, .path(online: true)),
            ])
        #expect(retried.edges.map(\.edgeToPage) == [nil, nil])
        // Going offline at 2000 cancels that probe instead: the view is still up at the edge.
        let waiting = session(
            web: [],
            native: [
                (0, .path(online: true)), (0, .presented(surface: "s", error: offlineError)),
                (2000, .path(online: false)), (3000, .path(online: true)),
            ])
        #expect(waiting.edges.map(\.edgeToPage) == [nil, .stuck])
    }

    @Test("edgeToPage: to the first connect at or after the edge, whatever its online says")
    func pageUp() {
        let s = session(
            web: [(0, connect), (1700, .connect(context: nil, online: false))],
            native: [(0, .presented(surface: "tab:home", error: offlineError)), (1000, .path(online: true))])
        #expect(s.edges.map(\.edgeToPage) == [.measured(700)])
        #expect(s.summary.edgeToPage == LatencySummary([700], stuck: 0))
    }

    @Test("edgeToPage: stuck when no page came up before the next drop")
    func pageStuck() {
        let s = session(
            web: [(0, connect), (5000, connect)],
            native: [
                (0, .presented(surface: "tab:home", error: offlineError)), (1000, .path(online: true)),
                (4000, .path(online: false)),
            ])
        #expect(s.edges.map(\.edgeToPage) == [.stuck])
    }

    @Test("the session end: the largest t of the merged timeline or of either log's records, native ones moved")
    func sessionEnd() {
        #expect(session(web: [(0, connect), (100, .offline)], native: [(50, nil)]).summary.end == 900)  // the debounce
        #expect(session(web: [(0, connect)], native: [(50, nil)], offset: 100).summary.end == 150)
        #expect(session(web: [], native: []).summary.end == nil)
    }
}

/// One test per row of app-session.md's findings table.
@Suite("Findings")
struct FindingTests {
    let connect = BannerInput.connect(context: nil, online: true)

    @Test("late-pill | dropToPill greater than lateMs | at the pill's time")
    func latePill() {
        let late = session(web: [(0, connect), (2300, .offline)], native: [(0, .path(online: true)), (1000, .path(online: false))])
        #expect(late.findings.map(\.jsonLine) == [#"{"t":3100,"finding":"late-pill","drop":1000,"latencyMs":2100}"#])
        let onTime = session(web: [(0, connect), (2200, .offline)], native: [(0, .path(online: true)), (1000, .path(online: false))])
        #expect(onTime.findings.isEmpty)  // exactly lateMs is not late
        let strict = session(
            web: [(0, connect), (2200, .offline)], native: [(0, .path(online: true)), (1000, .path(online: false))],
            lateMs: 1999.5)
        #expect(strict.findings.map(\.kind) == [.latePill])
    }

    @Test("pill-outlived-network | edgeToClear greater than lateMs, or stuck | at the edge")
    func pillOutlivedNetwork() {
        let slow = session(
            web: [(0, connect), (100, .fetchRequestError(FetchRequestError())), (5500, .online)],
            native: [(0, .path(online: false)), (3000, .path(online: true))])
        #expect(slow.findings.map(\.jsonLine) == [#"{"t":3000,"finding":"pill-outlived-network","edge":3000,"latencyMs":2500}"#])
        let stuck = session(
            web: [(0, connect), (100, .fetchRequestError(FetchRequestError()))],
            native: [(0, .path(online: false)), (3000, .path(online: true))])
        #expect(stuck.findings.map(\.jsonLine) == [#"{"t":3000,"finding":"pill-outlived-network","edge":3000}"#])
    }

    @Test("slow-recovery | edgeToPage greater than lateMs, or stuck | at the edge")
    func slowRecovery() {
        let slow = session(
            web: [(0, connect), (3500.25, connect)],
            native: [(0, .presented(surface: "tab:home", error: offlineError)), (1000, .path(online: true))])
        #expect(slow.findings.map(\.jsonLine) == [#"{"t":1000,"finding":"slow-recovery","edge":1000,"latencyMs":2500.25}"#])
        let stuck = session(web: [], native: [(0, .presented(surface: "tab:home", error: offlineError)), (1000, .path(online: true))])
        #expect(stuck.findings.map(\.jsonLine) == [#"{"t":1000,"finding":"slow-recovery","edge":1000}"#])
        #expect(stuck.summary.findings == [.latePill: 0, .pillOutlivedNetwork: 0, .slowRecovery: 1])
    }

    @Test("findings in order of t, then of the drop or edge, then of the table")
    func order() {
        // An edge at 50 with the pill up and an offline view on screen: neither the pill nor a
        // page leaves before the drop at 1000 (both stuck, in the table's order); a later drop's
        // pill comes late.
        let s = session(
            web: [
                (0, connect), (10, .fetchRequestError(FetchRequestError())), (1500, .disconnect),
                (3100, connect), (5000, .offline),
            ],
            native: [
                (0, .presented(surface: "tab:home", error: offlineError)), (50, .path(online: true)),
                (1000, .path(online: false)), (2000, .path(online: true)), (3000, .path(online: false)),
            ])
        #expect(
            s.findings.map(\.jsonLine) == [
                #"{"t":50,"finding":"pill-outlived-network","edge":50}"#,
                #"{"t":50,"finding":"slow-recovery","edge":50}"#,
                #"{"t":5800,"finding":"late-pill","drop":3000,"latencyMs":2800}"#,
            ])
        #expect(s.drops.map(\.dropToPill) == [0, 2800])
        #expect(s.summary.findings == [.latePill: 1, .pillOutlivedNetwork: 1, .slowRecovery: 1])
    }
}

/// The merged timeline's order and clock, and the summary's statistics.
@Suite("The merged timeline and the summary")
struct TimelineTests {
    @Test("by t; at equal t native lines first; decisions keep their keys, t and until moved by the offset")
    func merged() {
        let s = session(
            web: [(0, .connect(context: nil, online: true)), (900, .fetchRequestError(FetchRequestError()))],
            native: [
                (0, .path(online: true)), (100, .presented(surface: "sheet", error: .web(.code(-2)))),
                (200, .presented(surface: "tab:home", error: .web(.code(-2)))),
            ],
            offset: 800, platform: .android)
        #expect(
            s.lines.map(\.jsonLine) == [
                #"{"t":800,"layer":"native","connectivity":"online"}"#,
                #"{"t":900,"layer":"native","surface":"sheet","view":"offline"}"#,
                #"{"t":900,"layer":"web","banner":"offline","label":"Sin conexión","cause":"fetch-request-error"}"#,
                #"{"t":1000,"layer":"native","surface":"tab:home","view":"offline"}"#,
                #"{"t":3400,"layer":"native","surface":"sheet","retry":"auto","trigger":"probe"}"#,
                #"{"t":3500,"layer":"native","surface":"tab:home","deferred":"cooldown","until":18400}"#,
                #"{"t":18400,"layer":"native","surface":"tab:home","retry":"auto","trigger":"probe"}"#,
            ])
    }

    @Test("median is the lower middle, p90 the value at index ceil(0.9 n) - 1, max the largest")
    func statistics() {
        let ten = LatencySummary([10, 1, 9, 2, 8, 3, 7, 4, 6, 5], stuck: 0)
        #expect(ten.median == 5 && ten.p90 == 9 && ten.max == 10 && ten.count == 10)
        let two = LatencySummary([300, 100], stuck: nil)
        #expect(two.median == 100 && two.p90 == 300 && two.max == 300)
        let eleven = LatencySummary((1...11).map(Double.init), stuck: 2)
        #expect(eleven.median == 6 && eleven.p90 == 10)
        #expect(eleven.json == #"{"count":11,"median":6,"p90":10,"max":11,"stuck":2}"#)
        #expect(LatencySummary([], stuck: nil).json == #"{"count":0}"#)
    }
}
