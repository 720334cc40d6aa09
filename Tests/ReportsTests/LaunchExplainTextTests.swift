import LaunchPolicy
import NativeErrorPolicy
import Testing
import TurboRecording

@testable import NativeFindings
@testable import Reports

/// `explain`'s launch section, from an analyzer fed records made by hand: docs/launch.md's
/// example (recordings/launch/app-screen-lags.jsonl) line for line, and the edge rows.
@Suite("LaunchExplainText")
struct LaunchExplainTextTests {
    static func analyzer(_ events: [(Double, NativeEvent)], platform: Platform = .ios) -> LaunchAnalyzer {
        var analyzer = LaunchAnalyzer()
        analyzer.feed(NativeRecord(line: 1, event: .meta(NativeMeta(platform: platform))))
        for (index, (t, event)) in events.enumerated() { analyzer.feed(NativeRecord(line: index + 2, event: .timed(t: t, event))) }
        analyzer.finish()
        return analyzer
    }

    @Test("the docs' example, exactly")
    func docsExample() {
        let analyzer = Self.analyzer([
            (0, .launch(cold: true)), (0, .appScreen("loading")), (1840.5, .bridge(component: "page-load", event: "connect")),
            (2950, .appScreen("web")), (50000, .config(offseason: true, tester: false)), (50120, .appScreen("offseason")),
        ])
        #expect(
            LaunchExplainText.lines(analyzer) == [
                "launch: ios, stall 10000 ms, app-screen tolerance 500 ms",
                "      t (ms)  line  record                     screen      detail",
                "           0     2  launch (cold)              loading     a new root: the loading screen, the first page loading behind it; stall due at 10000",
                "           0     3  app-screen loading         loading     the app shows loading, as the policy says",
                "      1840.5     4  bridge page-load connect   web         the page is ready: crossfade to the web view, ready in 1840.5 ms",
                "        2950     5  app-screen web             web         the app shows web, as the policy says",
                "       50000     6  config offseason           offseason   offseason, not a tester: the user is sent out of the web screen",
                "       50120     7  app-screen offseason       offseason   the app shows offseason, as the policy says",
                "launches 1: ready 1 (to web 1840.5 ms), stalled 0, through error 0, offseason 1",
                "      t (ms)  finding               level    detail",
                "      1840.5  screen-mismatch       warning  lines 4, 5: The app showed loading while the launch policy says web, for 1109.5 ms (until 2950). The crossfade came late: switch the root to the web view as soon as page-load sends connect (line 4).",
                "1 launch finding (warning 1)",
            ])
    }

    @Test("an empty log: the settings, the header, no launches, and no findings because nothing was compared")
    func empty() {
        #expect(
            LaunchExplainText.lines(Self.analyzer([], platform: .android)) == [
                "launch: android, stall 10000 ms, app-screen tolerance 500 ms",
                LaunchExplainText.header,
                "launches 0: ready 0, stalled 0, through error 0, offseason 0",
                "no launch findings (no app-screen lines: the app's screens were not compared)",
            ])
    }

    @Test("the figures line lists every time to web")
    func summary() {
        var summary = LaunchSummary()
        summary.launches = 3
        summary.readyMs = [1840.5, 6500]
        summary.stalls = 1
        summary.throughError = 1
        summary.offseason = 2
        #expect(LaunchExplainText.summary(summary) == "launches 3: ready 2 (to web 1840.5, 6500 ms), stalled 1, through error 1, offseason 2")
    }

    @Test("a row without a line (a timer) leaves the line column blank; record and detail print terminal-safe")
    func rows() {
        #expect(
            LaunchExplainText.row(LaunchRow(t: 10000, line: nil, record: "stall timer", screen: .loading, detail: "stalled"))
                == "       10000        stall timer                loading     stalled")
        #expect(
            LaunchExplainText.row(LaunchRow(t: 5, line: 12345, record: "app-screen a\nb", screen: .none, detail: "\u{1B}[2J"))
                == #"           5  12345  app-screen a\u{A}b         none        \u{1B}[2J"#)
    }

    @Test("a stall finding names its one line")
    func stallFinding() {
        let finding = LaunchFinding(t: 10000, kind: .stalled, lines: [2], detail: .stalled(launchedAt: 0, launchMs: 10000))
        #expect(
            LaunchExplainText.row(finding)
                == "       10000  stalled               warning  line 2: The loading screen was still up 10000 ms after the launch at 0 (line 2), with neither a page nor an error. Check that the first page carries the page-load bridge component and that it sends connect, and that a failed first visit is presented (it raises the root error screen)."
        )
    }
}
