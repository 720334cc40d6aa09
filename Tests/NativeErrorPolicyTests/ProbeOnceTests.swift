import NativeErrorPolicy
import Testing

/// A path that is up but cannot reach the server: every retry fails as a timeout, and the app
/// presents a fresh view 500 ms after each retry (the retry's own duration).
func pollingRecords(retriesAt retries: [Double], surface: String = "tab:home") -> [(t: Double, input: PolicyInput)] {
    [(0, online), (1000, presented(surface, timeoutError))] + retries.map { ($0 + 500, presented(surface, timeoutError)) }
}

func probeOnce(_ platform: Platform) -> PolicySettings {
    PolicySettings(platform: platform, variants: [.probeOnce])
}

/// `{"t":…,"surface":…,"view":"offline","probe":false}`: a view whose probe `probe-once` did not arm.
func unprobed(_ t: Double, _ surface: String) -> Decision {
    Decision(t: t, surface: surface, outcome: .view(.offline), probe: false)
}

@Suite("The probe-once variant")
struct ProbeOnceTests {
    @Test("v1 as written polls: each fresh view on a healthy path arms the probe again")
    func v1Polls() {
        #expect(
            replay(.ios, pollingRecords(retriesAt: [3500, 6500])) == [
                view(1000, "tab:home", .offline),
                auto(3500, "tab:home", .probe),
                view(4000, "tab:home", .offline),
                auto(6500, "tab:home", .probe),
                view(7000, "tab:home", .offline),
                auto(9500, "tab:home", .probe),
            ])
    }

    @Test(
        "probe-once: the first view probes; the fresh one after its failed retry does not, and says so",
        arguments: Platform.allCases)
    func probesOnce(_ platform: Platform) {
        #expect(
            replay(probeOnce(platform), pollingRecords(retriesAt: [3500])) == [
                view(1000, "tab:home", .offline),
                auto(3500, "tab:home", .probe),
                unprobed(4000, "tab:home"),
            ])
    }

    @Test("the view that does not probe waits for an edge, which settles and retries as usual")
    func edgeRetriesIt() {
        let records = pollingRecords(retriesAt: [3500]) + [(5000, offline), (6000, online)]
        #expect(
            replay(probeOnce(.ios), records) == [
                view(1000, "tab:home", .offline),
                auto(3500, "tab:home", .probe),
                unprobed(4000, "tab:home"),
                auto(6400, "tab:home", .edge),
            ])
    }

    @Test("an edge starts over: a view presented on a healthy path after it arms the probe again")
    func edgeResets() {
        let records = pollingRecords(retriesAt: [3500]) + [(5000, offline), (6000, online), (6900, presented("tab:home", timeoutError))]
        #expect(
            replay(probeOnce(.ios), records) == [
                view(1000, "tab:home", .offline),
                auto(3500, "tab:home", .probe),
                unprobed(4000, "tab:home"),
                auto(6400, "tab:home", .edge),
                view(6900, "tab:home", .offline),
                auto(9400, "tab:home", .probe),
            ])
    }

    @Test("an edge while the surface shows nothing resets it too; a path that repeats online is no edge")
    func edgeWithoutView() {
        let records =
            pollingRecords(retriesAt: [3500]) + [
                (4500, .tapRetry(surface: "tab:home")), (4600, online),
                (5000, offline), (5100, online), (6000, presented("tab:home", timeoutError)),
            ]
        #expect(
            replay(probeOnce(.ios), records) == [
                view(1000, "tab:home", .offline),
                auto(3500, "tab:home", .probe),
                unprobed(4000, "tab:home"),
                manual(4500, "tab:home"),
                view(6000, "tab:home", .offline),
                auto(8500, "tab:home", .probe),
            ])
    }

    @Test("iOS: the view that does not probe still settles on a foreground; a tap still retries it")
    func foregroundAndTap() {
        #expect(
            replay(probeOnce(.ios), pollingRecords(retriesAt: [3500]) + [(5000, .foreground)]) == [
                view(1000, "tab:home", .offline),
                auto(3500, "tab:home", .probe),
                unprobed(4000, "tab:home"),
                auto(5400, "tab:home", .foreground),
            ])
        #expect(
            replay(probeOnce(.android), pollingRecords(retriesAt: [3500]) + [(5000, .tapRetry(surface: "tab:home"))]) == [
                view(1000, "tab:home", .offline),
                auto(3500, "tab:home", .probe),
                unprobed(4000, "tab:home"),
                manual(5000, "tab:home"),
            ])
    }

    @Test("a foreground retry is no probe retry: the next view on a healthy path probes")
    func foregroundRetryIsNoProbe() {
        let records: [(t: Double, input: PolicyInput)] = [
            (0, online), (1000, presented("tab:home", timeoutError)), (1100, .foreground), (2000, presented("tab:home", timeoutError)),
        ]
        #expect(
            replay(probeOnce(.ios), records) == [
                view(1000, "tab:home", .offline),
                auto(1500, "tab:home", .foreground),
                view(2000, "tab:home", .offline),
                auto(4500, "tab:home", .probe),
            ])
    }

    @Test("only the retry counts: a view replaced, tapped or dismissed before its probe fired leaves the next one probing")
    func onlyRetriesCount() {
        let records: [(t: Double, input: PolicyInput)] = [
            (0, online), (1000, presented("tab:home", timeoutError)), (2000, .tapRetry(surface: "tab:home")),
            (2500, presented("tab:home", timeoutError)), (3000, presented("tab:home", timeoutError)),
        ]
        #expect(
            replay(probeOnce(.ios), records) == [
                view(1000, "tab:home", .offline),
                manual(2000, "tab:home"),
                view(2500, "tab:home", .offline),
                view(3000, "tab:home", .offline),
                auto(5500, "tab:home", .probe),
            ])
    }

    @Test("per surface: a probe retry on the tab leaves the sheet's probe alone")
    func perSurface() {
        let records: [(t: Double, input: PolicyInput)] = [
            (0, online), (1000, presented("tab:home", timeoutError)), (4000, presented("tab:home", timeoutError)),
            (4100, presented("sheet", timeoutError)),
        ]
        #expect(
            replay(probeOnce(.ios), records) == [
                view(1000, "tab:home", .offline),
                auto(3500, "tab:home", .probe),
                unprobed(4000, "tab:home"),
                view(4100, "sheet", .offline),
                auto(6600, "sheet", .probe),
            ])
    }

    @Test("Android: a probe deferred by the cooldown counts once it retries at the expiry, with trigger probe")
    func deferredProbeCounts() {
        let records: [(t: Double, input: PolicyInput)] = [
            (0, offline), (100, presented("sheet")), (200, online),
            (1000, presented("tab:home", timeoutError)), (24000, presented("tab:home", timeoutError)),
        ]
        #expect(
            replay(probeOnce(.android), records) == [
                view(100, "sheet", .offline),
                auto(600, "sheet", .edge),
                view(1000, "tab:home", .offline),
                deferred(3500, "tab:home", until: 15600),
                auto(15600, "tab:home", .probe),
                unprobed(24000, "tab:home"),
            ])
    }

    @Test("a view presented offline, a server view and a 401 carry no probe key under probe-once")
    func otherViewsCarryNoKey() {
        let records: [(t: Double, input: PolicyInput)] =
            pollingRecords(retriesAt: [3500]) + [
                (5000, presented("tab:home", .http(status: 503))), (5100, presented("tab:home", .http(status: 401))),
                (5200, offline), (5300, presented("tab:home", timeoutError)),
            ]
        let views = replay(probeOnce(.ios), records).filter { $0.view != nil }
        #expect(views.map(\.probe) == [nil, false, nil, nil, nil])
    }

    @Test("the line: probe false after the view, and only there")
    func line() {
        #expect(unprobed(4000, "tab:home").jsonLine == #"{"t":4000,"surface":"tab:home","view":"offline","probe":false}"#)
        #expect(view(4000, "tab:home", .offline).jsonLine == #"{"t":4000,"surface":"tab:home","view":"offline"}"#)
    }

    @Test("under v1 no view carries a probe key")
    func v1HasNoKey() {
        #expect(replay(.ios, pollingRecords(retriesAt: [3500, 6500])).allSatisfy { $0.probe == nil })
    }

    @Test("the variant's name, as configs and goldens spell it")
    func name() {
        #expect(RetryVariant.probeOnce.name == "probe-once")
        #expect(RetryVariant(name: "probe-once") == .probeOnce)
        #expect(RetryVariant(name: "v1") == nil)
        #expect(PolicySettings().variants.isEmpty)
    }
}

@Suite("The probe-loop finding")
struct ProbeLoopTests {
    /// The records, numbered as lines of a recording whose line 1 is its meta.
    func lines(_ records: [(t: Double, input: PolicyInput)]) -> [(t: Double, input: PolicyInput, line: Int)] {
        records.enumerated().map { ($0.element.t, $0.element.input, $0.offset + 2) }
    }

    @Test("two or more probe retries on a surface with no edge between: one finding, at the second")
    func loop() {
        let loops = ProbeLoop.find(in: lines(pollingRecords(retriesAt: [3500, 6500])), settings: PolicySettings(platform: .ios))
        #expect(loops == [ProbeLoop(surface: "tab:home", t: 6500, count: 3, first: 3500, last: 9500, lines: [3, 4, 5])])
    }

    @Test("one probe retry is no loop")
    func single() {
        #expect(ProbeLoop.find(in: lines([(0, online), (1000, presented("tab:home", timeoutError))])).isEmpty)
    }

    @Test("an edge between two probe retries ends the run; each run of two or more is a finding")
    func edgeSplitsRuns() {
        let records =
            pollingRecords(retriesAt: [3500]) + [
                (4100, offline), (4200, online),  // the view settles and retries (edge) at 4600
                (5000, presented("tab:home", timeoutError)), (8000, presented("tab:home", timeoutError)),
                (11000, presented("tab:home", timeoutError)), (11100, offline),
            ]
        let loops = ProbeLoop.find(in: lines(records), settings: PolicySettings(platform: .ios))
        #expect(loops == [ProbeLoop(surface: "tab:home", t: 10500, count: 2, first: 7500, last: 10500, lines: [7, 8])])
    }

    @Test("a probe retry due at an edge's own t comes before it: the edge ends the run after it")
    func retryAtTheEdge() {
        let records = pollingRecords(retriesAt: [3500]) + [(6000, offline), (6500, online)]
        // The second view's probe is due at 6500 but the path dropped at 6000: it never fires.
        #expect(ProbeLoop.find(in: lines(records), settings: PolicySettings(platform: .ios)).isEmpty)
        let tied = pollingRecords(retriesAt: [3500]) + [(6500, offline), (6500, online)]
        #expect(
            ProbeLoop.find(in: lines(tied), settings: PolicySettings(platform: .ios))
                == [ProbeLoop(surface: "tab:home", t: 6500, count: 2, first: 3500, last: 6500, lines: [3, 4])])
    }

    @Test("taps and foregrounds do not end a run; only an edge does")
    func tapsDoNotEndIt() {
        let records: [(t: Double, input: PolicyInput)] = [
            (0, online), (1000, presented("tab:home", timeoutError)), (4000, presented("tab:home", timeoutError)),
            (4500, .tapRetry(surface: "tab:home")), (5000, presented("tab:home", timeoutError)),
        ]
        #expect(
            ProbeLoop.find(in: lines(records), settings: PolicySettings(platform: .ios))
                == [ProbeLoop(surface: "tab:home", t: 7500, count: 2, first: 3500, last: 7500, lines: [3, 6])])
    }

    @Test("each surface has its own runs; findings by the time of their second retry")
    func surfaces() {
        let records: [(t: Double, input: PolicyInput)] = [
            (0, online), (1000, presented("sheet", timeoutError)), (1200, presented("tab:home", timeoutError)),
            (3800, presented("tab:home", timeoutError)), (4000, presented("sheet", timeoutError)),
        ]
        #expect(ProbeLoop.find(in: lines(records), settings: PolicySettings(platform: .ios)).map(\.surface) == ["tab:home", "sheet"])
    }

    @Test("Android: the cooldown holds the loop to one retry every 15 s, and it is still a loop")
    func androidLoop() {
        let records: [(t: Double, input: PolicyInput)] = [
            (0, online), (1000, presented("tab:home", timeoutError)), (4000, presented("tab:home", timeoutError)),
            (19000, presented("tab:home", timeoutError)),
        ]
        let loops = ProbeLoop.find(in: lines(records), settings: PolicySettings(platform: .android))
        #expect(loops == [ProbeLoop(surface: "tab:home", t: 18500, count: 3, first: 3500, last: 33500, lines: [3, 4, 5])])
    }

    @Test("under probe-once the same recordings have no loop")
    func noneUnderProbeOnce() {
        for platform in Platform.allCases {
            #expect(ProbeLoop.find(in: lines(pollingRecords(retriesAt: [3500, 6500])), settings: probeOnce(platform)).isEmpty)
        }
    }

    @Test("the finding as a line: t, finding, level, surface, count, first, last, lines, message")
    func line() {
        let loop = ProbeLoop(surface: "tab:home", t: 6500, count: 3, first: 3500, last: 9500.5, lines: [3, 4, 5])
        #expect(
            loop.jsonLine.hasPrefix(
                #"{"t":6500,"finding":"probe-loop","level":"warning","surface":"tab:home","count":3,"first":3500,"last":9500.5,"lines":[3,4,5],"message":"the settling probe retried 3 times"#
            ))
    }
}
