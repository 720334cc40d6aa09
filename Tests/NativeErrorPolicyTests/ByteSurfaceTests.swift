import NativeErrorPolicy
import Testing

/// Surfaces are compared by their UTF-8 bytes (issue #34, item 15): Swift's `String ==` is
/// canonical equivalence, under which a `dismissed` on `tab:café` spelled e + U+0301 closed
/// the view presented on the precomposed spelling, and its automatic retry was lost.
@Suite("Surfaces are their bytes")
struct ByteSurfaceTests {
    /// Canonically equivalent, byte-distinct: (the view's surface, the other spelling).
    static let spellings: [(presented: String, dismissed: String)] = [
        ("tab:caf\u{E9}", "tab:cafe\u{301}"),  // é precomposed, e + combining acute
        ("tab:K", "tab:\u{212A}"),  // K, and the Kelvin sign that normalises to it
    ]

    @Test("a dismissed on the other spelling leaves the view and its automatic retry", arguments: spellings)
    func dismissedElsewhere(_ spelling: (presented: String, dismissed: String)) {
        #expect(spelling.presented == spelling.dismissed, "the row must be canonically equivalent")
        let decisions = replay(.ios, [(0, presented(spelling.presented)), (100, .dismissed(surface: spelling.dismissed)), (200, online)])
        let retried = decisions.filter { if case .retry(.automatic) = $0.outcome { true } else { false } }
        #expect(retried.map { Array($0.surface.utf8) } == [Array(spelling.presented.utf8)], "\(decisions)")
    }

    @Test("two spellings are two views, each with its own retry", arguments: spellings)
    func twoViews(_ spelling: (presented: String, dismissed: String)) {
        let decisions = replay(.ios, [(0, presented(spelling.presented)), (10, presented(spelling.dismissed)), (200, online)])
        let retried = decisions.filter { if case .retry(.automatic) = $0.outcome { true } else { false } }
        #expect(Set(retried.map { Array($0.surface.utf8) }) == [Array(spelling.presented.utf8), Array(spelling.dismissed.utf8)], "\(decisions)")
    }
}
