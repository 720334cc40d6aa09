import LaunchPolicy
import Testing

/// launch-policy.md, "Stalls": a timer that follows the loading screen.
@Suite("Stalls")
struct StallTests {
    @Test("due stallMs after the row that put the loading screen up; at the end of the recording it fires")
    func firesAtTheEnd() {
        #expect(replay([(0, launch)]) == [screen(0, .loading, .launch), stalled(10000, 10000)])
    }

    @Test("a setting: due at t + stallMs in doubles")
    func setting() {
        let due = 16.036 + 2500
        #expect(
            replay([(16.036, launch)], settings: LaunchSettings(stall: 2500))
                == [screen(16.036, .loading, .launch), stalled(due, due - 16.036)])
        #expect(stalled(due, due - 16.036).jsonLine == #"{"t":2516.036,"launch":"stalled","launchMs":2500}"#)
    }

    @Test("a launch while loading starts it anew")
    func relaunchRestarts() {
        #expect(
            replay([(0, launch), (4000, relaunch)])
                == [screen(0, .loading, .launch), screen(4000, .loading, .launch), stalled(14000, 10000)])
    }

    @Test("a config that puts the loading screen up starts it anew: launchMs counts from the launch")
    func configRestarts() {
        #expect(
            replay([(0, gated), (0, launch), (3000, open)])
                == [screen(0, .offseason, .launch), screen(3000, .loading, .config), stalled(13000, 13000)])
    }

    @Test("leaving the loading screen cancels it: for the web view, the error screen, the offseason screen")
    func leavingCancels() {
        #expect(replay([(0, launch), (9999, connect)]).last == ready(9999, 9999))
        #expect(replay([(0, launch), (9999, presented())]).last == errorScreen(9999))
        #expect(replay([(0, launch), (9999, gated)]).last == screen(9999, .offseason, .config))
    }

    @Test("a record exactly at its due time comes after it: the stall fires first")
    func dueAtARecord() {
        #expect(
            replay([(0, launch), (10000, connect)])
                == [screen(0, .loading, .launch), stalled(10000, 10000), screen(10000, .web, .pageLoad), ready(10000, 10000)])
        #expect(
            replay([(0, launch), (10000, relaunch), (10500, connect)])
                == [
                    screen(0, .loading, .launch), stalled(10000, 10000), screen(10000, .loading, .launch),
                    screen(10500, .web, .pageLoad), ready(10500, 500),
                ])
    }

    @Test("it does not change the screen, and fires once per loading screen")
    func stallKeepsTheScreen() {
        var policy = LaunchPolicy()
        policy.send(launch, at: 0)
        #expect(policy.nextDue == 10000)
        #expect(policy.advance(to: 9999.999).isEmpty)
        #expect(policy.advance(to: 12000) == [stalled(10000, 10000)])
        #expect(policy.screen == .loading && policy.nextDue == nil)
        #expect(policy.finish().isEmpty)
        // The page may still come: the crossfade and its ready, however late.
        #expect(policy.send(connect, at: 25000) == [screen(25000, .web, .pageLoad), ready(25000, 25000)])
    }

    @Test("a timer that is not due does not fire: a record before it passes")
    func notDue() {
        var policy = LaunchPolicy(settings: LaunchSettings(stall: 500))
        policy.send(launch, at: 100)
        #expect(policy.send(relaunch, at: 599.5) == [screen(599.5, .loading, .launch)])
        #expect(policy.nextDue == 1099.5)
    }
}
