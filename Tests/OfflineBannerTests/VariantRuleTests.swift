import OfflineBanner
import Testing

/// banner-variants.md, `recover-on-response`: its one row, the rows of the v1 table it leaves
/// alone, and how `navigator.onLine` is tracked, one test per rule, against the Swift API.
@Suite("Variant: recover-on-response")
struct VariantRuleTests {
    let pill = "Sin conexión"
    let backOnline = "De nuevo en línea"
    let response = BannerInput.beforeFetchResponse(BeforeFetchResponse(statusCode: 200, target: "turbo-frame#comments"))

    func variant() -> OfflineBanner {
        OfflineBanner(settings: BannerSettings(variants: [.recoverOnResponse]))
    }

    /// A dead upstream: the pill is up while the browser says online.
    func deadUpstream(at t: Double = 0) -> OfflineBanner {
        var banner = variant()
        banner.send(.fetchRequestError(FetchRequestError(target: "turbo-frame#comments")), at: t)
        return banner
    }

    @Test("the port is v1 unless its settings name a variant")
    func v1ByDefault() {
        #expect(OfflineBanner().settings.variants.isEmpty)
        #expect(BannerVariant.allCases.map(\.name) == ["recover-on-response"])
        #expect(BannerVariant(name: "recover-on-response") == .recoverOnResponse)
        #expect(BannerVariant(name: "recover") == nil)
    }

    @Test("turbo:before-fetch-response | connected, banner offline, navigator.onLine true | as online: back-online, flash due at t + flash, cause response")
    func responseRecoversTheStalePill() {
        var banner = deadUpstream(at: 1239.6)
        #expect(
            banner.send(response, at: 3547.6)
                == [.banner(BannerChange(t: 3547.6, banner: .backOnline, label: backOnline, cause: .response))])
        #expect(banner.flash?.due == 3547.6 + 2000)
        #expect(banner.finish() == [.banner(BannerChange(t: 3547.6 + 2000, banner: .hidden, label: nil, cause: .flashElapsed))])
    }

    @Test("turbo:before-fetch-response | the same, with another flash | the flash is the setting's")
    func responseUsesTheFlashSetting() {
        var banner = OfflineBanner(settings: BannerSettings(locale: .en, flash: 500, variants: [.recoverOnResponse]))
        banner.send(.submitEnd(SubmitEnd()), at: 100)  // a dead submission's pill and toast
        #expect(banner.send(response, at: 300) == [.banner(BannerChange(t: 300, banner: .backOnline, label: "Back online", cause: .response))])
        #expect(banner.flash?.due == 800)
    }

    @Test("turbo:before-fetch-response | banner offline but navigator.onLine false | nothing: a service worker may have answered")
    func responseWhileTheBrowserSaysOffline() {
        var banner = variant()
        banner.send(.offline, at: 0)
        banner.advance(to: 800)  // the pill, navigator.onLine false
        let before = banner
        #expect(banner.send(response, at: 1500).isEmpty)
        #expect(banner == before)
        #expect(banner.send(.online, at: 2000) == [.banner(BannerChange(t: 2000, banner: .backOnline, label: backOnline, cause: .online))])
    }

    @Test("turbo:before-fetch-response | disconnected | ignored")
    func responseWhileDisconnected() {
        var banner = deadUpstream()
        banner.send(.disconnect, at: 100)
        #expect(banner.send(response, at: 200).isEmpty)
        #expect(banner.banner == .hidden && banner.flash == nil)
        var unloaded = deadUpstream()
        unloaded.send(.pagehide(), at: 100)
        #expect(unloaded.send(response, at: 200).isEmpty)
        #expect(unloaded.finish().isEmpty)
    }

    @Test("turbo:before-fetch-response | banner hidden | nothing")
    func responseOverNothing() {
        var banner = variant()
        #expect(banner.send(response, at: 10).isEmpty)
        #expect(banner.banner == .hidden && banner.flash == nil)
    }

    @Test("turbo:before-fetch-response | banner back-online | nothing: the flash is not restarted")
    func responseDuringTheFlash() {
        var banner = deadUpstream()
        banner.send(response, at: 100)  // flash due at 2100
        #expect(banner.send(response, at: 200).isEmpty)
        #expect(banner.flash?.due == 2100)
        var afterOnline = deadUpstream()
        afterOnline.send(.online, at: 100)
        #expect(afterOnline.send(response, at: 200).isEmpty)
        #expect(afterOnline.flash?.due == 2100)
    }

    @Test("turbo:before-fetch-response | a pending debounce, no pill | nothing: the row needs the pill up")
    func responseDoesNotCancelADebounceWithoutAPill() {
        var banner = variant()
        banner.send(.offline, at: 0)  // debounce due at 800
        #expect(banner.send(response, at: 300).isEmpty)
        #expect(banner.debounce?.due == 800)
        #expect(banner.advance(to: 800) == [.banner(BannerChange(t: 800, banner: .offline, label: pill, cause: .offline))])
    }

    @Test("timers due at or before a response's t fire first, as for any input")
    func timersFireBeforeTheResponse() {
        var debouncing = variant()
        debouncing.send(.offline, at: 16.036)  // due at 816.0360000000001
        // At 816.036 the debounce is not due yet: nothing fires, and no pill is up to recover.
        #expect(debouncing.send(response, at: 816.036).isEmpty)
        #expect(debouncing.advance(to: 816.0360000000001) == [.banner(BannerChange(t: 816.0360000000001, banner: .offline, label: pill, cause: .offline))])

        var flashing = deadUpstream()
        flashing.send(.online, at: 100)  // the flash, due at 2100
        flashing.send(.fetchRequestError(FetchRequestError()), at: 2100)  // fires the flash, then the pill again
        #expect(
            flashing.send(response, at: 2100)
                == [.banner(BannerChange(t: 2100, banner: .backOnline, label: backOnline, cause: .response))])
    }

    @Test("every other row is the contract's: a failure after the recovery raises the pill again")
    func otherRowsUnchanged() {
        var banner = deadUpstream()
        banner.send(response, at: 100)
        let output = banner.send(.submitEnd(SubmitEnd()), at: 150)
        #expect(output.changes == [BannerChange(t: 150, banner: .offline, label: "No se ha podido enviar. Tu texto sigue aquí…", cause: .submitFailed)])
        #expect(output.toasts == ["No se ha podido enviar. Tu texto sigue aquí…"])
        #expect(banner.flash == nil)
    }

    @Test("docs/variants.md's Swift example")
    func docsExample() {
        var banner = OfflineBanner(settings: BannerSettings(variants: [.recoverOnResponse]))
        banner.send(.fetchRequestError(FetchRequestError(target: "turbo-frame#feed")), at: 1200)  // the pill
        banner.send(.beforeFetchResponse(BeforeFetchResponse(statusCode: 200)), at: 2450.5)  // back-online, cause .response
        #expect(banner.navigatorOnline)
        #expect(banner.banner == .backOnline && banner.flash?.due == 4450.5)
    }

    // MARK: - navigator.onLine

    @Test("navigator.onLine | at the start | true: a pill raised before any record says otherwise is recovered")
    func navigatorOnlineStartsTrue() {
        #expect(variant().navigatorOnline)
        var banner = deadUpstream()
        #expect(banner.send(response, at: 10).states == [.backOnline])
    }

    @Test("navigator.onLine | offline | false, and online | true")
    func offlineAndOnlineSetIt() {
        var banner = variant()
        banner.send(.offline, at: 0)
        #expect(!banner.navigatorOnline)
        banner.send(.online, at: 100)
        #expect(banner.navigatorOnline)
        banner.send(.fetchRequestError(FetchRequestError()), at: 200)
        #expect(banner.send(response, at: 300).states == [.backOnline])
    }

    @Test("navigator.onLine | connect | its online (absent: true)")
    func connectSetsIt() {
        var restored = variant()
        restored.send(.connect(context: nil, online: false), at: 0)  // restored from Turbo's cache offline
        #expect(!restored.navigatorOnline)
        #expect(restored.send(response, at: 100).isEmpty)  // the pill stays

        var reconnected = variant()
        reconnected.send(.offline, at: 0)
        reconnected.send(.connect(), at: 100)
        #expect(reconnected.navigatorOnline)
        reconnected.send(.fetchRequestError(FetchRequestError()), at: 200)
        #expect(reconnected.send(response, at: 300).states == [.backOnline])
    }

    @Test("navigator.onLine | disconnect, pagehide | unchanged", arguments: [BannerInput.disconnect, .pagehide()])
    func pageChangesLeaveIt(input: BannerInput) {
        var offline = variant()
        offline.send(.offline, at: 0)
        offline.send(input, at: 10)
        #expect(!offline.navigatorOnline)
        var online = variant()
        online.send(input, at: 10)
        #expect(online.navigatorOnline)
    }

    @Test("navigator.onLine | offline or online while disconnected | set all the same: it is the browser's")
    func trackedWhileDisconnected() {
        var banner = variant()
        banner.send(.disconnect, at: 0)
        banner.send(.offline, at: 10)
        #expect(!banner.navigatorOnline)
        banner.send(.online, at: 20)
        #expect(banner.navigatorOnline)
    }

    @Test(
        "navigator.onLine | any other input | unchanged",
        arguments: [
            BannerInput.fetchRequestError(FetchRequestError()), .submitEnd(SubmitEnd()), .beforeFetchResponse(),
            .pagehide(persisted: true),
        ])
    func otherInputsLeaveIt(input: BannerInput) {
        var banner = variant()
        banner.send(.offline, at: 0)
        banner.send(input, at: 10)
        #expect(!banner.navigatorOnline)
    }
}
