/// Everything about the controller that a page can configure.
public struct BannerSettings: Equatable, Sendable {
    public var copy: BannerCopy
    /// How long `navigator.onLine` must stay false before the pill shows, in ms.
    public var debounce: Double
    /// How long the green "back online" flash stays, in ms.
    public var flash: Double
    /// The rule changes on top of the v1 controller (banner-variants.md); empty is v1.
    public var variants: Set<BannerVariant>
    /// How closely the page's own banner (`seen` records) must follow these settings: not
    /// something the controller reads, but what a page configured like this is held to.
    public var seenTolerance = SeenTolerance()

    public static let defaultDebounce: Double = 800
    public static let defaultFlash: Double = 2000

    public init(
        copy: BannerCopy = .builtIn(.es), debounce: Double = defaultDebounce, flash: Double = defaultFlash,
        variants: Set<BannerVariant> = []
    ) {
        self.copy = copy
        self.debounce = debounce
        self.flash = flash
        self.variants = variants
    }

    public init(
        locale: BannerLocale, debounce: Double = defaultDebounce, flash: Double = defaultFlash,
        variants: Set<BannerVariant> = []
    ) {
        self.init(copy: .builtIn(locale), debounce: debounce, flash: flash, variants: variants)
    }
}
