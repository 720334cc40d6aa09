import OfflineBanner
import Testing

/// One test per row of offline-banner.md's rules table, in the table's order, written
/// against the Swift API alone: this is how an app tests its banner.
@Suite("The rules table")
struct RulesTableTests {
    let pill = "Sin conexión"
    let backOnline = "De nuevo en línea"
    let submitFailed = "No se ha podido enviar. Tu texto sigue aquí…"

    func offlineBanner(at t: Double = 0) -> OfflineBanner {
        var banner = OfflineBanner()
        banner.send(.fetchRequestError(FetchRequestError()), at: t)
        return banner
    }

    @Test("offline | banner is offline | nothing")
    func offlineWhileOffline() {
        var banner = offlineBanner()
        #expect(banner.send(.offline, at: 10).isEmpty)
        #expect(banner.debounce == nil)
        #expect(banner.finish().isEmpty)
    }

    @Test("offline | a debounce is already pending | nothing")
    func offlineWhileDebouncing() {
        var banner = OfflineBanner()
        banner.send(.offline, at: 100)
        #expect(banner.send(.offline, at: 500).isEmpty)
        #expect(banner.debounce?.due == 900)  // the first one still decides
    }

    @Test("offline | otherwise | start the debounce, due at t + debounce")
    func offlineStartsDebounce() {
        var banner = OfflineBanner()
        #expect(banner.send(.offline, at: 100).isEmpty)
        #expect(banner.debounce?.due == 900)
        #expect(banner.banner == .hidden)
    }

    @Test("debounce fires | | showOffline()")
    func debounceFires() {
        var banner = OfflineBanner()
        banner.send(.offline, at: 100)
        #expect(banner.advance(to: 899.9).isEmpty)
        #expect(banner.advance(to: 900) == [.banner(BannerChange(t: 900, banner: .offline, label: pill, cause: .offline))])
    }

    @Test("online | a debounce is pending | cancel it; nothing shown")
    func onlineCancelsDebounce() {
        var banner = OfflineBanner()
        banner.send(.offline, at: 100)
        #expect(banner.send(.online, at: 500).isEmpty)
        #expect(banner.debounce == nil)
        #expect(banner.finish().isEmpty)
    }

    @Test("online | banner is offline | back-online, start the flash")
    func onlineWhileOffline() {
        var banner = offlineBanner()
        #expect(banner.send(.online, at: 1000) == [.banner(BannerChange(t: 1000, banner: .backOnline, label: backOnline, cause: .online))])
        #expect(banner.flash?.due == 3000)
    }

    @Test("online | banner hidden or back-online | nothing more (never flashes over nothing)")
    func onlineOtherwise() {
        var banner = OfflineBanner()
        #expect(banner.send(.online, at: 10).isEmpty)
        var flashing = offlineBanner()
        flashing.send(.online, at: 100)
        #expect(flashing.send(.online, at: 200).isEmpty)
        #expect(flashing.flash?.due == 2100)  // not restarted
    }

    @Test("flash fires | | banner := hidden")
    func flashFires() {
        var banner = offlineBanner()
        banner.send(.online, at: 100)
        #expect(banner.advance(to: 2100) == [.banner(BannerChange(t: 2100, banner: .hidden, label: nil, cause: .flashElapsed))])
    }

    @Test("turbo:fetch-request-error | | showOffline() at once, no debounce")
    func fetchRequestError() {
        var banner = OfflineBanner()
        banner.send(.offline, at: 0)
        let output = banner.send(.fetchRequestError(FetchRequestError(target: "turbo-frame#comments")), at: 50)
        #expect(output == [.banner(BannerChange(t: 50, banner: .offline, label: pill, cause: .fetchRequestError))])
        #expect(banner.debounce == nil)
        #expect(banner.finish().isEmpty)
    }

    @Test("turbo:submit-end | success is true | nothing; silent, reason success")
    func submitSucceeded() {
        var banner = OfflineBanner()
        let output = banner.send(.submitEnd(SubmitEnd(success: true, fetchResponse: FetchResponse(statusCode: 200))), at: 5)
        #expect(output == [.submit(SubmitDecision(t: 5, outcome: .silent(.success)))])
    }

    @Test(
        "turbo:submit-end | fetchResponse is an object | nothing; silent, server-response with status",
        arguments: [422, 500])
    func submitGotServerResponse(status: Int) {
        var banner = OfflineBanner()
        let output = banner.send(.submitEnd(SubmitEnd(success: false, fetchResponse: FetchResponse(statusCode: status))), at: 5)
        #expect(output == [.submit(SubmitDecision(t: 5, outcome: .silent(.serverResponse(status: status))))])
        #expect(banner.banner == .hidden)
    }

    @Test("turbo:submit-end | fetchResponse with a non-integer statusCode | silent, status omitted")
    func submitGotResponseWithoutStatus() {
        var banner = OfflineBanner()
        let output = banner.send(.submitEnd(SubmitEnd(fetchResponse: FetchResponse(statusCode: nil))), at: 5)
        #expect(output == [.submit(SubmitDecision(t: 5, outcome: .silent(.serverResponse(status: nil))))])
    }

    @Test("turbo:submit-end | otherwise (no response) | showOffline(), label := submit-failed; toast")
    func submitDied() {
        var banner = OfflineBanner()
        banner.send(.offline, at: 0)
        let output = banner.send(.submitEnd(SubmitEnd(success: false, fetchResponse: nil)), at: 300)
        #expect(
            output == [
                .banner(BannerChange(t: 300, banner: .offline, label: submitFailed, cause: .submitFailed)),
                .submit(SubmitDecision(t: 300, outcome: .toast(label: submitFailed))),
            ])
        #expect(banner.debounce == nil)
    }

    @Test("connect | online | cancel both timers; connected; context; hidden")
    func connectOnline() {
        var banner = offlineBanner()
        banner.send(.offline, at: 10)
        banner.send(.online, at: 20)
        let output = banner.send(.connect(context: "ride", online: true), at: 30)
        #expect(output == [.banner(BannerChange(t: 30, banner: .hidden, label: nil, cause: .connect))])
        #expect(banner.flash == nil && banner.debounce == nil)
        #expect(banner.context == "ride")
        #expect(banner.finish().isEmpty)
    }

    @Test("connect | online is false | the pill at once, in the context's copy")
    func connectOffline() {
        var banner = OfflineBanner()
        let output = banner.send(.connect(context: "ride", online: false), at: 30)
        #expect(output == [.banner(BannerChange(t: 30, banner: .offline, label: "Sin conexión — tu viaje se sigue registrando", cause: .connectOffline))])
    }

    @Test("disconnect | | cancel both timers; disconnected; hidden")
    func disconnect() {
        var banner = offlineBanner()
        let output = banner.send(.disconnect, at: 40)
        #expect(output == [.banner(BannerChange(t: 40, banner: .hidden, label: nil, cause: .disconnect))])
        #expect(!banner.connected)
        var debouncing = OfflineBanner()
        debouncing.send(.offline, at: 0)
        #expect(debouncing.send(.disconnect, at: 10).isEmpty)  // nothing visible changed
        #expect(debouncing.finish().isEmpty)  // and the debounce is gone
    }

    @Test("pagehide | persisted is not true, and connected | as disconnect, cause pagehide: the pill goes with the page")
    func pagehideTakesThePill() {
        var banner = offlineBanner()
        let output = banner.send(.pagehide(persisted: false), at: 40)
        #expect(output == [.banner(BannerChange(t: 40, banner: .hidden, label: nil, cause: .pagehide))])
        #expect(!banner.connected)
        #expect(banner.finish().isEmpty)
    }

    @Test("pagehide | persisted is not true, and connected | a pending flash goes with the page: it never elapses")
    func pagehideDuringTheFlash() {
        var banner = offlineBanner()
        banner.send(.online, at: 100)  // the flash, due at 2100
        let output = banner.send(.pagehide(), at: 146)  // absent persisted is false
        #expect(output == [.banner(BannerChange(t: 146, banner: .hidden, label: nil, cause: .pagehide))])
        #expect(banner.flash == nil)
        #expect(banner.finish().isEmpty)  // no flash-elapsed on a page that is gone
    }

    @Test("pagehide | persisted is not true, and connected | a pending debounce goes with the page: no pill, ever")
    func pagehideDuringTheDebounce() {
        var banner = OfflineBanner()
        banner.send(.offline, at: 100)  // the debounce, due at 900
        #expect(banner.send(.pagehide(), at: 500).isEmpty)  // nothing was visible, nothing changes
        #expect(banner.debounce == nil && !banner.connected)
        #expect(banner.finish().isEmpty)
    }

    @Test("pagehide | persisted is true | nothing: the page is kept in the back-forward cache, controller and timers")
    func pagehidePersisted() {
        var banner = offlineBanner()
        banner.send(.online, at: 100)
        let before = banner
        #expect(banner.send(.pagehide(persisted: true), at: 146).isEmpty)
        #expect(banner == before)
        #expect(banner.finish() == [.banner(BannerChange(t: 2100, banner: .hidden, label: nil, cause: .flashElapsed))])
    }

    @Test("connect | after a pagehide | the next document's controller starts afresh")
    func connectAfterPagehide() {
        var banner = offlineBanner()
        banner.send(.pagehide(), at: 40)
        #expect(banner.send(.offline, at: 50).isEmpty)  // between documents: nobody listens
        #expect(banner.send(.connect(context: nil, online: true), at: 2000).isEmpty)  // already hidden
        #expect(banner.connected && banner.debounce == nil)
        #expect(banner.send(.offline, at: 2100).isEmpty)
        #expect(banner.debounce?.due == 2900)  // the new page debounces again
        var offline = offlineBanner()
        offline.send(.pagehide(), at: 40)
        #expect(
            offline.send(.connect(context: "ride", online: false), at: 2000)
                == [.banner(BannerChange(t: 2000, banner: .offline, label: "Sin conexión — tu viaje se sigue registrando", cause: .connectOffline))])
    }

    @Test("turbo:submit-end | disconnected | nothing; silent, reason disconnected")
    func submitWhileDisconnected() {
        var banner = OfflineBanner()
        banner.send(.disconnect, at: 0)
        let output = banner.send(.submitEnd(SubmitEnd()), at: 3100)
        #expect(output == [.submit(SubmitDecision(t: 3100, outcome: .silent(.disconnected)))])
        #expect(banner.banner == .hidden)
    }

    @Test(
        "any other input but connect | disconnected | ignored",
        arguments: [
            BannerInput.offline, .online, .fetchRequestError(FetchRequestError()), .disconnect,
            .pagehide(persisted: false), .pagehide(persisted: true), .beforeFetchResponse(),
        ])
    func ignoredWhileDisconnected(input: BannerInput) {
        var banner = OfflineBanner()
        banner.send(.disconnect, at: 0)
        let before = banner
        #expect(banner.send(input, at: 10).isEmpty)
        // The controller ignores it; only the browser's own flag may move (`offline`, `online`
        // set navigator.onLine whatever the controller's state).
        #expect(banner.banner == before.banner && banner.label == before.label && !banner.connected)
        #expect(banner.debounce == nil && banner.flash == nil && banner.context == before.context)
        #expect(banner.finish().isEmpty)
    }

    @Test("turbo:before-fetch-response | v1 | only observed: timers due by its t fire, nothing else")
    func responseIsOnlyObservedInV1() {
        var banner = offlineBanner()  // a dead upstream's pill, navigator.onLine true
        let before = banner
        #expect(banner.send(.beforeFetchResponse(BeforeFetchResponse(statusCode: 200, target: "html")), at: 500).isEmpty)
        #expect(banner == before)
        banner.send(.online, at: 600)  // the flash, due at 2600
        #expect(
            banner.send(.beforeFetchResponse(), at: 2600)
                == [.banner(BannerChange(t: 2600, banner: .hidden, label: nil, cause: .flashElapsed))])
    }
}
