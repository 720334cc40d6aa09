/// `BannerConformance.compare` as a stream: the model's changes and the page's observations
/// are given as a replay makes and reads them, and the differences come out, in time order, as
/// soon as nothing later can change them. What is kept is bounded by the tolerance windows and
/// the stretch between two model changes, not by the recording's length.
///
/// Everything conformance asks is local. A model change is paired once its next change is
/// known and the page has been read past both its window and that next change (the pairing
/// looks no further). An unclaimed `seen` is judged once no change still to be paired can
/// claim it (it lies before the cursor, or before both the pending change's window and the
/// change before it) and the model is known an event's tolerance past it. Differences of the two
/// kinds are merged by time, a paired change's before an unclaimed `seen`'s at the same time,
/// as the whole computation's stable sort orders them.
///
/// One bound is not the windows': a page that writes ever more `seen` while the model stays
/// put keeps them all waiting for the next change, which could still claim one. Beyond
/// `pendingSeenLimit` waiting records the oldest is judged as unclaimed (and no later change
/// may claim it): a page writing tens of thousands of `seen` between two changes of the
/// banner is no page a person watches.
public struct SeenConformance: Sendable {
    public let tolerance: SeenTolerance
    public let pendingSeenLimit: Int
    public static let defaultPendingSeenLimit = 1 << 16

    struct Visible: Sendable {
        var change: BannerChange
        var shown: ShownBanner
        /// The rises from hidden up to and including this change: its pill episode's number.
        var rise: Int
    }

    struct Judged: Sendable {
        var seen: BannerSeen
        /// It ends a stretch in which nothing could be seen: the first `seen` of a document.
        var firstOfDocument: Bool
        var claimed = false
    }

    // The model: its visible changes from the first still needed, and the last one dropped.
    var changes = SlidingBuffer<Visible>()
    var droppedChange: Visible?
    private var lastShown = ShownBanner.hidden
    private var rises = 0
    /// The next change to pair, and the time of the one before it.
    var nextChange = 0
    var previousT = -Double.infinity

    // The page: its judged `seen` from the first still needed, the last one dropped, and the
    // stretches in which nothing can be seen (one may still be open).
    var judged = SlidingBuffer<Judged>()
    var droppedSeen: BannerSeen?
    var gaps = SlidingBuffer<Range<Double>>()
    var unseenSince: Double? = -.infinity
    /// Turbo's renders, from the first a `seen` still to be judged may have come with.
    var renders = SlidingBuffer<PageRender>()
    /// Records before it are passed: no change still to be paired claims them.
    var cursor = 0
    /// The next `seen` to judge if no change claimed it.
    var nextJudged = 0

    /// Every change and observation before it has been given.
    var reached = -Double.infinity
    var finished = false
    /// The recording's last record, known once it is finished.
    var end = Double.infinity

    var paired = SlidingBuffer<SeenDifference>()
    var unclaimed = SlidingBuffer<SeenDifference>()
    private var ready: [SeenDifference] = []
    public internal(set) var pairs = SeenPairSummary()
    /// Whether the page showed anything to judge so far.
    public private(set) var judgedAny = false

    public init(tolerance: SeenTolerance = SeenTolerance(), pendingSeenLimit: Int = defaultPendingSeenLimit) {
        self.tolerance = tolerance
        self.pendingSeenLimit = max(1, pendingSeenLimit)
    }

    /// A model change, in the order the banner made it; one that leaves what a person sees as
    /// it was is dropped here.
    public mutating func changed(_ change: BannerChange) {
        guard change.shown != lastShown else { return }
        if change.shown.visible && !lastShown.visible { rises += 1 }
        lastShown = change.shown
        changes.append(Visible(change: change, shown: change.shown, rise: rises))
    }

    /// What the page showed, or where its document ended, in the recording's order.
    public mutating func observed(_ observation: PageObservation) {
        switch observation {
        case .documentEnded(let t):
            if unseenSince == nil { unseenSince = t }
        case .rendered(let render):
            renders.append(render)
        case .seen(let seen) where seen.preview:
            if unseenSince == nil { unseenSince = seen.t }
        case .seen(let seen):
            var first = false
            if let since = unseenSince {
                if since < seen.t { gaps.append(since..<seen.t) }
                unseenSince = nil
                first = true
            }
            judged.append(Judged(seen: seen, firstOfDocument: first))
            judgedAny = true
        }
    }

    /// Everything before `t` has been given (the replay has read a record at `t`): what is
    /// settled is paired and judged, and what nothing still asks about is let go.
    public mutating func reached(_ t: Double) {
        reached = max(reached, t)
        advance()
    }

    /// The recording is over; `end` is its last record.
    public mutating func finish(watchedUntil end: Double = .infinity) {
        finished = true
        self.end = end
        if let since = unseenSince { gaps.append(since..<Double.infinity) }
        unseenSince = nil
        advance()
    }

    /// The differences settled so far, in time order, each given once.
    public mutating func takeDifferences() -> [SeenDifference] {
        // Asked after every record: most often there is nothing, and nothing is allocated.
        guard !ready.isEmpty else { return [] }
        defer { ready = [] }
        return ready
    }

    /// How many page records the pairing has looked at: linear in the recording, which a
    /// growth test counts.
    public internal(set) var examined = 0

    /// How many model changes and page records are kept: what a growth test counts.
    public var kept: Int { changes.count + judged.count + gaps.count + paired.count + unclaimed.count + renders.count }

    private mutating func advance() {
        while pairNextChange() {}
        while judgeNextSeen() {}
        release()
        forget()
    }

    /// Moves the differences nothing can come before any more to `ready`: a paired change's
    /// first at an equal time.
    private mutating func release() {
        while true {
            let laterUnclaimed = unclaimed.first?.t ?? (nextJudged < judged.end ? judged[nextJudged].seen.t : horizon)
            if let difference = paired.first, difference.t <= laterUnclaimed {
                ready.append(paired.removeFirst())
                continue
            }
            let laterPaired = paired.first?.t ?? (nextChange < changes.end ? changes[nextChange].change.t : horizon)
            if let difference = unclaimed.first, difference.t < laterPaired {
                ready.append(unclaimed.removeFirst())
                continue
            }
            return
        }
    }

    /// The earliest time a change or observation still to come may have.
    private var horizon: Double { finished ? .infinity : reached }

    /// Lets go of what no pending question looks at: changes an event's or timer's window
    /// before the next `seen` to judge (the last one let go stands for them), `seen` already
    /// judged and before the next change to pair, and stretches of no sight before it.
    private mutating func forget() {
        let pendingSeen = nextJudged < judged.end ? judged[nextJudged].seen.t : horizon
        let lookBack = max(tolerance.timerMs, tolerance.eventMs)
        while let first = changes.first, changes.base < nextChange, first.change.t <= pendingSeen - lookBack {
            droppedChange = changes.removeFirst()
        }
        let pendingChange = nextChange < changes.end ? changes[nextChange].change.t : horizon
        while let first = judged.first, judged.base < nextJudged, first.seen.t <= pendingChange {
            droppedSeen = judged.removeFirst().seen
        }
        while let first = gaps.first, first.upperBound <= pendingChange { gaps.removeFirst() }
        // A `seen` comes with a render at most an event's tolerance before it; the oldest `seen`
        // kept (or any still to come, at `horizon` or later) is the earliest that may ask.
        let oldestSeen = judged.first?.seen.t ?? horizon
        while let first = renders.first, first.t < oldestSeen - tolerance.eventMs { renders.removeFirst() }
    }

    /// The render a page change at `t` came with: the first from an event's tolerance before it
    /// up to it. Turbo dispatches `turbo:morph` as it morphs, before any observer hears of the
    /// change, so the render is never after the `seen` it caused.
    func render(before t: Double) -> PageRender? {
        let index = renders.partition(from: renders.base) { $0.t < t - tolerance.eventMs }
        return index < renders.end && renders[index].t <= t ? renders[index] : nil
    }
}
