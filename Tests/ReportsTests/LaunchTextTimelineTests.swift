import LaunchPolicy
import NativeErrorPolicy
import Reports
import Testing

/// The launch timeline as a table (docs/launch.md's example): time right-aligned in 12, the
/// screen or the decision in 10, then why.
@Suite("LaunchTextTimeline")
struct LaunchTextTimelineTests {
    static func screen(_ t: Double, _ screen: RootScreen, _ cause: ScreenCause) -> String {
        LaunchTextTimeline.row(.screen(ScreenChange(t: t, screen: screen, cause: cause)))
    }

    @Test("the docs' rows, exactly")
    func docsRows() {
        #expect(LaunchTextTimeline.header == "      t (ms)  screen      detail")
        #expect(Self.screen(0, .loading, .launch) == "           0  loading     launch: a new root; the first page loads behind the loading screen")
        #expect(
            Self.screen(310.5, .error, .presented(surface: "tab:home", view: .offline))
                == "       310.5  error       presented on tab:home: a first visit failed (offline view); the root error screen shows it")
        #expect(Self.screen(9050.5, .web, .pageLoad) == "      9050.5  web         page-load connect: the page is ready; crossfade to the web view")
        #expect(
            LaunchTextTimeline.row(.launch(LaunchDecision(t: 9050.5, outcome: .ready, launchMs: 9050.5)))
                == "      9050.5  ready       9050.5 ms from the launch to the web view")
    }

    @Test("the settings line: the platform and the stall")
    func settings() {
        #expect(LaunchTextTimeline.settings(LaunchSettings()) == "ios: stall 10000 ms")
        #expect(LaunchTextTimeline.settings(LaunchSettings(platform: .android, stall: 2500.25)) == "android: stall 2500.25 ms")
    }

    @Test("offseason at launch and by config, a lifted flag with the page ready or still loading, and a stall")
    func otherRows() {
        #expect(Self.screen(0, .offseason, .launch) == "           0  offseason   launch: a new root; offseason, and this user is not a tester")
        #expect(Self.screen(50000, .offseason, .config) == "       50000  offseason   config: offseason, and this user is not a tester: sent out")
        #expect(Self.screen(60000, .web, .config) == "       60000  web         config: the flag lifted; the page was ready behind it")
        #expect(Self.screen(60000, .loading, .config) == "       60000  loading     config: the flag lifted; the page is still loading")
        #expect(
            LaunchTextTimeline.row(.launch(LaunchDecision(t: 10000, outcome: .stalled, launchMs: 10000)))
                == "       10000  stalled     10000 ms since the launch on the loading screen, with neither a page nor an error")
    }

    @Test("a surface with control characters prints escaped; a time past 2^53 thousandths prints every digit, never in exponent form")
    func edges() {
        #expect(
            Self.screen(1e16, .error, .presented(surface: "tab\n\u{202E}home", view: .server))
                == #"10000000000000000  error       presented on tab\u{A}\u{202E}home: a first visit failed (server view); the root error screen shows it"#)
    }
}
