import NativeErrorPolicy
import PolicyCore

/// The seamless launch as a value: which root screen is up (loading, web, offseason, error),
/// with transitions as pure functions of (state, input, time). Time is virtual: nothing here
/// reads a clock, and the stall timer is a due time that fires when the caller moves time
/// past it.
///
/// An app's root view model can own one, feed it what it logs — with a monotonic clock in
/// milliseconds for `t` — and show `screen`; after each `send(_:at:)` it schedules one wake-up
/// at `nextDue` that calls `advance(to:)`.
///
///     var launch = LaunchPolicy()
///     launch.send(.launch(), at: 0)                    // [screen loading (launch) at 0]
///     launch.send(.pageLoadConnect, at: 1840.5)        // [screen web (page-load), ready in 1840.5 ms]
///     launch.screen                                    // .web
public struct LaunchPolicy: TimedPolicy, Equatable, Sendable {
    public private(set) var settings: LaunchSettings
    /// The root screen the app should show.
    public private(set) var screen: RootScreen = .none
    /// When the current launch began; `nil` before the first `launch`.
    public private(set) var launchedAt: Double?
    /// The last `config` record's flags. A launch keeps them: the app caches them.
    public private(set) var flags = LaunchFlags()
    /// A `page-load` `connect` has arrived since the current launch.
    public private(set) var pageReady = false
    /// The stall timer: pending while the loading screen is up, until a 401 hands the launch to
    /// the auth shell.
    public private(set) var stall: DueTimer?
    private var timers = TimerSequence()
    private var clock = VirtualClock()

    public init(settings: LaunchSettings = LaunchSettings()) {
        self.settings = settings
    }

    /// When the stall timer is due, if the loading screen is up.
    public var now: Double { clock.now }

    public var nextDue: Double? { stall?.due }

    /// The screen timeline of a whole recording: every input in order, then `finish()`.
    public static func timeline<S: Sequence>(
        of records: S, settings: LaunchSettings = LaunchSettings()
    ) -> [LaunchRecord] where S.Element == (t: Double, input: LaunchInput) {
        LaunchPolicy(settings: settings).timeline(of: records)
    }

    /// Fires the stall if it is due at or before `t`, then handles `input` at `t`, appending the
    /// screen change it makes, then its decision, to `output`.
    public mutating func send(_ input: LaunchInput, at t: Double, into output: inout [LaunchRecord]) {
        advance(to: t, into: &output)
        switch input {
        case .launch:
            launchedAt = t
            pageReady = false
            // Every launch builds a new root, so it is a screen record even when the screen stays.
            show(flags.isGated ? .offseason : .loading, at: t, cause: .launch, into: &output)
        case .config(let new):
            // Before the first launch this is all a config does: there is no root to change.
            flags = new
            if screen == .offseason && !new.isGated {
                // Lifted: the page was either ready behind the offseason screen or is still loading.
                show(pageReady ? .web : .loading, at: t, cause: .config, into: &output)
            } else if new.isGated && (screen == .loading || screen == .web || screen == .error) {
                // A festival-goer is sent out even mid-session.
                show(.offseason, at: t, cause: .config, into: &output)
            }
        case .bridge(let component, let event):
            guard launchedAt != nil, component == "page-load", event == "connect", !pageReady else { return }
            pageReady = true
            // Behind the offseason screen the page is only noted: the app shows it when the flag
            // lifts, with no crossfade of its own. A ready decision is made at most once a launch.
            guard screen == .loading || screen == .error, let launchedAt else { return }
            show(.web, at: t, cause: .pageLoad, into: &output)
            output.append(.launch(LaunchDecision(t: t, outcome: .ready, launchMs: t - launchedAt)))
        case .presented(let surface, let error):
            // On the web view the error shows in its own surface: the error-view policy has it.
            guard screen == .loading else { return }
            let view = OfflineErrorPolicy.classify(error, on: settings.platform, offlineCodes: settings.offlineCodes)
            // A 401 shows no view (the auth shell has it), so there is nothing to raise and the
            // screen stays `loading` under the auth shell. Our rule beyond the contract
            // (docs/launch.md, "The auth shell"): the stall timer stops, since the launch now waits
            // on a user typing a password, not on the page; the page's `connect` still crossfades.
            guard view != .none else {
                stall = nil
                return
            }
            show(.error, at: t, cause: .presented(surface: surface, view: view), into: &output)
        }
    }

    /// Fires the stall if it is due at or before `t`. Its decision carries its due time.
    public mutating func advance(to t: Double, into output: inout [LaunchRecord]) {
        if let stall, stall.due <= t {
            fireStall(stall, into: &output)
        }
        clock.move(to: t)
    }

    /// The end of the recording: a pending stall fires.
    public mutating func finish(into output: inout [LaunchRecord]) {
        if let stall {
            clock.move(to: stall.due)
            fireStall(stall, into: &output)
        }
    }

    // MARK: - Transitions

    /// Sets the screen and its record. The stall timer follows the loading screen: every row
    /// that puts it up starts the timer anew, and leaving it cancels the timer.
    private mutating func show(_ next: RootScreen, at t: Double, cause: ScreenCause, into output: inout [LaunchRecord]) {
        screen = next
        stall = next == .loading ? timers.start(dueAt: t + settings.stall) : nil
        output.append(.screen(ScreenChange(t: t, screen: next, cause: cause)))
    }

    /// The screen stays as it is: a stall only says how long the user has been waiting.
    private mutating func fireStall(_ timer: DueTimer, into output: inout [LaunchRecord]) {
        stall = nil
        let launchMs = timer.due - (launchedAt ?? timer.due)
        output.append(.launch(LaunchDecision(t: timer.due, outcome: .stalled, launchMs: launchMs)))
    }
}
