import OfflineBanner
import Testing

/// offline-banner.md, "Order in time", and the output rules around it.
@Suite("Virtual time and output")
struct TimeTests {
    @Test("a due time is t + duration in doubles, compared exactly: 16.036 + 800 loses to an online at 816.036")
    func dueTimesAreDoubles() {
        var banner = OfflineBanner()
        banner.send(.offline, at: 16.036)
        #expect(banner.debounce?.due == 816.0360000000001)
        #expect(banner.send(.online, at: 816.036).isEmpty)
        #expect(banner.finish().isEmpty)
    }

    @Test("a timer due exactly at a record's t fires before that record")
    func dueAtRecordTime() {
        var banner = OfflineBanner()
        banner.send(.offline, at: 100)
        let output = banner.send(.online, at: 900)
        #expect(
            output == [
                .banner(BannerChange(t: 900, banner: .offline, label: "Sin conexión", cause: .offline)),
                .banner(BannerChange(t: 900, banner: .backOnline, label: "De nuevo en línea", cause: .online)),
            ])
    }

    @Test("timers due at the same time fire in the order they were started")
    func tiesByStartOrder() {
        // flash started at 0 (due 2000); debounce started at 1200 (due 2000): flash first.
        var banner = OfflineBanner()
        banner.send(.fetchRequestError(FetchRequestError()), at: -1)
        banner.send(.online, at: 0)
        banner.send(.offline, at: 1200)
        #expect(banner.flash?.due == banner.debounce?.due)
        #expect(
            banner.finish() == [
                .banner(BannerChange(t: 2000, banner: .hidden, label: nil, cause: .flashElapsed)),
                .banner(BannerChange(t: 2000, banner: .offline, label: "Sin conexión", cause: .offline)),
            ])
    }

    @Test("the debounce firing cancels a pending flash")
    func debounceCancelsFlash() {
        var banner = OfflineBanner()
        banner.send(.fetchRequestError(FetchRequestError()), at: 0)
        banner.send(.online, at: 100)  // flash due 2100
        banner.send(.offline, at: 200)  // debounce due 1000
        #expect(banner.advance(to: 1000) == [.banner(BannerChange(t: 1000, banner: .offline, label: "Sin conexión", cause: .offline))])
        #expect(banner.flash == nil)
        #expect(banner.finish().isEmpty)
    }

    @Test("at the end every pending timer fires, the page stays open")
    func finishFiresEverything() {
        var banner = OfflineBanner()
        banner.send(.offline, at: 0)
        #expect(banner.finish() == [.banner(BannerChange(t: 800, banner: .offline, label: "Sin conexión", cause: .offline))])
        #expect(banner.nextDue == nil)
    }

    @Test("one input yields at most one banner record: a failure while the plain pill is up shows nothing")
    func noChangeNoRecord() {
        var banner = OfflineBanner()
        banner.send(.fetchRequestError(FetchRequestError()), at: 0)
        #expect(banner.send(.fetchRequestError(FetchRequestError()), at: 10).isEmpty)
    }

    @Test("a later failure relabels a submit-failed pill back to the plain message")
    func laterFailureRelabels() {
        var banner = OfflineBanner()
        banner.send(.submitEnd(SubmitEnd()), at: 0)
        #expect(
            banner.send(.fetchRequestError(FetchRequestError()), at: 10)
                == [.banner(BannerChange(t: 10, banner: .offline, label: "Sin conexión", cause: .fetchRequestError))])
    }

    @Test("a second dead submission toasts again though the pill does not change")
    func repeatedToast() {
        var banner = OfflineBanner()
        banner.send(.submitEnd(SubmitEnd()), at: 0)
        #expect(
            banner.send(.submitEnd(SubmitEnd()), at: 10)
                == [.submit(SubmitDecision(t: 10, outcome: .toast(label: "No se ha podido enviar. Tu texto sigue aquí…")))])
    }
}

@Suite("Time never goes back")
struct TimeOrderTests {
    @Test("a send at an earlier time than one already handled stops the test, naming both times")
    func sendBackInTime() async {
        await #expect(processExitsWith: .failure) {
            var banner = OfflineBanner()
            banner.send(.offline, at: 6000)
            banner.send(.online, at: 1000)
        }
    }

    @Test("advance(to:) cannot go back either, not even after the timers fired")
    func advanceBackInTime() async {
        await #expect(processExitsWith: .failure) {
            var banner = OfflineBanner()
            banner.send(.offline, at: 0)
            banner.advance(to: 900)
            banner.advance(to: 850)
        }
    }

    @Test("equal times are in order: records with the same t are taken as they come")
    func equalTimes() {
        var banner = OfflineBanner()
        banner.send(.offline, at: 100)
        banner.send(.online, at: 100)
        #expect(banner.send(.offline, at: 100).isEmpty)
        #expect(banner.debounce?.due == 900)
    }

    @Test("timeline(of:) replays a list of timed inputs and finishes")
    func timelineOfInputs() {
        let timeline = OfflineBanner().timeline(of: [(t: 0, input: .connect()), (700, .offline), (3000, .online)])
        #expect(
            timeline.map(\.description) == [
                #"{"t":1500,"banner":"offline","label":"Sin conexión","cause":"offline"}"#,
                #"{"t":3000,"banner":"back-online","label":"De nuevo en línea","cause":"online"}"#,
                #"{"t":5000,"banner":"hidden","cause":"flash-elapsed"}"#,
            ])
    }
}

@Suite("Reading a timeline in a test")
struct TimelineQueryTests {
    static let timeline = OfflineBanner().timeline(of: [
        (t: 0, input: .connect()), (100, .offline), (1000, .submitEnd(SubmitEnd(fetchResponse: nil))),
        (1100, .submitEnd(SubmitEnd(fetchResponse: FetchResponse(statusCode: 422)))), (1200, .online),
    ])

    @Test("toasts, states, changes and decisions, without pattern matching")
    func queries() {
        #expect(Self.timeline.toasts == ["No se ha podido enviar. Tu texto sigue aquí…"])
        #expect(Self.timeline.states == [.offline, .offline, .backOnline, .hidden])
        #expect(Self.timeline.changes.map(\.cause) == [.offline, .submitFailed, .online, .flashElapsed])
        #expect(Self.timeline.decisions.map(\.silentReason) == [nil, .serverResponse(status: 422)])
        #expect(Self.timeline.filter(\.isToast).map(\.t) == [1000])
    }

    @Test("every record describes itself as its timeline line, so a failed #expect reads like the golden")
    func descriptions() {
        #expect(
            Self.timeline.map(\.description) == [
                #"{"t":900,"banner":"offline","label":"Sin conexión","cause":"offline"}"#,
                #"{"t":1000,"banner":"offline","label":"No se ha podido enviar. Tu texto sigue aquí…","cause":"submit-failed"}"#,
                #"{"t":1000,"submit":"toast","label":"No se ha podido enviar. Tu texto sigue aquí…"}"#,
                #"{"t":1100,"submit":"silent","reason":"server-response","status":422}"#,
                #"{"t":1200,"banner":"back-online","label":"De nuevo en línea","cause":"online"}"#,
                #"{"t":3200,"banner":"hidden","cause":"flash-elapsed"}"#,
            ])
        #expect(Self.timeline.changes.first?.description == #"{"t":900,"banner":"offline","label":"Sin conexión","cause":"offline"}"#)
        #expect(String(describing: Self.timeline.decisions[1]) == #"{"t":1100,"submit":"silent","reason":"server-response","status":422}"#)
    }
}
