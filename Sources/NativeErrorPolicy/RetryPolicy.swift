import PolicyCore

/// The native error view's auto-retry policy as a value: the error views on screen,
/// connectivity and the app-wide cooldown, with transitions as pure functions of
/// (state, input, time). Time is virtual: nothing here reads a clock, and settles, probes and
/// cooldown waits are due times that fire when the caller moves time past them.
///
///     var policy = RetryPolicy(settings: PolicySettings(platform: .android))
///     policy.send(.presented(surface: "tab:home", error: .web(.code(-2))), at: 120)
///                                         // [view offline on tab:home at 120]
///     policy.send(.path(online: true), at: 5200)   // []: the settle is due at 5600
///     policy.finish()                     // [retry auto (edge) on tab:home at 5600]
public struct RetryPolicy: TimedPolicy, Equatable, Sendable {
    public private(set) var settings: PolicySettings
    /// Connectivity, app-wide. Offline until the first `path` record says otherwise.
    public private(set) var online = false
    /// The error views on screen, in the order they were presented; at most one per surface.
    public private(set) var instances: [ErrorViewInstance] = []
    /// When the last automatic retry happened, for the cooldown.
    public private(set) var lastAutomaticRetry: Double?
    private var timers = TimerSequence()
    private var clock = VirtualClock()

    public init(settings: PolicySettings = PolicySettings()) {
        self.settings = settings
    }

    /// The instance on `surface`, if one is on screen.
    public func instance(on surface: String) -> ErrorViewInstance? {
        instances.first { $0.surface == surface }
    }

    /// The earliest pending due time of any settle, probe or wait.
    public var nextDue: Double? {
        nextTimer?.timer.due
    }

    /// The decision timeline of a whole recording: every input in order, then `finish()`.
    public static func timeline<S: Sequence>(
        of records: S, settings: PolicySettings = PolicySettings()
    ) -> [Decision] where S.Element == (t: Double, input: PolicyInput) {
        RetryPolicy(settings: settings).timeline(of: records)
    }

    /// Fires every settle, probe and wait due at or before `t`, then handles `input` at `t`,
    /// appending the decisions to `output` (`send(_:at:)` returns them instead).
    public mutating func send(_ input: PolicyInput, at t: Double, into output: inout [Decision]) {
        advance(to: t, into: &output)
        switch input {
        case .path(let nowOnline):
            guard nowOnline != online else { return }
            online = nowOnline
            for index in instances.indices where instances[index].variant == .offline {
                if online {
                    startSettle(on: index, at: t, trigger: .edge)
                } else {
                    // A cooldown wait stays: it ends with nothing if still offline then.
                    instances[index].settle = nil
                    instances[index].probe = nil
                }
            }
        case .presented(let surface, let error):
            remove(surface)
            let variant = OfflineErrorPolicy.classify(error, on: settings.platform)
            output.append(Decision(t: t, surface: surface, outcome: .view(variant)))
            guard variant != .none else { return }
            var instance = ErrorViewInstance(surface: surface, variant: variant)
            if variant == .offline && online {
                instance.probe = start(dueAt: t + settings.probe, trigger: .probe)
            }
            instances.append(instance)
        case .tapRetry(let surface):
            if remove(surface) {
                output.append(Decision(t: t, surface: surface, outcome: .retry(.manual)))
            }
        case .dismissed(let surface):
            remove(surface)
        case .foreground:
            guard settings.platform == .ios && online else { return }
            // A pending probe does not matter: whichever fires first retries.
            for index in instances.indices where instances[index].variant == .offline {
                startSettle(on: index, at: t, trigger: .foreground)
            }
        }
    }

    /// Fires, in order, every settle, probe and wait due at or before `t`. Each decision
    /// carries its timer's due time.
    public mutating func advance(to t: Double, into output: inout [Decision]) {
        while let next = nextTimer, next.timer.due <= t {
            fire(next, into: &output)
        }
        // Nothing pending is due before a time already reached: a `t` that goes back fires
        // nothing and stops here.
        clock.move(to: t)
    }

    /// The end of the recording: every pending settle, probe and wait fires, including those
    /// started while doing so (a wait that ends in another wait).
    public mutating func finish(into output: inout [Decision]) {
        while let next = nextTimer {
            clock.move(to: next.timer.due)
            fire(next, into: &output)
        }
    }

    // MARK: - Transitions

    private enum Slot { case settle, probe, wait }

    private typealias Next = (index: Int, slot: Slot, timer: PolicyTimer)

    private var nextTimer: Next? {
        var best: Next?
        for (index, instance) in instances.enumerated() {
            for (slot, timer) in [(Slot.settle, instance.settle), (.probe, instance.probe), (.wait, instance.wait)] {
                guard let timer else { continue }
                if best.map({ timer.firesBefore($0.timer) }) ?? true {
                    best = (index, slot, timer)
                }
            }
        }
        return best
    }

    private mutating func fire(_ next: Next, into output: inout [Decision]) {
        let t = next.timer.due
        switch next.slot {
        case .settle:
            instances[next.index].settle = nil
            askForAutomaticRetry(next.index, trigger: next.timer.trigger, at: t, into: &output)
        case .probe:
            instances[next.index].probe = nil
            askForAutomaticRetry(next.index, trigger: next.timer.trigger, at: t, into: &output)
        case .wait:
            instances[next.index].wait = nil
            // Offline now: the wait ends with nothing, and the next edge starts a settle.
            if online {
                askForAutomaticRetry(next.index, trigger: next.timer.trigger, at: t, into: &output)
            }
        }
    }

    /// The cooldown rule: retry, or wait for the cooldown's expiry with the same trigger.
    private mutating func askForAutomaticRetry(
        _ index: Int, trigger: RetryTrigger, at t: Double, into output: inout [Decision]
    ) {
        let surface = instances[index].surface
        if let cooldown = settings.cooldown, let last = lastAutomaticRetry, t < last + cooldown {
            let until = last + cooldown
            instances[index].settle = nil
            instances[index].probe = nil
            instances[index].wait = start(dueAt: until, trigger: trigger)
            output.append(Decision(t: t, surface: surface, outcome: .deferred(until: until)))
        } else {
            // Single-shot: the retry takes the instance and everything it had pending.
            lastAutomaticRetry = t
            instances.remove(at: index)
            output.append(Decision(t: t, surface: surface, outcome: .retry(.automatic(trigger))))
        }
    }

    private mutating func startSettle(on index: Int, at t: Double, trigger: RetryTrigger) {
        guard instances[index].settle == nil && instances[index].wait == nil else { return }
        instances[index].settle = start(dueAt: t + settings.settle, trigger: trigger)
    }

    private mutating func start(dueAt due: Double, trigger: RetryTrigger) -> PolicyTimer {
        PolicyTimer(timer: timers.start(dueAt: due), trigger: trigger)
    }

    /// Takes the surface's instance off screen, with its timers and wait. True if it had one.
    @discardableResult
    private mutating func remove(_ surface: String) -> Bool {
        guard let index = instances.firstIndex(where: { $0.surface == surface }) else { return false }
        instances.remove(at: index)
        return true
    }
}
