import NativeErrorPolicy

/// One line of a native recording, validated and decoded. A native recording is an app's
/// log, and several policies read the same file (the error view, the launch, the web-archive
/// cache): the reader decodes every record type any of them knows, and `Replay` says which
/// policy reads which.
public struct NativeRecord: Equatable, Sendable {
    /// 1-based line in the file it came from.
    public var line: Int
    public var event: Event

    public enum Event: Equatable, Sendable {
        /// The first record: `"recording":"native"`, `"version":1`, and maybe the platform.
        case meta(NativeMeta)
        /// Every other record, with its time.
        case timed(t: Double, NativeEvent)
    }

    public init(line: Int, event: Event) {
        self.line = line
        self.event = event
    }

    public var t: Double? {
        switch event {
        case .meta: return nil
        case .timed(let t, _): return t
        }
    }
}

/// What a timed native record says, by `type`.
public enum NativeEvent: Equatable, Sendable {
    // The error view (native-error-policy.md).
    /// Connectivity changed (or was re-delivered).
    case path(online: Bool)
    /// An error view was presented for a failed visit.
    case presented(Presented)
    case tapRetry(surface: String)
    case dismissed(surface: String)
    case foreground
    /// The app's own log line saying it retried: observed, for comparison with the policy.
    case appRetry(AppRetry)

    // The launch (launch-policy.md).
    /// The app starts (cold), or is rebuilt after the OS discarded it.
    case launch(cold: Bool)
    /// The remote flags arrived or changed.
    case config(offseason: Bool, tester: Bool)
    /// A bridge message from the page.
    case bridge(component: String, event: String)
    /// Observed: the app's own log of the root screen it shows.
    case appScreen(String)

    // The web-archive cache (archive-cache-policy.md).
    /// `didFinishNavigation`: a full page load finished.
    case finish(url: String)
    /// The web view's URL changed.
    case urlChange(url: String)
    case cacheClear
    case cacheRemove(url: String)

    // Field identity (recording-format.md).
    /// The page told the app that its recording's `meta.session` is this id: the two logs
    /// belong to one app session.
    case webSession(String)

    /// Any other `type`: observed and ignored, so newer recorders work with older readers.
    case observed(type: String)
}

/// A `presented` record: the surface, the error as the framework classified it, and the
/// visit's URL when the app logged it.
public struct Presented: Equatable, Sendable {
    public var surface: String
    public var error: NativeError
    public var url: String?

    public init(surface: String, error: NativeError, url: String? = nil) {
        self.surface = surface
        self.error = error
        self.url = url
    }
}

/// The native `meta` line.
public struct NativeMeta: Equatable, Sendable {
    public var version: Int
    /// `nil` when the recording does not say: a setting decides, else iOS.
    public var platform: Platform?
    /// The wall-clock time of `t` = 0 as the app wrote it (ISO-8601 UTC with milliseconds, as
    /// a web recording's `meta` has it), for a tool that reads the app's and the page's logs
    /// on one clock; `nil` when the log does not say. Read as written: what form it must have
    /// is that tool's business.
    public var startedAt: String?
    /// The log's own id (`session`), when it has one: one per log, not the page's.
    public var session: String?
    /// The app's release (`app`), when the log says it.
    public var app: AppRelease?

    public init(version: Int = 1, platform: Platform? = nil, startedAt: String? = nil, session: String? = nil, app: AppRelease? = nil) {
        self.version = version
        self.platform = platform
        self.startedAt = startedAt
        self.session = session
        self.app = app
    }
}

/// `{"t":…,"type":"app-retry","surface":"sheet","kind":"auto"}`: the app retried.
public struct AppRetry: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Equatable, Sendable {
        case auto
        case manual
    }

    public var surface: String
    public var kind: Kind

    public init(surface: String, kind: Kind) {
        self.surface = surface
        self.kind = kind
    }
}
