import NativeErrorPolicy
import Testing

/// native-error-policy.md v2.1, "A new process": a `launch` ends the policy's whole state, as
/// if the log started there. One case per clause.
@Suite("A new process (v2.1): a launch ends the policy's state")
struct NewProcessTests {
    @Test("every view on every surface is gone with its timers, and no decision is written for it", arguments: Platform.allCases)
    func viewsAreGone(_ platform: Platform) {
        // Without the launch, the edge at 5000 would settle both views and retry them at 5400.
        #expect(
            replay(platform, [(0, offline), (1000, presented("tab:home")), (1500, presented("modal")), (3000, .launch), (5000, online)]) == [
                view(1000, "tab:home", .offline),
                view(1500, "modal", .offline),
            ])
    }

    @Test("a pending probe is gone with its view")
    func probeIsGone() {
        #expect(replay(.ios, [(0, online), (1000, presented("tab:home", timeoutError)), (2000, .launch)]) == [view(1000, "tab:home", .offline)])
    }

    @Test("timers due at or before the launch fire first, as for any record")
    func dueTimersFireFirst() {
        #expect(
            replay(.ios, [(0, offline), (1000, presented("tab:home")), (5000, online), (5400, .launch)]) == [
                view(1000, "tab:home", .offline),
                auto(5400, "tab:home", .edge),
            ])
    }

    @Test("the cooldown is forgotten: the new process's first automatic retry does not wait (Android)")
    func cooldownForgotten() {
        let records: [(t: Double, input: PolicyInput)] = [
            (0, offline), (1000, presented("tab:home")), (2000, online),  // retries at 2400
            (3000, offline), (4000, presented("tab:home")),
        ]
        // Without the launch the second edge's retry waits for the cooldown (2400 + 15000).
        #expect(
            replay(.android, records + [(5000, online)]).suffix(2) == [
                deferred(5400, "tab:home", until: 17400), auto(17400, "tab:home", .edge),
            ])
        #expect(
            replay(.android, records + [(4500, .launch), (4600, presented("tab:home")), (5000, online)]).suffix(2) == [
                view(4600, "tab:home", .offline), auto(5400, "tab:home", .edge),
            ])
    }

    @Test("connectivity is offline until the next path record: a view presented after the launch arms no probe")
    func offlineUntilNextPath() {
        #expect(
            replay(.ios, [(0, online), (1000, .launch), (2000, presented("tab:home", timeoutError))]) == [
                view(2000, "tab:home", .offline)
            ])
        // The first path saying online after the launch is an edge, as at the log's start.
        #expect(
            replay(.ios, [(0, online), (1000, .launch), (2000, presented("tab:home")), (3000, online)]) == [
                view(2000, "tab:home", .offline), auto(3400, "tab:home", .edge),
            ])
    }

    @Test("a tap on a surface whose view died with the process retries nothing")
    func tapAfterLaunch() {
        #expect(
            replay(.ios, [(0, offline), (1000, presented("tab:home")), (2000, .launch), (2500, .tapRetry(surface: "tab:home"))]) == [
                view(1000, "tab:home", .offline)
            ])
    }

    @Test("a probe loop is cut by a launch: the runs before it are whole, none spans it")
    func probeLoopCutByLaunch() {
        let timedOut = presented("tab:home", timeoutError)
        let records: [(t: Double, input: PolicyInput, line: Int)] = [
            (0, online, 2), (1000, timedOut, 3), (4000, timedOut, 4), (7000, .launch, 5), (7100, online, 6), (8000, timedOut, 7),
        ]
        let loops = ProbeLoop.find(in: records)
        // Before the launch: 3500 and 6500, one loop of two; after it, one probe retry alone.
        #expect(loops.map(\.count) == [2])
        #expect(loops.first?.lines == [3, 4])
    }
}
