import OfflineBanner
import Testing

/// offline-banner.md, "Copy": locales, contexts as data, and fallbacks.
@Suite("Copy and settings")
struct CopyTests {
    @Test(
        "English copy",
        arguments: [
            (BannerInput.fetchRequestError(FetchRequestError()), "No connection"),
            (.submitEnd(SubmitEnd()), "Couldn't send. Your text is still here…"),
            (.connect(context: "ride", online: false), "No signal — your trip is still being recorded"),
        ])
    func english(input: BannerInput, label: String) {
        var banner = OfflineBanner(settings: BannerSettings(locale: .en))
        #expect(banner.send(input, at: 0).first.flatMap { if case .banner(let c) = $0 { c.label } else { nil } } == label)
    }

    @Test("the ride context has its own offline message and falls back for submit failed")
    func rideFallsBack() {
        let copy = BannerCopy.builtIn(.es)
        #expect(copy.offlineMessage(context: "ride") == "Sin conexión — tu viaje se sigue registrando")
        #expect(copy.submitFailedMessage(context: "ride") == "No se ha podido enviar. Tu texto sigue aquí…")
    }

    @Test("an unknown context, or none, falls back to the plain copy", arguments: [nil, "checkout"] as [String?])
    func unknownContext(context: String?) {
        #expect(BannerCopy.builtIn(.es).offlineMessage(context: context) == "Sin conexión")
    }

    @Test("a custom context and custom timings are plain data")
    func customContextAndTimings() {
        var copy = BannerCopy.builtIn(.en)
        copy.contexts["delivery"] = ContextCopy(offline: "Offline — deliveries are queued", submitFailed: "Saved on the phone")
        var banner = OfflineBanner(settings: BannerSettings(copy: copy, debounce: 1500, flash: 500))
        banner.send(.connect(context: "delivery"), at: 0)
        banner.send(.offline, at: 100)
        #expect(banner.advance(to: 1600) == [.banner(BannerChange(t: 1600, banner: .offline, label: "Offline — deliveries are queued", cause: .offline))])
        #expect(banner.send(.submitEnd(SubmitEnd()), at: 1700).last == .submit(SubmitDecision(t: 1700, outcome: .toast(label: "Saved on the phone"))))
        banner.send(.online, at: 2000)
        #expect(banner.finish() == [.banner(BannerChange(t: 2500, banner: .hidden, label: nil, cause: .flashElapsed))])
    }

    @Test("before its first connect the controller is connected, with no context, hidden")
    func initialState() {
        let banner = OfflineBanner()
        #expect(banner.connected && banner.context == nil && banner.banner == .hidden && banner.label == nil)
    }
}
