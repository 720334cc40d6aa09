import NativeErrorPolicy

/// One line of the launch timeline (launch-policy.md, "Output"): a change of the root screen,
/// or a decision about the launch.
public enum LaunchRecord: Equatable, Sendable {
    case screen(ScreenChange)
    case launch(LaunchDecision)

    /// The record's time; a stall's decision carries its due time.
    public var t: Double {
        switch self {
        case .screen(let change): return change.t
        case .launch(let decision): return decision.t
        }
    }
}

/// The root screen became `screen` at `t`, because of `cause`.
public struct ScreenChange: Equatable, Sendable {
    public var t: Double
    public var screen: RootScreen
    public var cause: ScreenCause

    public init(t: Double, screen: RootScreen, cause: ScreenCause) {
        self.t = t
        self.screen = screen
        self.cause = cause
    }
}

/// What changed the root screen.
public enum ScreenCause: Equatable, Sendable {
    /// A new root was built.
    case launch
    /// The remote flags gated the user out, or let them back in.
    case config
    /// The first page's `page-load` component connected: the crossfade.
    case pageLoad
    /// A first visit failed while loading: the error view's surface and variant.
    case presented(surface: String, view: ErrorVariant)

    /// The cause as the output names it.
    public var name: String {
        switch self {
        case .launch: return "launch"
        case .config: return "config"
        case .pageLoad: return "page-load"
        case .presented: return "presented"
        }
    }
}

/// A decision about the current launch: it became ready, or it stalled.
public struct LaunchDecision: Equatable, Sendable {
    public enum Outcome: String, CaseIterable, Equatable, Sendable {
        /// The page connected while the loading (or error) screen was up: the crossfade.
        case ready
        /// The loading screen has been up for the stall setting with neither a page nor an error.
        case stalled
    }

    public var t: Double
    public var outcome: Outcome
    /// Since the launch: to the page's `connect` (ready), or to the stall's due time (stalled).
    public var launchMs: Double

    public init(t: Double, outcome: Outcome, launchMs: Double) {
        self.t = t
        self.outcome = outcome
        self.launchMs = launchMs
    }
}
