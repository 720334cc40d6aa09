import OfflineBanner
import TurboRecording

/// The controller's state at one instant, as `explain` compares it before and after a record.
package struct BannerSnapshot: Equatable, Sendable {
    package var banner: BannerState
    package var label: String?
    /// When the pending offline debounce fires, if one is pending.
    package var debounceDue: Double?
    /// When the pending back-online flash ends, if one is pending.
    package var flashDue: Double?
    package var connected: Bool
    package var context: String?

    /// Borrowed: a copy of the banner (its settings' strings and timers) would cost more than
    /// the record's own work. Taken only to explain; the analyzer compares a lighter moment.
    package init(_ banner: borrowing OfflineBanner) {
        self.banner = banner.banner
        label = banner.label
        debounceDue = banner.debounce?.due
        flashDue = banner.flash?.due
        connected = banner.connected
        context = banner.context
    }
}

/// Where something came from: a record's line and time.
package struct Origin: Equatable, Sendable {
    package var line: Int
    package var t: Double

    package init(line: Int, t: Double) {
        self.line = line
        self.t = t
    }
}

/// An input record and everything it did.
package struct InputStep: Equatable, Sendable {
    package var line: Int
    package var t: Double
    package var input: BannerInput
    package var before: BannerSnapshot
    package var after: BannerSnapshot
    package var change: BannerChange?
    package var decision: SubmitDecision?
    /// A response (`turbo:before-fetch-response`, or a submission's own) arrived and the
    /// amber pill stayed up: the first such in this pill.
    package var firstResponseWhilePillUp: Bool
    /// What the page believed `navigator.onLine` was just before this record.
    package var navigatorOnline: Bool
}

/// A timer that fired, and what it did.
package struct TimerStep: Equatable, Sendable {
    package enum Timer: String, Sendable {
        case debounce
        case flash
    }

    package var timer: Timer
    package var due: Double
    /// The record that started it.
    package var origin: Origin?
    package var change: BannerChange?
    /// The debounce fired while a back-online flash was pending, and cancelled it.
    package var cancelledFlash: Bool
}

/// A record the controller ignores, as far as diagnostics care about it.
package struct ObservedStep: Equatable, Sendable {
    package enum Role: Equatable, Sendable {
        /// A response arrived (`turbo:frame-load`, `turbo:load`; a `turbo:before-fetch-response` is an input):
        /// the network works. `whilePillUp` when the amber pill was up; `first` when it was the
        /// first such in this pill.
        case response(whilePillUp: Bool, first: Bool)
        /// `turbo:load` after a restoration Visit that got no response: rendered from Turbo's
        /// cache, so not evidence that the network works.
        case cachedLoad
        case visit
        case reload
        case submitStart
        case other
    }

    package var line: Int
    package var t: Double
    package var observed: Observed
    package var role: Role
}

/// A `seen` record: what the page's own banner showed.
package struct SeenStep: Equatable, Sendable {
    package var line: Int
    package var seen: BannerSeen
    package var t: Double { seen.t }

    package init(line: Int, seen: BannerSeen) {
        self.line = line
        self.seen = seen
    }
}

/// One thing `explain` reports, in the order it is decided.
package enum ExplainEvent: Equatable, Sendable {
    case input(InputStep)
    case timer(TimerStep)
    case observed(ObservedStep)
    case finding(BannerFinding)
    case seen(SeenStep)

    /// When it happened (for a finding, when its pattern started).
    package var t: Double {
        switch self {
        case .input(let step): return step.t
        case .timer(let step): return step.due
        case .observed(let step): return step.t
        case .finding(let finding): return finding.t
        case .seen(let step): return step.t
        }
    }
}
