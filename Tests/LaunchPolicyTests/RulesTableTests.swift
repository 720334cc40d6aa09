import LaunchPolicy
import NativeErrorPolicy
import Testing

/// One row of launch-policy.md's rules table, as a case: the records, and the whole timeline
/// they give (the end of the recording included, so a pending stall shows).
struct RuleCase: CustomTestStringConvertible, Sendable {
    let row: String
    let records: [(t: Double, input: LaunchInput)]
    let timeline: [LaunchRecord]
    var testDescription: String { row }

    init(_ row: String, _ records: [(t: Double, input: LaunchInput)], _ timeline: [LaunchRecord]) {
        self.row = row
        self.records = records
        self.timeline = timeline
    }
}

extension RuleCase {
    /// `launch`: a new launch; the config is kept; offseason if gated, else loading.
    static let launchRow: [RuleCase] = [
        .init(
            "launch, not gated: loading", [(0, launch), (1200, connect)],
            [screen(0, .loading, .launch), screen(1200, .web, .pageLoad), ready(1200, 1200)]),
        .init(
            "launch, gated by a config before it: offseason", [(0, gated), (10, launch)],
            [screen(10, .offseason, .launch)]),
        .init(
            "launch, offseason but a tester: loading", [(0, testerInOffseason), (10, launch), (900, connect)],
            [screen(10, .loading, .launch), screen(900, .web, .pageLoad), ready(900, 890)]),
        .init(
            "launch while loading: a new root, its record again, launchedAt moved", [(0, launch), (3000, relaunch), (4000.5, connect)],
            [screen(0, .loading, .launch), screen(3000, .loading, .launch), screen(4000.5, .web, .pageLoad), ready(4000.5, 1000.5)]),
        .init(
            "launch while web: loading, and the page must connect again",
            [(0, launch), (500, connect), (20000, relaunch), (20100, connect), (20200, connect)],
            [
                screen(0, .loading, .launch), screen(500, .web, .pageLoad), ready(500, 500),
                screen(20000, .loading, .launch), screen(20100, .web, .pageLoad), ready(20100, 100),
            ]),
        .init(
            "launch while offseason, config kept: offseason again, its record again", [(0, gated), (1, launch), (5000, relaunch)],
            [screen(1, .offseason, .launch), screen(5000, .offseason, .launch)]),
    ]

    /// `config` while offseason, the new flags not gated: web if the page is ready, else loading.
    static let liftedRow: [RuleCase] = [
        .init(
            "lifted before the page connected: loading", [(0, gated), (0, launch), (2000, open), (2500, connect)],
            [screen(0, .offseason, .launch), screen(2000, .loading, .config), screen(2500, .web, .pageLoad), ready(2500, 2500)]),
        .init(
            "lifted after the page connected behind it: web, with no ready of its own",
            [(0, gated), (0, launch), (1500, connect), (4000, open)],
            [screen(0, .offseason, .launch), screen(4000, .web, .config)]),
        .init(
            "the user becomes a tester: lifted for them", [(0, gated), (0, launch), (1500, connect), (4000, testerInOffseason)],
            [screen(0, .offseason, .launch), screen(4000, .web, .config)]),
    ]

    /// `config`, the new flags gated, while loading, web or error: offseason.
    static let gatedRow: [RuleCase] = [
        .init(
            "gated while loading", [(0, launch), (300, gated)],
            [screen(0, .loading, .launch), screen(300, .offseason, .config)]),
        .init(
            "gated mid-session, on the web view", [(0, launch), (800, connect), (60000, gated)],
            [screen(0, .loading, .launch), screen(800, .web, .pageLoad), ready(800, 800), screen(60000, .offseason, .config)]),
        .init(
            "gated on the error screen", [(0, launch), (200, presented()), (900, gated)],
            [screen(0, .loading, .launch), errorScreen(200), screen(900, .offseason, .config)]),
    ]

    /// Any other `config`: the flags are stored, nothing else.
    static let storeRow: [RuleCase] = [
        .init("before the first launch: stored only", [(0, gated)], []),
        .init(
            "gated again while offseason", [(0, gated), (0, launch), (100, gated)],
            [screen(0, .offseason, .launch)]),
        .init(
            "not gated while loading", [(0, launch), (100, open), (700, connect)],
            [screen(0, .loading, .launch), screen(700, .web, .pageLoad), ready(700, 700)]),
        .init(
            "not gated while web", [(0, launch), (500, connect), (600, open)],
            [screen(0, .loading, .launch), screen(500, .web, .pageLoad), ready(500, 500)]),
    ]

    /// `bridge` page-load `connect`, the page not ready yet: the crossfade from loading or error.
    static let firstConnectRow: [RuleCase] = [
        .init(
            "from loading: web and ready", [(0, launch), (1840.5, connect)],
            [screen(0, .loading, .launch), screen(1840.5, .web, .pageLoad), ready(1840.5, 1840.5)]),
        .init(
            "from the error screen: a retry loaded the page", [(0, launch), (210, presented()), (6500, connect)],
            [screen(0, .loading, .launch), errorScreen(210), screen(6500, .web, .pageLoad), ready(6500, 6500)]),
        .init(
            "behind the offseason screen: noted, no screen change, no decision", [(0, gated), (0, launch), (1000, connect)],
            [screen(0, .offseason, .launch)]),
    ]

    /// `bridge` page-load `connect`, the page already ready; and every other bridge message.
    static let laterConnectRow: [RuleCase] = [
        .init(
            "every later page connects again: nothing", [(0, launch), (1000, connect), (5000, connect), (9000, connect)],
            [screen(0, .loading, .launch), screen(1000, .web, .pageLoad), ready(1000, 1000)]),
        .init(
            "another component, or another event of page-load: nothing",
            [
                (0, launch), (100, .bridge(component: "form", event: "connect")), (200, .bridge(component: "page-load", event: "disconnect")),
                (300, connect),
            ],
            [screen(0, .loading, .launch), screen(300, .web, .pageLoad), ready(300, 300)]),
        .init(
            "before the first launch: ignored", [(0, connect), (10, launch), (20, connect)],
            [screen(10, .loading, .launch), screen(20, .web, .pageLoad), ready(20, 10)]),
    ]

    /// `presented` while loading, an error that shows a view: the root error screen.
    static let presentedRow: [RuleCase] = [
        .init(
            "an offline view while loading", [(0, launch), (30, presented()), (4000, connect)],
            [screen(0, .loading, .launch), errorScreen(30), screen(4000, .web, .pageLoad), ready(4000, 4000)]),
        .init(
            "a server view while loading", [(0, launch), (400, presented(.http(status: 503), on: "tab:home"))],
            [screen(0, .loading, .launch), errorScreen(400, "tab:home", .server)]),
    ]

    /// Any other `presented`: nothing here (the error-view policy has it).
    static let otherPresentedRow: [RuleCase] = [
        .init(
            "a 401 while loading shows no view: still loading", [(0, launch), (300, presented(.http(status: 401))), (900, connect)],
            [screen(0, .loading, .launch), screen(900, .web, .pageLoad), ready(900, 900)]),
        .init(
            "on the web view", [(0, launch), (500, connect), (2000, presented())],
            [screen(0, .loading, .launch), screen(500, .web, .pageLoad), ready(500, 500)]),
        .init(
            "on the error screen already", [(0, launch), (100, presented()), (200, presented(.http(status: 503), on: "modal"))],
            [screen(0, .loading, .launch), errorScreen(100)]),
        .init(
            "on the offseason screen", [(0, gated), (0, launch), (100, presented())],
            [screen(0, .offseason, .launch)]),
        .init("before the first launch", [(0, presented())], []),
    ]
}

@Suite("Rules table (launch-policy.md), one case per row")
struct RulesTableTests {
    @Test("launch", arguments: RuleCase.launchRow)
    func launchRow(_ c: RuleCase) { #expect(replay(c.records) == c.timeline) }

    @Test("config: offseason, the new flags not gated", arguments: RuleCase.liftedRow)
    func liftedRow(_ c: RuleCase) { #expect(replay(c.records) == c.timeline) }

    @Test("config: the new flags gated, on loading, web or error", arguments: RuleCase.gatedRow)
    func gatedRow(_ c: RuleCase) { #expect(replay(c.records) == c.timeline) }

    @Test("config: otherwise, store the flags", arguments: RuleCase.storeRow)
    func storeRow(_ c: RuleCase) { #expect(replay(c.records) == c.timeline) }

    @Test("bridge page-load connect, the page not ready", arguments: RuleCase.firstConnectRow)
    func firstConnectRow(_ c: RuleCase) { #expect(replay(c.records) == c.timeline) }

    @Test("bridge page-load connect, the page ready", arguments: RuleCase.laterConnectRow)
    func laterConnectRow(_ c: RuleCase) { #expect(replay(c.records) == c.timeline) }

    @Test("presented while loading, not a none view", arguments: RuleCase.presentedRow)
    func presentedRow(_ c: RuleCase) { #expect(replay(c.records) == c.timeline) }

    @Test("presented otherwise", arguments: RuleCase.otherPresentedRow)
    func otherPresentedRow(_ c: RuleCase) { #expect(replay(c.records) == c.timeline) }
}

@Suite("State an app can read")
struct StateTests {
    @Test("before the first launch: no root; a config is stored")
    func beforeLaunch() {
        let policy = state(after: [(0, gated), (5, connect), (6, presented())])
        #expect(policy.screen == .none)
        #expect(policy.flags == LaunchFlags(offseason: true, tester: false))
        #expect(policy.flags.isGated)
        #expect(policy.launchedAt == nil && !policy.pageReady && policy.nextDue == nil)
    }

    @Test("config rows store the new flags first, then apply the row")
    func flagsFirst() {
        let policy = state(after: [(0, gated), (0, launch), (100, testerInOffseason)])
        #expect(policy.flags == LaunchFlags(offseason: true, tester: true))
        #expect(!policy.flags.isGated)
        #expect(policy.screen == .loading)
        #expect(policy.nextDue == 10100)
    }

    @Test("a page ready behind the offseason screen is remembered, and a relaunch forgets it")
    func pageReadyBehindOffseason() {
        let behind = state(after: [(0, gated), (0, launch), (1000, connect)])
        #expect(behind.screen == .offseason && behind.pageReady)
        let relaunched = state(after: [(0, gated), (0, launch), (1000, connect), (2000, relaunch)])
        #expect(relaunched.screen == .offseason && !relaunched.pageReady && relaunched.launchedAt == 2000)
    }

    @Test("the classification is the recording's platform's: Android's −2 is offline there, a server error on iOS")
    func platform() {
        let records: [(t: Double, input: LaunchInput)] = [(0, launch), (50, presented(.web(.code(-2))))]
        #expect(replay(records, settings: LaunchSettings(platform: .android)).last == errorScreen(50, "tab:home", .offline))
        #expect(replay(records, settings: LaunchSettings(platform: .ios)).last == errorScreen(50, "tab:home", .server))
    }

    @Test("v2 and the settable code lists: the error screen names the view the error view gives")
    func v2Codes() {
        let killed: [(t: Double, input: LaunchInput)] = [(0, launch), (50, presented(.web(.code(-6))))]
        #expect(replay(killed, settings: LaunchSettings(platform: .android)).last == errorScreen(50, "tab:home", .server))
        let noResponse: [(t: Double, input: LaunchInput)] = [(0, launch), (50, presented(.http(status: -1)))]
        #expect(replay(noResponse, settings: LaunchSettings(platform: .android)).last == errorScreen(50, "tab:home", .offline))
        let own = LaunchSettings(platform: .android, offlineCodes: OfflineCodes(android: [-6]))
        #expect(replay(killed, settings: own).last == errorScreen(50, "tab:home", .offline))
    }

    @Test("a policy is a value: a timeline leaves it as it was")
    func value() {
        let policy = state(after: [(0, launch)])
        _ = policy.timeline(of: [(100, connect)])
        #expect(policy.screen == .loading && policy.nextDue == 10000)
    }
}
