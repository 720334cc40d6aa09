import NativeErrorPolicy
import Testing

/// The auto-retry table for an `offline` instance on screen (native-error-policy.md,
/// "Auto-retry policy"), row by row, with each row's edges.
@Suite("Retry rules: an offline instance on screen")
struct OfflineInstanceRuleTests {
    @Test("presented while online: start the probe, due at t + 2500", arguments: Platform.allCases)
    func probe(_ platform: Platform) {
        #expect(
            replay(platform, [(0, online), (1000, presented("tab:home", timeoutError))]) == [
                view(1000, "tab:home", .offline),
                auto(3500, "tab:home", .probe),
            ])
    }

    @Test("presented while offline: no probe; nothing retries without an edge", arguments: Platform.allCases)
    func noProbeWhileOffline(_ platform: Platform) {
        #expect(
            replay(platform, [(0, offline), (1000, presented("tab:home"))]) == [
                view(1000, "tab:home", .offline)
            ])
    }

    @Test("it is offline until the first path record: presented before any, no probe")
    func offlineUntilFirstPath() {
        #expect(replay(.ios, [(1000, presented("tab:home"))]) == [view(1000, "tab:home", .offline)])
    }

    @Test("an edge: start the settle, due at t + 400", arguments: Platform.allCases)
    func edge(_ platform: Platform) {
        #expect(
            replay(platform, [(0, offline), (1000, presented("tab:home")), (5000, online)]) == [
                view(1000, "tab:home", .offline),
                auto(5400, "tab:home", .edge),
            ])
    }

    @Test("the first path record saying online is an edge")
    func firstPathOnlineIsAnEdge() {
        #expect(
            replay(.ios, [(1000, presented("tab:home")), (5000, online)]) == [
                view(1000, "tab:home", .offline),
                auto(5400, "tab:home", .edge),
            ])
    }

    @Test("a path record repeating the current value changes nothing: no new settle, no cancel")
    func repeatedPath() {
        #expect(
            replay(
                .ios,
                [
                    (0, offline), (1000, presented("tab:home")), (1200, offline),
                    (5000, online), (5300, online),
                ]) == [
                    view(1000, "tab:home", .offline),
                    auto(5400, "tab:home", .edge),
                ])
        // Repeating "online" on a healthy path is no edge: only the probe retries.
        #expect(
            replay(.ios, [(0, online), (1000, presented("tab:home")), (2000, online)]) == [
                view(1000, "tab:home", .offline),
                auto(3500, "tab:home", .probe),
            ])
    }

    @Test("online → offline cancels a pending settle", arguments: Platform.allCases)
    func offlineCancelsSettle(_ platform: Platform) {
        #expect(
            replay(
                platform,
                [
                    (0, offline), (1000, presented("tab:home")), (5000, online),
                    (5399, offline),
                ]) == [
                    view(1000, "tab:home", .offline)
                ])
    }

    @Test("online → offline cancels a pending probe", arguments: Platform.allCases)
    func offlineCancelsProbe(_ platform: Platform) {
        #expect(
            replay(platform, [(0, online), (1000, presented("tab:home")), (3000, offline)]) == [
                view(1000, "tab:home", .offline)
            ])
    }

    @Test("after a cancelled settle the next edge starts a fresh one, from that edge")
    func nextEdgeAfterCancel() {
        #expect(
            replay(
                .android,
                [
                    (0, offline), (1000, presented("tab:home")), (5000, online),
                    (5200, offline), (6000, online),
                ]) == [
                    view(1000, "tab:home", .offline),
                    auto(6400, "tab:home", .edge),
                ])
    }

    @Test("a probe and a settle pending: whichever fires first retries, once")
    func probeAndSettle() {
        // Presented on a healthy path (probe at 3500); the path drops and comes back before it:
        // the drop cancels the probe, the edge starts a settle.
        #expect(
            replay(
                .ios,
                [
                    (0, online), (1000, presented("tab:home")), (1500, offline),
                    (2000, online),
                ]) == [
                    view(1000, "tab:home", .offline),
                    auto(2400, "tab:home", .edge),
                ])
    }

    @Test("iOS: foreground while online starts the settle, trigger foreground, and beats the probe")
    func foregroundIOS() {
        #expect(
            replay(.ios, [(0, online), (1000, presented("tab:home", timeoutError)), (2000, .foreground)]) == [
                view(1000, "tab:home", .offline),
                auto(2400, "tab:home", .foreground),
            ])
    }

    @Test("iOS: foreground when the probe fires first: the probe retries")
    func foregroundAfterProbeIsDue() {
        #expect(
            replay(.ios, [(0, online), (1000, presented("tab:home", timeoutError)), (3200, .foreground)]) == [
                view(1000, "tab:home", .offline),
                auto(3500, "tab:home", .probe),
            ])
    }

    @Test("Android has no foreground rule: the probe retries")
    func foregroundAndroid() {
        #expect(
            replay(.android, [(0, online), (1000, presented("tab:home", timeoutError)), (2000, .foreground)]) == [
                view(1000, "tab:home", .offline),
                auto(3500, "tab:home", .probe),
            ])
    }

    @Test("iOS: foreground while offline does nothing")
    func foregroundWhileOffline() {
        #expect(
            replay(.ios, [(0, offline), (1000, presented("tab:home")), (2000, .foreground)]) == [
                view(1000, "tab:home", .offline)
            ])
    }

    @Test("iOS: foreground while a settle is pending does not restart it or change its trigger")
    func foregroundWhileSettlePending() {
        #expect(
            replay(
                .ios,
                [
                    (0, offline), (1000, presented("tab:home")), (5000, online),
                    (5200, .foreground),
                ]) == [
                    view(1000, "tab:home", .offline),
                    auto(5400, "tab:home", .edge),
                ])
    }

    @Test("timers due at a record's t fire before that record")
    func dueAtRecordFiresFirst() {
        #expect(
            replay(
                .ios,
                [
                    (0, offline), (1000, presented("tab:home")), (5000, online),
                    (5400, .tapRetry(surface: "tab:home")),
                ]) == [
                    view(1000, "tab:home", .offline),
                    auto(5400, "tab:home", .edge),
                ])
    }

    @Test("due times are t + duration in doubles, compared exactly")
    func doubles() {
        // 16.036 + 800 is 816.0360000000001: a tap at 816.036 comes first.
        let settings = PolicySettings(platform: .ios, settle: 800)
        #expect(
            replay(
                settings,
                [
                    (0, offline), (10, presented("tab:home")), (16.036, online),
                    (816.036, .tapRetry(surface: "tab:home")),
                ]) == [
                    view(10, "tab:home", .offline),
                    manual(816.036, "tab:home"),
                ])
        #expect(
            replay(settings, [(0, offline), (10, presented("tab:home")), (16.036, online)]) == [
                view(10, "tab:home", .offline),
                auto(816.0360000000001, "tab:home", .edge),
            ])
    }

    @Test("every duration is a setting")
    func settings() {
        let settings = PolicySettings(platform: .android, settle: 100, probe: 1000, cooldown: 3000)
        #expect(
            replay(
                settings,
                [
                    (0, online), (10, presented("tab:home")), (20, presented("sheet")),
                    (500, offline), (600, online),
                ]) == [
                    view(10, "tab:home", .offline),
                    view(20, "sheet", .offline),
                    auto(700, "tab:home", .edge),
                    deferred(700, "sheet", until: 3700),
                    auto(3700, "sheet", .edge),
                ])
        #expect(PolicySettings(platform: .android).cooldown == 15000)
        #expect(PolicySettings(platform: .ios).cooldown == nil)
        #expect(PolicySettings().settle == 400)
        #expect(PolicySettings().probe == 2500)
        #expect(PolicySettings().platform == .ios)
    }
}

@Suite("Retry rules: any instance on screen")
struct AnyInstanceRuleTests {
    @Test("tap-retry on its surface: a manual retry, immediately", arguments: [offlineError, .http(status: 503)])
    func manualRetry(_ error: NativeError) {
        #expect(
            replay(
                .android,
                [
                    (0, offline), (1000, presented("sheet", error)),
                    (2000, .tapRetry(surface: "sheet")),
                ]
            ).last == manual(2000, "sheet"))
    }

    @Test("tap-retry on a surface with no instance produces nothing")
    func tapWithoutInstance() {
        #expect(
            replay(.ios, [(0, offline), (1000, presented("tab:home")), (2000, .tapRetry(surface: "sheet"))]) == [
                view(1000, "tab:home", .offline)
            ])
    }

    @Test("dismissed: the instance is gone, its timers with it; a timer firing after produces nothing")
    func dismissed() {
        #expect(
            replay(
                .ios,
                [
                    (0, online), (1000, presented("tab:home")),
                    (2000, .dismissed(surface: "tab:home")),
                ]) == [
                    view(1000, "tab:home", .offline)
                ])
        #expect(
            replay(
                .ios,
                [
                    (0, offline), (1000, presented("tab:home")), (5000, online),
                    (5100, .dismissed(surface: "tab:home")),
                    (5200, .tapRetry(surface: "tab:home")),
                ]) == [
                    view(1000, "tab:home", .offline)
                ])
    }

    @Test("dismissed on another surface leaves the instance alone")
    func dismissedElsewhere() {
        #expect(
            replay(.ios, [(0, online), (1000, presented("tab:home")), (2000, .dismissed(surface: "sheet"))]) == [
                view(1000, "tab:home", .offline),
                auto(3500, "tab:home", .probe),
            ])
    }

    @Test("anything presented on the surface replaces its instance and timers")
    func presentedReplaces() {
        #expect(
            replay(.ios, [(0, online), (1000, presented("tab:home")), (2000, presented("tab:home"))]) == [
                view(1000, "tab:home", .offline),
                view(2000, "tab:home", .offline),
                auto(4500, "tab:home", .probe),
            ])
        #expect(
            replay(.ios, [(0, online), (1000, presented("tab:home")), (2000, presented("tab:home", .http(status: 500)))]) == [
                view(1000, "tab:home", .offline),
                view(2000, "tab:home", .server),
            ])
    }

    @Test("a 401 shows no view, and still removes the instance the surface had")
    func unauthorized() {
        #expect(
            replay(
                .android,
                [
                    (0, offline), (1000, presented("tab:home")), (2000, presented("tab:home", .http(status: 401))),
                    (5000, online), (6000, .tapRetry(surface: "tab:home")),
                ]) == [
                    view(1000, "tab:home", .offline),
                    view(2000, "tab:home", .none),
                ])
    }

    @Test(
        "a server view never retries by itself: not on an edge, a probe or a foreground",
        arguments: [NativeError.http(status: 503), .http(status: 404), .ssl, .load])
    func serverNeverAutoRetries(_ error: NativeError) {
        #expect(
            replay(
                .ios,
                [
                    (0, online), (1000, presented("sheet", error)), (2000, offline),
                    (3000, online), (4000, .foreground),
                ]) == [
                    view(1000, "sheet", .server)
                ])
    }
}

@Suite("Retry rules: single-shot")
struct SingleShotTests {
    @Test("a retry removes the instance: a later edge retries nothing")
    func singleShot() {
        #expect(
            replay(
                .ios,
                [
                    (0, offline), (1000, presented("tab:home")), (5000, online),
                    (6000, offline), (7000, online),
                ]) == [
                    view(1000, "tab:home", .offline),
                    auto(5400, "tab:home", .edge),
                ])
    }

    @Test("a failed retry presents a fresh instance, which starts over (a flapping radio)")
    func reArmedPerInstance() {
        #expect(
            replay(
                .ios,
                [
                    (0, offline), (1000, presented("tab:home")), (5000, online),
                    (5450, offline), (5460, presented("tab:home", .web(.code(-1009)))),
                    (6000, online), (6100, offline), (6200, online),
                ]) == [
                    view(1000, "tab:home", .offline),
                    auto(5400, "tab:home", .edge),
                    view(5460, "tab:home", .offline),
                    auto(6600, "tab:home", .edge),
                ])
    }

    @Test("a manual retry cancels the pending settle and probe")
    func manualCancels() {
        #expect(
            replay(
                .ios,
                [
                    (0, online), (1000, presented("tab:home")), (2000, offline), (2100, online),
                    (2200, .tapRetry(surface: "tab:home")),
                ]) == [
                    view(1000, "tab:home", .offline),
                    manual(2200, "tab:home"),
                ])
    }
}

@Suite("Retry rules: several instances")
struct SeveralInstancesTests {
    @Test("iOS: one edge retries every offline instance, in the order they were presented")
    func iosBothRetry() {
        #expect(
            replay(
                .ios,
                [
                    (0, offline), (1000, presented("tab:home")), (2000, presented("sheet")),
                    (5000, online),
                ]) == [
                    view(1000, "tab:home", .offline),
                    view(2000, "sheet", .offline),
                    auto(5400, "tab:home", .edge),
                    auto(5400, "sheet", .edge),
                ])
    }

    @Test("presentation order, not surface name: a re-presented surface moves to the back")
    func presentationOrder() {
        #expect(
            replay(
                .android,
                [
                    (0, offline), (1000, presented("tab:home")), (2000, presented("sheet")),
                    (3000, presented("tab:home")), (5000, online),
                ]) == [
                    view(1000, "tab:home", .offline),
                    view(2000, "sheet", .offline),
                    view(3000, "tab:home", .offline),
                    auto(5400, "sheet", .edge),
                    deferred(5400, "tab:home", until: 20400),
                    auto(20400, "tab:home", .edge),
                ])
    }

    @Test("ties go in start order: a settle started before another instance's probe fires first")
    func settleStartedFirst() {
        // The tab's settle starts at the edge (5000 + 3000); the sheet's probe at 7000 + 1000.
        let settings = PolicySettings(platform: .ios, settle: 3000, probe: 1000)
        #expect(
            replay(
                settings,
                [
                    (0, offline), (1000, presented("tab:home")), (5000, online),
                    (7000, presented("sheet")),
                ]) == [
                    view(1000, "tab:home", .offline),
                    view(7000, "sheet", .offline),
                    auto(8000, "tab:home", .edge),
                    auto(8000, "sheet", .probe),
                ])
    }

    @Test("ties go in start order: a probe started before the foreground's settles fires first")
    func probeStartedFirst() {
        // The sheet's probe (started at 1000) and both foreground settles (started at 3100)
        // are due at 3500: the probe retries the sheet, then the tab's settle retries the tab.
        #expect(
            replay(
                .ios,
                [
                    (0, online), (1000, presented("sheet")), (1200, presented("tab:home")),
                    (3100, .foreground),
                ]) == [
                    view(1000, "sheet", .offline),
                    view(1200, "tab:home", .offline),
                    auto(3500, "sheet", .probe),
                    auto(3500, "tab:home", .foreground),
                ])
    }
}

@Suite("Retry rules: the Android cooldown")
struct CooldownTests {
    @Test("Android: a sheet over a tab on one edge: one retries, the other waits for the expiry")
    func sheetOverTab() {
        #expect(
            replay(
                .android,
                [
                    (0, offline), (1000, presented("tab:home")), (2000, presented("sheet")),
                    (5000, online),
                ]) == [
                    view(1000, "tab:home", .offline),
                    view(2000, "sheet", .offline),
                    auto(5400, "tab:home", .edge),
                    deferred(5400, "sheet", until: 20400),
                    auto(20400, "sheet", .edge),
                ])
    }

    @Test("asking exactly at the expiry retries; a hair before, it waits")
    func boundary() {
        let first: [(t: Double, input: PolicyInput)] = [
            (0, offline), (1000, presented("tab:home")), (5000, online),  // retried at 5400
        ]
        #expect(
            replay(.android, first + [(17900, presented("sheet"))]).suffix(2) == [
                view(17900, "sheet", .offline),
                auto(20400, "sheet", .probe),
            ])
        #expect(
            replay(.android, first + [(17899.5, presented("sheet"))]).suffix(3) == [
                view(17899.5, "sheet", .offline),
                deferred(20399.5, "sheet", until: 20400),
                auto(20400, "sheet", .probe),
            ])
    }

    @Test("waits ending together re-ask in start order: the second waits again for the new expiry, even at the end")
    func waitAgain() {
        #expect(
            replay(
                .android,
                [
                    (0, offline), (100, presented("tab:home")), (200, presented("sheet")),
                    (300, presented("modal")), (5000, online),
                ]) == [
                    view(100, "tab:home", .offline),
                    view(200, "sheet", .offline),
                    view(300, "modal", .offline),
                    auto(5400, "tab:home", .edge),
                    deferred(5400, "sheet", until: 20400),
                    deferred(5400, "modal", until: 20400),
                    auto(20400, "sheet", .edge),
                    deferred(20400, "modal", until: 35400),
                    auto(35400, "modal", .edge),
                ])
    }

    @Test("offline again before the expiry: the wait stays, ends with nothing while offline, and the next edge settles")
    func offlineAtExpiry() {
        #expect(
            replay(
                .android,
                [
                    (0, offline), (100, presented("tab:home")), (200, presented("sheet")),
                    (5000, online), (9000, offline), (25000, online),
                ]) == [
                    view(100, "tab:home", .offline),
                    view(200, "sheet", .offline),
                    auto(5400, "tab:home", .edge),
                    deferred(5400, "sheet", until: 20400),
                    auto(25400, "sheet", .edge),
                ])
    }

    @Test("offline and back before the expiry: the edge starts no settle; the wait retries with its trigger")
    func edgeDuringWait() {
        #expect(
            replay(
                .android,
                [
                    (0, offline), (100, presented("tab:home")), (200, presented("sheet")),
                    (5000, online), (9000, offline), (10000, online),
                ]) == [
                    view(100, "tab:home", .offline),
                    view(200, "sheet", .offline),
                    auto(5400, "tab:home", .edge),
                    deferred(5400, "sheet", until: 20400),
                    auto(20400, "sheet", .edge),
                ])
    }

    @Test("a deferral cancels the instance's settle and probe: the wait is all it has")
    func deferralCancels() {
        // iOS with a cooldown set: the sheet has a probe (due 4500) and a foreground settle
        // (due 3400); the settle asks inside the cooldown and waits; the probe is gone.
        let settings = PolicySettings(platform: .ios, cooldown: 15000)
        #expect(
            replay(
                settings,
                [
                    (0, offline), (100, presented("tab:home")), (1000, online),
                    (2000, presented("sheet")), (3000, .foreground),
                ]) == [
                    view(100, "tab:home", .offline),
                    auto(1400, "tab:home", .edge),
                    view(2000, "sheet", .offline),
                    deferred(3400, "sheet", until: 16400),
                    auto(16400, "sheet", .foreground),
                ])
    }

    @Test("manual retries neither wait for the cooldown nor restart it")
    func manualIgnoresCooldown() {
        #expect(
            replay(
                .android,
                [
                    (0, offline), (100, presented("tab:home")), (200, presented("sheet", .http(status: 503))),
                    (5000, online), (6000, .tapRetry(surface: "sheet")),
                    (18000, presented("modal")),
                ]) == [
                    view(100, "tab:home", .offline),
                    view(200, "sheet", .server),
                    auto(5400, "tab:home", .edge),
                    manual(6000, "sheet"),
                    view(18000, "modal", .offline),
                    auto(20500, "modal", .probe),
                ])
    }

    @Test("a manual retry or a dismissal during the wait takes the wait with the instance")
    func waitGoesWithInstance() {
        let start: [(t: Double, input: PolicyInput)] = [
            (0, offline), (100, presented("tab:home")), (200, presented("sheet")), (5000, online),
        ]
        #expect(
            replay(.android, start + [(7000, .tapRetry(surface: "sheet"))]).suffix(3) == [
                auto(5400, "tab:home", .edge),
                deferred(5400, "sheet", until: 20400),
                manual(7000, "sheet"),
            ])
        #expect(
            replay(.android, start + [(7000, .dismissed(surface: "sheet"))]).suffix(2) == [
                auto(5400, "tab:home", .edge),
                deferred(5400, "sheet", until: 20400),
            ])
    }

    @Test("iOS has no cooldown by default: automatic retries may be back to back")
    func iosNoCooldown() {
        #expect(
            replay(
                .ios,
                [
                    (0, offline), (100, presented("tab:home")), (5000, online),
                    (5500, presented("tab:home", timeoutError)),
                ]) == [
                    view(100, "tab:home", .offline),
                    auto(5400, "tab:home", .edge),
                    view(5500, "tab:home", .offline),
                    auto(8000, "tab:home", .probe),
                ])
    }

    @Test("Android with the cooldown set to none behaves like iOS on the same records")
    func androidWithoutCooldown() {
        let settings = PolicySettings(platform: .android, cooldown: nil)
        #expect(
            replay(
                settings,
                [
                    (0, offline), (1000, presented("tab:home")), (2000, presented("sheet")),
                    (5000, online),
                ]
            ).suffix(2) == [
                auto(5400, "tab:home", .edge),
                auto(5400, "sheet", .edge),
            ])
    }
}
