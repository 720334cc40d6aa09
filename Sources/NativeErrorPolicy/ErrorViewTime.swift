import PolicyCore

/// How long each native error view stays up by the retry policy (`policyMs`): what the
/// contract would have done, the cost the `probe-once` variant trades for fewer retries, which
/// a retry count alone hides. Beside it, `shown` times the same views by the app's own log
/// (`shownMs`, `ShownTime`): what the user lived.
///
/// For the policy, each `presented` whose view is `offline` or `server` (a `none` shows
/// nothing) is on screen from its decision's time to the first of: a retry decision (automatic
/// or manual) on its surface, a `dismissed` or another `presented` on its surface, a `launch`,
/// or the end — then it is *open*. Feed it what the policy handled and what it decided, in the
/// order the replay produces them (a timer's decisions before the record that made it due), and
/// the app's own records (`observe`), then `summary(end:)`.
///
///     var time = ErrorViewTime()
///     time.handle(.presented(surface: "modal", error: error), at: 1000)
///     time.decided(decision)      // the view
///     …
///     time.summary(end: 60_000)   // count, open, median/p90/max, total per surface
public struct ErrorViewTime: Equatable, Sendable {
    /// The views on screen now, by surface (compared by their UTF-8 bytes: two spellings of
    /// one name are two surfaces, as everywhere else), with the time each came up.
    private var onScreen: [ByteString: Double] = [:]
    /// Every closed view's time on screen, in milliseconds.
    private var closed: [Double] = []
    /// The surface of each time in `closed`, only while the caller takes them
    /// (`keepingClosedViews: false`): `takeClosedViews` hands both out.
    private var closedSurfaces: [ByteString] = []
    /// Time on screen per surface, closed views only.
    private var totals: [ByteString: Double] = [:]
    /// The same views timed by the app's own log (`shownMs`), beside the policy's (`policyMs`).
    public private(set) var shown = ShownTime()

    /// The largest time of a record handled or a decision seen: the end of a log by itself.
    public private(set) var end: Double?
    /// False: each closed view's time waits only for `takeClosed`, and no total per surface is
    /// kept, so what is held is the views on screen (`stats` adds the times up as they come).
    private var keepsClosedViews = true

    public init() {}

    /// `keepingClosedViews: false` holds the views on screen and no more: the caller takes each
    /// closed view's time with `takeClosed` as the log goes, and `summary(end:)` has no
    /// per-surface totals of the views closed.
    public init(keepingClosedViews: Bool) {
        keepsClosedViews = keepingClosedViews
    }

    /// Hands out the time of each view closed since the last call, in the order they closed,
    /// and holds them no more.
    public mutating func takeClosed(_ body: (Double) -> Void) {
        for duration in closed { body(duration) }
        closed.removeAll(keepingCapacity: true)
        closedSurfaces.removeAll(keepingCapacity: true)
    }

    /// `takeClosed` with each view's surface: what a caller needs to add the time per surface
    /// up itself, elsewhere than in memory (`session`'s summary, on any number of surfaces).
    /// Only without closed views kept (`keepingClosedViews: false`).
    public mutating func takeClosedViews(_ body: (ByteString, Double) throws -> Void) rethrows {
        precondition(!keepsClosedViews, "takeClosedViews: the closed views are kept (keepingClosedViews: true)")
        for (surface, duration) in zip(closedSurfaces, closed) { try body(surface, duration) }
        closed.removeAll(keepingCapacity: true)
        closedSurfaces.removeAll(keepingCapacity: true)
    }

    /// The views on screen now, each with the time it came up, in no particular order.
    public var onScreenSince: [(surface: ByteString, since: Double)] {
        onScreen.map { (surface: $0.key, since: $0.value) }
    }

    /// Replays one record through `policy` and counts what it does: the decisions of the
    /// timers due at or before `t` first, then the record, then its decisions — the order in
    /// which the contract has them happen. The decisions are appended to `output` too. A
    /// record the policy does not read (`input` nil: an `app-retry`, a `bridge`, …) only moves
    /// the clock, and still counts for the end: the end is the largest `t` of *every* record.
    public mutating func send(
        _ input: PolicyInput?, at t: Double, through policy: inout RetryPolicy,
        into output: inout [Decision]
    ) {
        var start = output.count
        policy.advance(to: t, into: &output)
        for decision in output[start...] { decided(decision) }
        guard let input else {
            reached(t)
            return
        }
        handle(input, at: t)
        start = output.count
        policy.send(input, at: t, into: &output)
        for decision in output[start...] { decided(decision) }
    }

    /// One record whose decisions a policy driven elsewhere already made (`stats` runs the
    /// policy inside its explainer): `decisions` are all it made on reading the record, its
    /// due timers' first, in order. A timer's decision before `t` happened before the record;
    /// the record's own are at `t`, after it. A timer's at `t` itself can be counted on either
    /// side of the record: a retry or a record at the same instant closes a view at the same
    /// time, and a timer never opens one. So this counts what `send` counts.
    public mutating func record(_ input: PolicyInput?, at t: Double, decided decisions: some Sequence<Decision>) {
        var handled = false
        for decision in decisions {
            if !handled, decision.t >= t {
                handled = true
                if let input { handle(input, at: t) } else { reached(t) }
            }
            decided(decision)
        }
        guard !handled else { return }
        if let input { handle(input, at: t) } else { reached(t) }
    }

    /// The end of the log: the timers still pending fire, and their retries close views.
    public mutating func finish(through policy: inout RetryPolicy, into output: inout [Decision]) {
        let start = output.count
        policy.finish(into: &output)
        for decision in output[start...] { decided(decision) }
    }

    /// A record the policy handled at `t`. Call it before the decisions the record produced.
    public mutating func handle(_ input: PolicyInput, at t: Double) {
        reached(t)
        switch input {
        case .presented(let surface, _), .dismissed(let surface):
            close(ByteString(surface), at: t)
            shown.close(ByteString(surface), at: t)
        case .launch:
            // In byte order: the times add up in the same order in every process.
            for surface in onScreen.keys.sorted() { close(surface, at: t) }
            shown.closeAll(at: t)
        case .tapRetry(let surface):
            // The user's tap is the app's retry: the view goes, whatever the policy does.
            shown.close(ByteString(surface), at: t)
        case .path, .foreground:
            break
        }
    }

    /// A record of the app's own log that only the app's timing reads (`app-retry`, a page
    /// loading), at `t`, after the decisions of the timers due at or before it.
    public mutating func observe(_ record: AppViewRecord, at t: Double) {
        reached(t)
        switch record {
        case .retried(let surface): shown.close(ByteString(surface), at: t)
        case .pageLoaded: shown.closeAll(at: t)
        }
    }

    /// A decision of the policy, in the order the policy produced it.
    public mutating func decided(_ decision: Decision) {
        reached(decision.t)
        let surface = ByteString(decision.surface)
        switch decision.outcome {
        case .view(.offline), .view(.server):
            close(surface, at: decision.t)
            onScreen[surface] = decision.t
            shown.opened(surface, at: decision.t)
        case .retry:
            close(surface, at: decision.t)
        case .view(.none), .deferred:
            break
        }
    }

    private mutating func reached(_ t: Double) {
        if let end, end >= t { return }
        end = t
    }

    private mutating func close(_ surface: ByteString, at t: Double) {
        guard let since = onScreen.removeValue(forKey: surface) else { return }
        closed.append(t - since)
        if keepsClosedViews { totals[surface, default: 0] += t - since } else { closedSurfaces.append(surface) }
    }

    /// Every view's time on screen so far, in increasing order, the ones still on screen
    /// counted open up to `end`.
    public func durations(end: Double) -> [Double] {
        (closed + onScreen.values.map { Swift.max(0, end - $0) }).sorted()
    }

    public var open: Int { onScreen.count }

    /// Entries held: the views on screen, the closed views' times not yet taken, the surfaces
    /// with a total (the growth tests read it).
    package var held: Int { onScreen.count + closed.count + closedSurfaces.count + totals.count + shown.held }

    /// The app's times of the views closed since the last call, in the order they closed.
    public mutating func takeShown(_ body: (Double) throws -> Void) rethrows {
        try shown.takeClosed(body)
    }

    /// Every view so far, the ones still on screen counted open up to `end`.
    public func summary(end: Double) -> ErrorViewSummary {
        let durations = self.durations(end: end)
        var bySurface = totals
        for (surface, since) in onScreen {
            bySurface[surface, default: 0] += Swift.max(0, end - since)
        }
        let surfaces = bySurface.sorted { $0.key < $1.key }.map { (surface: $0.key.text, ms: $0.value) }
        return ErrorViewSummary(
            sortedDurations: durations, open: onScreen.count, surfaces: SurfaceTimes(surfaces), shown: shown.summary(end: end))
    }
}

/// The error views of a log or a session, summed up: `errorViews` in `session`'s summary, and
/// its total `policyMs` in `whatif` (beside the app's own `shownMs`).
public struct ErrorViewSummary: Equatable, Sendable {
    public var count: Int
    /// Views still on screen at the end.
    public var open: Int
    /// The lower middle of the sorted times on screen; `nil` without views.
    public var median: Double?
    /// The value at index ⌈0.9 × n⌉ − 1.
    public var p90: Double?
    public var max: Double?
    /// Time on screen per surface, surfaces in byte order: walked, not held, since a log of
    /// millions of surfaces has them on disk (`SurfaceTimes`).
    public var surfaces: SurfaceTimes
    /// The same views timed by the app's own log (`shownMs`).
    public var shown: ShownSummary

    /// Every surface's time, in byte order, in memory: for the tests and small summaries.
    public var bySurface: [(surface: String, ms: Double)] { surfaces.collected }

    /// All the time spent on error views by the policy (`policyMs`), every surface.
    public var totalMs: Double { surfaces.totalMs }

    init(sortedDurations sorted: [Double], open: Int, surfaces: SurfaceTimes, shown: ShownSummary) {
        count = sorted.count
        self.open = open
        self.surfaces = surfaces
        self.shown = shown
        guard let ranks = QuantileRanks(count: sorted.count) else { return }
        median = sorted[ranks.median]
        p90 = sorted[ranks.p90]
        max = sorted.last
    }

    /// A summary whose order statistics were found elsewhere (on disk, `session`'s stream):
    /// `median` and `p90` at the ranks `init(sortedDurations:)` takes them from.
    public init(count: Int, open: Int, median: Double?, p90: Double?, max: Double?, surfaces: SurfaceTimes, shown: ShownSummary) {
        self.shown = shown
        self.count = count
        self.open = open
        self.median = median
        self.p90 = p90
        self.max = max
        self.surfaces = surfaces
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.count == b.count && a.open == b.open && a.median == b.median && a.p90 == b.p90
            && a.max == b.max && a.shown == b.shown
            && a.bySurface.elementsEqual(b.bySurface) {
                $0.surface.sameBytes(as: $1.surface) && $0.ms == $1.ms
            }
    }
}
