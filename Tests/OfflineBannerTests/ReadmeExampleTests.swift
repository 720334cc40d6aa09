// swift-format-ignore-file
// (The example is the docs' own layout, word for word: the formatter leaves this file alone.)
// The library example of docs/library.md (and the first half of it, the README's quick start),
// word for word (RepositoryTests checks that it is), so that the example not only compiles but passes.
import OfflineBanner
import Testing

@Test func aDeadSubmissionTellsTheUser() {
    var banner = OfflineBanner()                        // es copy, 800 ms debounce, 2000 ms flash
    banner.send(.connect(context: nil, online: true), at: 0)
    #expect(banner.send(.offline, at: 700).isEmpty)     // debounce pending, due at 1500
    #expect(banner.advance(to: 1500) == [
        .banner(BannerChange(t: 1500, banner: .offline, label: "Sin conexión", cause: .offline)),
    ])
    let died = banner.send(.submitEnd(SubmitEnd(success: false, fetchResponse: nil)), at: 2000)
    #expect(died.toasts == ["No se ha podido enviar. Tu texto sigue aquí…"])
    banner.send(.online, at: 3000)                      // green flash, due to hide at 5000
    #expect(banner.finish().states == [.hidden])
}

@Test func aFlapShorterThanTheDebounceShowsNothing() {
    let timeline = OfflineBanner().timeline(of: [(t: 0, input: .connect()), (100, .offline), (600, .online)])
    #expect(timeline.isEmpty)
}
