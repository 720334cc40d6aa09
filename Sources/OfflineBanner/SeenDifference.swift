/// One way the page's banner disagreed with the model's prediction.
public struct SeenDifference: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// The model changed the banner and the page never showed it.
        case missing
        /// The page changed its banner to something the model never showed around then.
        case extra
        /// The page changed its banner in time, but its label is not the model's.
        case wrongText = "wrong-text"
        /// The page showed the model's change before its window opened.
        case early
        /// The page showed the model's change after its window closed.
        case late
    }

    public var kind: Kind
    /// When: the model's change, or for an `extra`, the page's.
    public var t: Double
    /// What the contract says a person sees from `t` on.
    public var expected: ShownBanner
    /// The model's change (`nil` for an `extra`: none matched it).
    public var cause: BannerCause?
    /// What the page showed instead (for `missing`: what it kept showing).
    public var shown: ShownBanner
    /// When the page showed it (`nil` for `missing`).
    public var shownAt: Double?
    /// The pill episode it belongs to, counted in the model's timeline: a change and the
    /// differences in the pill's time up share one; `banner-drift` reports the first of each.
    public var episode: Int
    /// The render (a Turbo 8 morph, or another render) the page's change came with, when it
    /// came with one: the page changed its pill there, not the controller's timers.
    public var render: PageRender?

    public init(
        kind: Kind, t: Double, expected: ShownBanner, cause: BannerCause?, shown: ShownBanner, shownAt: Double?, episode: Int,
        render: PageRender? = nil
    ) {
        self.kind = kind
        self.t = t
        self.expected = expected
        self.cause = cause
        self.shown = shown
        self.shownAt = shownAt
        self.episode = episode
        self.render = render
    }

    /// How much later (negative: earlier) the page showed it than the model.
    public var deltaMs: Double? { shownAt.map { $0 - t } }
}

/// A model change and the `seen` that showed it (in time or not): what a fit is made of.
public struct SeenPair: Equatable, Sendable {
    public var change: BannerChange
    public var seen: BannerSeen

    public init(change: BannerChange, seen: BannerSeen) {
        self.change = change
        self.seen = seen
    }

    public var deltaMs: Double { seen.t - change.t }
}

/// The timings that would explain a page whose timer-made changes are all off the same way:
/// its pills all later (or all earlier) than the model's debounce, its flashes all shorter (or
/// all longer). `nil` where the page agrees, or is not consistent.
public struct SeenFit: Equatable, Sendable {
    public var debounceMs: Double?
    public var flashMs: Double?

    public init(debounceMs: Double? = nil, flashMs: Double? = nil) {
        self.debounceMs = debounceMs
        self.flashMs = flashMs
    }

    public var isEmpty: Bool { debounceMs == nil && flashMs == nil }
}
