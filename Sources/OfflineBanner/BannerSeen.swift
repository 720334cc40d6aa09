/// What the page's own banner showed at `t` (a `seen` record): whether a person could see it,
/// and its label as a person reads it (`""` when not visible). The controller never reads it;
/// conformance holds the replay's prediction against it.
public struct BannerSeen: Equatable, Sendable {
    public var t: Double
    public var visible: Bool
    public var text: String
    /// Written while Turbo's cache preview was on screen (`<html data-turbo-preview>`): the pill
    /// as it was cached, not anything the controller did. Never judged.
    public var preview: Bool

    public init(t: Double, visible: Bool, text: String, preview: Bool = false) {
        self.t = t
        self.visible = visible
        self.text = text
        self.preview = preview
    }

    /// What a person sees: the label only counts while the banner is visible.
    public var shown: ShownBanner { ShownBanner(visible: visible, text: visible ? text : "") }
}

/// What a person can see of the banner: the unit conformance compares, the model's side
/// (`BannerChange.shown`) and the page's (`BannerSeen.shown`) alike.
public struct ShownBanner: Equatable, Sendable, CustomStringConvertible {
    public var visible: Bool
    public var text: String

    public static let hidden = ShownBanner(visible: false, text: "")

    public init(visible: Bool, text: String) {
        self.visible = visible
        self.text = text
    }

    /// Equal when both are hidden or both show the same label, byte for byte: a label with
    /// e + U+0301 is not what a page showing é showed.
    public static func == (a: ShownBanner, b: ShownBanner) -> Bool {
        a.visible == b.visible && a.text.sameBytes(as: b.text)
    }

    /// `hidden`, or the label in quotes, for a sentence.
    public var description: String { visible ? "“\(text)”" : "hidden" }
}

extension BannerChange {
    /// What a person sees after this change: `hidden` is not visible; `offline` and
    /// `back-online` are visible with their label.
    public var shown: ShownBanner {
        banner == .hidden ? .hidden : ShownBanner(visible: true, text: label ?? "")
    }

    /// A change a timer made (the debounce firing, the flash ending): a browser may run it late
    /// by its timer jitter, never early. Every other change follows an event at once.
    public var byTimer: Bool { cause == .offline || cause == .flashElapsed }
}

/// Turbo rendered the page at `t` (a `turbo:render`, or Turbo 8's `turbo:morph`): `morph` when
/// it refreshed the page in place, keeping `<body>` and the controller connected while it reset
/// the pill to the server's markup. A page change there that the model did not make is the
/// render's doing, not a timer's.
public struct PageRender: Equatable, Sendable {
    public var t: Double
    public var morph: Bool

    public init(t: Double, morph: Bool) {
        self.t = t
        self.morph = morph
    }
}

/// What conformance reads of the page: what its banner showed, where a document ended
/// (a `pagehide` that unloads it: from there nothing can be seen until the next document's
/// first `seen`), and where Turbo rendered it.
public enum PageObservation: Equatable, Sendable {
    case seen(BannerSeen)
    case documentEnded(t: Double)
    case rendered(PageRender)

    public var t: Double {
        switch self {
        case .seen(let seen): return seen.t
        case .documentEnded(let t): return t
        case .rendered(let render): return render.t
        }
    }
}
