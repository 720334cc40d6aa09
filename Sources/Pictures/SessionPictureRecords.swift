import TurboRecording

/// What the session picture reads of the two logs besides the merged timeline: what each log
/// says of itself (the page's `meta`: its source, user agent and the app's release; the app's
/// `meta`: its platform and release), and the app's own records about its error views —
/// `presented`, `app-retry`, `tap-retry`, `dismissed`, `foreground`, a page loading and a
/// `launch` — which the merged timeline does not list (app-session.md keeps it to the records
/// that explain a latency) but which say when the user's error view really went. Fed every
/// record as the session reads it; keeps the first `RenderLimits.defaultMaxMarks` app records,
/// the rest counted, so a day-long log is read in the memory of a short one.
package struct SessionPictureRecords {
    package private(set) var webMeta: Meta?
    package private(set) var nativeMeta: NativeMeta?
    /// On the native clock: the picture moves them by Δ.
    private(set) var app = Lane<AppViewMark>(capacity: RenderLimits.defaultMaxMarks)
    /// Whether the app's log was read into it: without it the picture knows no view's end by
    /// the app's log, and draws no spans rather than views that seem never to end.
    private(set) var readNative = false

    package init() {}

    package mutating func feed(web record: Record) {
        if webMeta == nil, case .meta(let meta) = record.event { webMeta = meta }
    }

    package mutating func feed(native record: NativeRecord) {
        readNative = true
        switch record.event {
        case .meta(let meta):
            if nativeMeta == nil { nativeMeta = meta }
        case .timed(let t, let event):
            guard let kind = AppViewMark.Kind(event) else { return }
            app.add(AppViewMark(t: t, kind: kind, line: record.line), at: t)
        }
    }
}

/// One of the app's own records about its error views, at its time on the native clock.
struct AppViewMark {
    enum Kind: Equatable {
        /// `presented` on a surface: a view there before it ends (the policy decides the new one).
        case presented(surface: String)
        /// `app-retry`: the app says it retried there, automatically or on a tap.
        case appRetry(surface: String, manual: Bool)
        /// `tap-retry`: the user tapped retry there.
        case tapRetry(surface: String)
        case dismissed(surface: String)
        /// The app came to the foreground: every surface.
        case foreground
        /// A page finished loading (`finish`, or the page's `page-load` `connect`): every view goes.
        case pageLoaded
        /// A new process: every view goes with the old one.
        case launch

        init?(_ event: NativeEvent) {
            switch event {
            case .presented(let presented): self = .presented(surface: MarkText.bounded(presented.surface))
            case .appRetry(let retry): self = .appRetry(surface: MarkText.bounded(retry.surface), manual: retry.kind == .manual)
            case .tapRetry(let surface): self = .tapRetry(surface: MarkText.bounded(surface))
            case .dismissed(let surface): self = .dismissed(surface: MarkText.bounded(surface))
            case .foreground: self = .foreground
            case .finish: self = .pageLoaded
            case .bridge(let component, let event) where component == "page-load" && event == "connect": self = .pageLoaded
            case .launch: self = .launch
            default: return nil
            }
        }

        /// The surface it is about; `nil` for one about the whole app.
        var surface: String? {
            switch self {
            case .presented(let surface), .appRetry(let surface, _), .tapRetry(let surface), .dismissed(let surface): return surface
            case .foreground, .pageLoaded, .launch: return nil
            }
        }

        /// What it is, in words, without its surface.
        var name: String {
            switch self {
            case .presented: return "presented"
            case .appRetry(_, let manual): return manual ? "app-retry (manual)" : "app-retry (auto)"
            case .tapRetry: return "tap-retry"
            case .dismissed: return "dismissed"
            case .foreground: return "foreground"
            case .pageLoaded: return "a page loaded"
            case .launch: return "launch"
            }
        }
    }

    var t: Double
    var kind: Kind
    /// Its line in the app's log.
    var line: Int
}
