import LaunchPolicy
import NativeErrorPolicy
import Testing
import TurboRecording

@testable import NativeFindings

/// The launch's analyzer on records made by hand: its rows, its findings and its figures, and
/// what each way of keeping holds.
@Suite("LaunchAnalyzer rows")
struct LaunchAnalyzerRowsTests {
    static func run(_ events: [(Double, NativeEvent)], keeping: LaunchAnalyzer.Keeping = .everything) -> LaunchAnalyzer {
        var analyzer = LaunchAnalyzer(keeping: keeping)
        analyzer.feed(NativeRecord(line: 1, event: .meta(NativeMeta(platform: .ios))))
        for (index, (t, event)) in events.enumerated() { analyzer.feed(NativeRecord(line: index + 2, event: .timed(t: t, event))) }
        analyzer.finish()
        return analyzer
    }

    static let lags: [(Double, NativeEvent)] = [
        (0, .launch(cold: true)), (0, .appScreen("loading")), (1840.5, .bridge(component: "page-load", event: "connect")),
        (2950, .appScreen("web")),
    ]

    @Test("a launch, the page ready, and the app's screen late: the rows, one screen-mismatch, the figures")
    func appScreenLags() {
        let analyzer = Self.run(Self.lags)
        #expect(analyzer.rows.map(\.record) == ["launch (cold)", "app-screen loading", "bridge page-load connect", "app-screen web"])
        #expect(analyzer.rows.map(\.line) == [2, 3, 4, 5])
        #expect(analyzer.rows.map(\.screen) == [.loading, .loading, .web, .web])
        #expect(
            analyzer.findings == [
                LaunchFinding(t: 1840.5, kind: .screenMismatch, lines: [4, 5], detail: .mismatch(app: "loading", policy: .web, until: 2950, ms: 1109.5))
            ])
        #expect(analyzer.summary.launches == 1 && analyzer.summary.readyMs == [1840.5])
        #expect(analyzer.appScreenCount == 2 && analyzer.isRelevant)
    }

    @Test("keeping counts: no rows and no timeline, the same findings and figures")
    func counts() {
        let everything = Self.run(Self.lags), counts = Self.run(Self.lags, keeping: .counts)
        #expect(counts.rows.isEmpty && counts.timeline.isEmpty && counts.appScreens.isEmpty)
        #expect(counts.findings == everything.findings && counts.summary == everything.summary)
    }

    @Test("no page within the stall: a stall timer row, a stalled finding at launch + 10000, counted")
    func stall() {
        let analyzer = Self.run([(0, .launch(cold: true)), (12000, .appScreen("loading"))])
        #expect(analyzer.rows.contains { $0.record == "stall timer" && $0.line == nil && $0.t == 10000 })
        #expect(analyzer.findings.map(\.kind) == [.stalled])
        #expect(analyzer.findings.first?.detail == .stalled(launchedAt: 0, launchMs: 10000))
        #expect(analyzer.summary.stalls == 1)
    }

    @Test("a log cut before the stall is due: the stall comes after the end, neither a finding nor counted")
    func cutLog() {
        let analyzer = Self.run([(0, .launch(cold: true)), (500, .appScreen("loading"))])
        #expect(analyzer.end == 500)
        #expect(analyzer.afterEnd.map(\.row.t) == [10000])
        #expect(analyzer.findings.isEmpty && analyzer.summary.stalls == 0)
    }

    @Test("no launch and no app-screen line: nothing relevant, no rows")
    func empty() {
        let analyzer = Self.run([(100, .path(online: true))])
        #expect(!analyzer.isRelevant && analyzer.rows.isEmpty && analyzer.findings.isEmpty)
        #expect(analyzer.summary == LaunchSummary())
    }
}
