import OfflineBanner
import Testing

/// What a page's banner showed is held to the model's label byte for byte (issue #34): a
/// label with e + U+0301 is not one with é, though Swift's `String ==` says it is.
@Suite("Shown labels are their bytes")
struct ByteTextTests {
    static let spellings: [(String, String)] = [("Sin conexi\u{F3}n", "Sin conexio\u{301}n"), ("\u{212A}", "K")]

    @Test(arguments: spellings)
    func shownDiffers(_ pair: (String, String)) {
        #expect(pair.0 == pair.1, "the row must be canonically equivalent")
        #expect(ShownBanner(visible: true, text: pair.0) != ShownBanner(visible: true, text: pair.1))
        #expect(ShownBanner(visible: true, text: pair.0) == ShownBanner(visible: true, text: pair.0))
    }

    @Test("a context's copy is found only under its own bytes", arguments: [("caf\u{E9}", "cafe\u{301}"), ("\u{212A}", "K")])
    func context(_ pair: (String, String)) {
        let copy = BannerCopy(offline: "No connection", backOnline: "Back online", submitFailed: "Not sent", contexts: [pair.0: ContextCopy(offline: "Own")])
        #expect(copy.offlineMessage(context: pair.0) == "Own")
        #expect(copy.offlineMessage(context: pair.1) == "No connection")
    }
}
