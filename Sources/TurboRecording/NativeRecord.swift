import NativeErrorPolicy

/// One line of a native recording (native-error-policy.md, "Recording (native)"), validated
/// and decoded.
public struct NativeRecord: Equatable, Sendable {
    /// 1-based line in the file it came from.
    public var line: Int
    public var event: Event

    public enum Event: Equatable, Sendable {
        /// The first record: `"recording":"native"`, `"version":1`, and maybe the platform.
        case meta(NativeMeta)
        /// A record the policy acts on.
        case input(t: Double, PolicyInput)
        /// The app's own log line saying it actually retried. The policy ignores it; `explain`
        /// compares it with the policy's decisions.
        case appRetry(t: Double, AppRetry)
        /// Any other `type`: observed and ignored, so newer recorders work with older readers.
        case observed(t: Double, type: String)
    }

    public init(line: Int, event: Event) {
        self.line = line
        self.event = event
    }

    public var t: Double? {
        switch event {
        case .meta: return nil
        case .input(let t, _), .appRetry(let t, _), .observed(let t, _): return t
        }
    }
}

/// The native `meta` line.
public struct NativeMeta: Equatable, Sendable {
    public var version: Int
    /// `nil` when the recording does not say: a setting decides, else iOS.
    public var platform: Platform?

    public init(version: Int = 1, platform: Platform? = nil) {
        self.version = version
        self.platform = platform
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
