import OfflineBanner

/// One line of a web recording, validated and decoded.
public struct Record: Equatable, Sendable {
    /// 1-based line in the file it came from.
    public var line: Int
    public var event: Event

    /// The two large payloads, `Meta` and `Observed`, are boxed (`indirect`): a record is
    /// moved several times on its way from the parser to the policy, and a replay reads
    /// millions of them, so it is kept small.
    public enum Event: Equatable, Sendable {
        /// `meta`: says what made the recording. It has no time.
        indirect case meta(Meta)
        /// A record the controller acts on, or that a variant acts on and v1 lets pass
        /// (`turbo:before-fetch-response`).
        case input(t: Double, BannerInput)
        /// A record kept only for diagnostics (every other `type`).
        indirect case observed(t: Double, Observed)
        /// A record the controller ignores, read by a reader that does not keep them
        /// (`keepObserved: false`, as a replay reads): only its time matters.
        case passing(t: Double)
        /// An observed record the findings decide on, read without what only describes it
        /// (`keepDetails: false`, as `stats` reads): which one it is and what it is judged by,
        /// with no box and no strings but a frame's name.
        case marker(t: Double, Marker)
        /// `seen`: what the page's own banner showed. The controller ignores it; conformance holds
        /// the replay against it. Kept by every reader: a recording has a few, one per change.
        case seen(BannerSeen)
        /// `turbo:render` (its `renderMethod` "morph" or not) or Turbo 8's `turbo:morph`: Turbo
        /// rendered the page. The controller ignores it; conformance names it when the page's
        /// pill changed there and the model's did not. Kept by every reader, as `seen` is.
        case render(PageRender)
    }

    public var t: Double? {
        switch event {
        case .meta: return nil
        case .input(let t, _), .observed(let t, _), .passing(let t), .marker(let t, _): return t
        case .seen(let seen): return seen.t
        case .render(let render): return render.t
        }
    }
}

/// The `meta` line's informative fields.
public struct Meta: Equatable, Sendable {
    public var version: Int?
    public var source: String?
    public var userAgent: String?
    public var page: String?
    public var startedAt: String?
    /// `"native"` for a native error-view recording; absent for a web one.
    public var recording: String?
    public var platform: String?
    /// The recorder's session (`session`), the same across full page loads in one tab.
    public var session: String?
    /// The app's release (`app`), when the page was told it.
    public var app: AppRelease?

    public init(
        version: Int? = nil, source: String? = nil, userAgent: String? = nil, page: String? = nil,
        startedAt: String? = nil, recording: String? = nil, platform: String? = nil, session: String? = nil, app: AppRelease? = nil
    ) {
        self.session = session
        self.app = app
        self.version = version
        self.source = source
        self.userAgent = userAgent
        self.page = page
        self.startedAt = startedAt
        self.recording = recording
        self.platform = platform
    }
}

/// A record the controller ignores, with the fields diagnostics look at. Fields of an
/// unexpected JSON type are allowed by the format and read here as absent.
public struct Observed: Equatable, Sendable {
    public var type: String
    public var url: String?
    public var action: String?
    public var target: String?
    public var statusCode: Int?
    public var reason: String?
    public var state: String?

    public init(
        type: String, url: String? = nil, action: String? = nil, target: String? = nil,
        statusCode: Int? = nil, reason: String? = nil, state: String? = nil
    ) {
        self.type = type
        self.url = url
        self.action = action
        self.target = target
        self.statusCode = statusCode
        self.reason = reason
        self.state = state
    }
}

/// The observed records the findings act on, as a lean reader keeps them: a third of a field
/// log's lines, each of which would otherwise be a boxed `Observed` of seven fields.
public enum Marker: Equatable, Sendable {
    /// `turbo:load`: a Visit's page arrived.
    case load
    /// `turbo:frame-load`, with the frame's `target`.
    case frameLoad(target: String?)
    /// `turbo:visit`; `restore` when its `action` is `"restore"`.
    case visit(restore: Bool)
    /// `turbo:reload`; `requestFailed` when its `reason` is `"request_failed"`.
    case reload(requestFailed: Bool)
    /// `turbo:submit-start`.
    case submitStart

    /// The record as an `Observed`, with what a lean read kept of it.
    public var observed: Observed {
        switch self {
        case .load: return Observed(type: "turbo:load")
        case .frameLoad(let target): return Observed(type: "turbo:frame-load", target: target)
        case .visit(let restore): return Observed(type: "turbo:visit", action: restore ? "restore" : nil)
        case .reload(let requestFailed): return Observed(type: "turbo:reload", reason: requestFailed ? "request_failed" : nil)
        case .submitStart: return Observed(type: "turbo:submit-start")
        }
    }
}
