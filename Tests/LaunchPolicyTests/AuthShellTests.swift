import LaunchPolicy
import NativeErrorPolicy
import Testing

/// Our rule beyond the contract (docs/launch.md, "The auth shell"): a launch whose first visit
/// answers 401 is the auth shell's, so its stall timer stops — no `stalled` for a user typing a
/// password. The contract's rows still decide the screens: a 401 shows no view (the screen stays
/// `loading`, with no record), a 403 is a `server` view (the error screen, which ends the stall
/// anyway). One case per row of the docs' table.
extension RuleCase {
    static let authShellRows: [RuleCase] = [
        .init(
            "401 while loading, the user signs in for 25 s: no stalled; the page's connect crossfades, ready counts from the launch",
            [(0, launch), (380.5, presented(.http(status: 401))), (24650, connect)],
            [screen(0, .loading, .launch), screen(24650, .web, .pageLoad), ready(24650, 24650)]),
        .init(
            "401 while loading and the log ends: no stalled at the end either",
            [(0, launch), (250, presented(.http(status: 401)))],
            [screen(0, .loading, .launch)]),
        .init(
            "the 401 comes after the stall was due: the stall fired first (a timer due before a record fires before it)",
            [(0, launch), (10000, presented(.http(status: 401)))],
            [screen(0, .loading, .launch), stalled(10000, 10000)]),
        .init(
            "403 while loading: a server view, the error screen — no stalled (the contract's row)",
            [(0, launch), (410, presented(.http(status: 403)))],
            [screen(0, .loading, .launch), errorScreen(410, "tab:home", .server)]),
        .init(
            "401 on the web view: the error view's business, nothing here",
            [(0, launch), (900, connect), (30000, presented(.http(status: 401)))],
            [screen(0, .loading, .launch), screen(900, .web, .pageLoad), ready(900, 900)]),
        .init(
            "a relaunch after the 401 starts the stall again: a new launch, a new wait",
            [(0, launch), (300, presented(.http(status: 401))), (60000, relaunch)],
            [screen(0, .loading, .launch), screen(60000, .loading, .launch), stalled(70000, 10000)]),
        .init(
            "an offseason lift after the 401 puts the loading screen up again: its stall starts anew (the contract's config row)",
            [(0, gated), (0, launch), (100, open), (300, presented(.http(status: 401))), (500, gated), (800, open)],
            [
                screen(0, .offseason, .launch), screen(100, .loading, .config), screen(500, .offseason, .config),
                screen(800, .loading, .config), stalled(10800, 10800),
            ]),
    ]
}

@Suite("the auth shell at launch: a 401 stops the stall")
struct AuthShellTests {
    @Test("a 401 or 403 answering the first visit", arguments: RuleCase.authShellRows)
    func row(_ rule: RuleCase) {
        #expect(replay(rule.records) == rule.timeline)
    }

    @Test("after the 401 the screen is still loading, and no wake-up is due")
    func afterThe401() {
        let policy = state(after: [(0, launch), (380.5, presented(.http(status: 401)))])
        #expect(policy.screen == .loading)
        #expect(policy.nextDue == nil)
    }
}
