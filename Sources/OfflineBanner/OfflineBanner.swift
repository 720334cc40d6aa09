import PolicyCore

/// The `railsfast--offline-banner` controller as a value: its state, and its transitions as
/// pure functions of (state, input, time). Time is virtual: nothing here reads a clock, and
/// the two timers are due times that fire when the caller moves time past them.
///
///     var banner = OfflineBanner()
///     banner.send(.offline, at: 100)      // []: the debounce is pending
///     banner.send(.online, at: 500)       // []: cancelled, nothing shown
///     banner.send(.offline, at: 1000)
///     banner.advance(to: 1800)            // [.banner(t: 1800, offline, "Sin conexión", cause: .offline)]
///
/// It is the v1.1 controller unless `settings.variants` names rule changes (banner-variants.md).
public struct OfflineBanner: TimedPolicy, Equatable, Sendable {
    public private(set) var settings: BannerSettings
    public private(set) var banner: BannerState = .hidden
    /// The pill's text while it is visible; `nil` when hidden.
    public private(set) var label: String?
    public private(set) var connected = true
    public private(set) var context: String?
    /// The browser's `navigator.onLine` as the recording last showed it, whatever the
    /// controller's state: true at the start; `offline`, `online` and `connect` set it, and
    /// nothing else (`disconnect` and `pagehide` included). v1 never reads it; a variant may.
    public private(set) var navigatorOnline = true
    public private(set) var debounce: DueTimer?
    public private(set) var flash: DueTimer?
    private var timers = TimerSequence()
    private var clock = VirtualClock()

    public init(settings: BannerSettings = BannerSettings()) {
        self.settings = settings
    }

    public var now: Double { clock.now }

    /// The earliest pending due time, if any timer is pending. Inlinable: callers ask it before
    /// every record, and a call across modules copies the whole banner first.
    @inlinable public var nextDue: Double? {
        guard let debounce else { return flash?.due }
        guard let flash else { return debounce.due }
        return min(debounce.due, flash.due)
    }

    /// Fires every timer due at or before `t`, then handles `input` at `t`, appending the
    /// records it decided to `output` (a long replay reuses one buffer). `send(_:at:)`
    /// returns them instead.
    public mutating func send(_ input: BannerInput, at t: Double, into output: inout [TimelineRecord]) {
        advance(to: t, into: &output)
        // A third of a field log is responses, and v1 (or a hidden banner) lets them pass as
        // time only: said here, before any of the bookkeeping below.
        if case .beforeFetchResponse = input, !(banner == .offline && connected && navigatorOnline) { return }
        switch input {
        case .offline: navigatorOnline = false
        case .online: navigatorOnline = true
        case .connect(_, let online): navigatorOnline = online
        default: break
        }
        let before = (banner, label)
        var decision: SubmitDecision.Outcome?
        let cause: BannerCause

        if !connected {
            switch input {
            case .connect(let context, let online):
                cause = handleConnect(context: context, online: online)
            case .submitEnd:
                output.append(.submit(SubmitDecision(t: t, outcome: .silent(.disconnected))))
                return
            default:
                return
            }
        } else {
            switch input {
            case .offline:
                cause = .offline
                if banner != .offline && debounce == nil {
                    debounce = start(dueAt: t + settings.debounce)
                }
            case .online:
                cause = .online
                debounce = nil
                if banner == .offline { showBackOnline(at: t) }
            case .beforeFetchResponse:
                cause = .response
                // recover-on-response: a response proves the network works, unless the browser
                // says it is offline (then a service worker answered from its cache).
                if banner == .offline, navigatorOnline, settings.variants.contains(.recoverOnResponse) {
                    debounce = nil
                    showBackOnline(at: t)
                }
            case .fetchRequestError:
                cause = .fetchRequestError
                showOffline()
            case .submitEnd(let submission):
                cause = .submitFailed
                if submission.success {
                    decision = .silent(.success)
                } else if let response = submission.fetchResponse {
                    decision = .silent(.serverResponse(status: response.statusCode))
                } else {
                    showOffline()
                    let message = settings.copy.submitFailedMessage(context: context)
                    label = message
                    decision = .toast(label: message)
                }
            case .connect(let context, let online):
                cause = handleConnect(context: context, online: online)
            case .disconnect:
                cause = .disconnect
                handleDisconnect()
            case .pagehide(let persisted):
                cause = .pagehide
                // A page kept in the back-forward cache is frozen, not gone: its controller
                // stays connected and comes back as it was, so only an unload acts.
                if !persisted { handleDisconnect() }
            }
        }

        if (banner, label) != before {
            output.append(.banner(BannerChange(t: t, banner: banner, label: label, cause: cause)))
        }
        if let decision {
            output.append(.submit(SubmitDecision(t: t, outcome: decision)))
        }
    }

    /// Fires, in order, every timer due at or before `t`. Each record carries its timer's due time.
    public mutating func advance(to t: Double, into output: inout [TimelineRecord]) {
        while let timer = nextTimer, dueTime(of: timer) <= t {
            fire(timer, into: &output)
        }
        // After the timers: none can be due before a time already reached, so a `t` that
        // goes back fires nothing and stops here.
        clock.move(to: t)
    }

    /// The end of the recording: the page stays open, so every pending timer fires.
    public mutating func finish(into output: inout [TimelineRecord]) {
        while let timer = nextTimer {
            clock.move(to: dueTime(of: timer))
            fire(timer, into: &output)
        }
    }

    // MARK: - Transitions

    private enum Timer { case debounce, flash }

    private var nextTimer: Timer? {
        switch (debounce, flash) {
        case (nil, nil): return nil
        case (.some, nil): return .debounce
        case (nil, .some): return .flash
        case let (d?, f?): return d.firesBefore(f) ? .debounce : .flash
        }
    }

    private func dueTime(of timer: Timer) -> Double {
        timer == .debounce ? debounce!.due : flash!.due
    }

    private mutating func fire(_ timer: Timer, into output: inout [TimelineRecord]) {
        let before = (banner, label)
        let t: Double
        let cause: BannerCause
        switch timer {
        case .debounce:
            t = debounce!.due
            cause = .offline
            showOffline()
        case .flash:
            t = flash!.due
            cause = .flashElapsed
            flash = nil
            banner = .hidden
            label = nil
        }
        if (banner, label) != before {
            output.append(.banner(BannerChange(t: t, banner: banner, label: label, cause: cause)))
        }
    }

    private mutating func start(dueAt due: Double) -> DueTimer {
        timers.start(dueAt: due)
    }

    /// The green flash: the pill comes down, and hides when the flash elapses.
    private mutating func showBackOnline(at t: Double) {
        banner = .backOnline
        label = settings.copy.backOnline
        flash = start(dueAt: t + settings.flash)
    }

    private mutating func showOffline() {
        debounce = nil
        flash = nil
        banner = .offline
        label = settings.copy.offlineMessage(context: context)
    }

    /// `disconnect`, and a `pagehide` that unloads the document: the pill and its timers go
    /// with the page.
    private mutating func handleDisconnect() {
        debounce = nil
        flash = nil
        connected = false
        banner = .hidden
        label = nil
    }

    private mutating func handleConnect(context: String?, online: Bool) -> BannerCause {
        debounce = nil
        flash = nil
        connected = true
        self.context = context
        if online {
            banner = .hidden
            label = nil
            return .connect
        }
        banner = .offline
        label = settings.copy.offlineMessage(context: context)
        return .connectOffline
    }
}
