/// Holds what the page's banner showed (`seen`) against the model's timeline: pairs each model
/// change with what the page showed, and names each difference (missing, extra, wrong text,
/// early, late). Pure: a function of the two timelines and the tolerance.
///
/// Rules (docs/recording-format.md, "What the user saw"):
/// * Only changes a person could see count: a model change that leaves (visible, text) as it was
///   is dropped.
/// * Two model changes closer than `eventMs` happen in one task and reach an observer as one:
///   the first is not required (nor an extra if the page did show it).
/// * Nothing is judged where the page cannot be seen: before the first `seen`, from a
///   `pagehide` that unloads the document until the next `seen`, and from a `seen` written in a
///   cache preview until the next one that is not. Nor after the recording ends (`watchedUntil`,
///   its last record): a change the page could still have shown in time after it is never
///   missing (the page may well have shown it unrecorded), though it is early if the page showed
///   it before its time.
/// * A model change must show within its window (`SeenTolerance`). Otherwise: the page showed
///   it since the previous model change (early) or before the next one (late); it showed the
///   banner in the window with another label (wrong text); or it was already showing it (no
///   difference: what made it so was named where it happened); or it is missing.
/// * A page change no model change claimed is an extra unless the model showed the same around
///   then (a timer's window back, an event's forward); a visible pill with the model's pill up
///   but another label is a wrong text.
public enum BannerConformance {
    public static func compare(
        model: [BannerChange], page: [PageObservation], tolerance: SeenTolerance = SeenTolerance(),
        watchedUntil end: Double = .infinity
    ) -> SeenComparison {
        let visible = VisibleChanges(model)
        let sight = PageSight(page)
        guard !sight.judged.isEmpty else { return SeenComparison(judged: false) }
        var pairing = SeenPairing(model: visible, sight: sight, tolerance: tolerance, watchedUntil: end)
        pairing.pairRequiredChanges()
        pairing.judgeUnclaimedSeen()
        return SeenComparison(
            judged: true, differences: pairing.differences.sorted { $0.t < $1.t }, pairs: pairing.pairs)
    }
}

/// The outcome of `BannerConformance.compare`.
public struct SeenComparison: Equatable, Sendable {
    /// Whether the page showed anything to judge (a recording without `seen` has nothing).
    public var judged: Bool
    public var differences: [SeenDifference] = []
    public var pairs: [SeenPair] = []

    public init(judged: Bool, differences: [SeenDifference] = [], pairs: [SeenPair] = []) {
        self.judged = judged
        self.differences = differences
        self.pairs = pairs
    }

    /// The first difference of each pill episode, in time order.
    public var firstOfEachEpisode: [SeenDifference] {
        var seen: Set<Int> = []
        return differences.filter { seen.insert($0.episode).inserted }
    }

    /// The debounce and flash that would explain the page's timer-made changes, when every one
    /// of a kind is off the same way beyond the tolerance (`settings` gives the model's own).
    /// A browser's timer is only ever late, so the least late of them is the page's timer plus
    /// some jitter: it is rounded down to 10 ms, below which jitter and printing make a number
    /// meaningless (a 1500 ms debounce that fired 7 ms late reads 1500, not 1510).
    public func fit(settings: BannerSettings, tolerance: SeenTolerance = SeenTolerance()) -> SeenFit {
        func fitted(_ cause: BannerCause, _ model: Double) -> Double? {
            let deltas = pairs.filter { $0.change.cause == cause }.map(\.deltaMs)
            guard let least = deltas.min() else { return nil }
            let allLater = deltas.allSatisfy { $0 > tolerance.timerMs }
            let allEarlier = deltas.allSatisfy { $0 < -SeenTolerance.sameInstantMs }
            guard allLater || allEarlier else { return nil }
            return max(0, ((model + least) / 10).rounded(.down) * 10)
        }
        return SeenFit(debounceMs: fitted(.offline, settings.debounce), flashMs: fitted(.flashElapsed, settings.flash))
    }
}

/// The model's changes a person could see: each one's (visible, text) differs from the one before.
struct VisibleChanges {
    let changes: [BannerChange]

    init(_ model: [BannerChange]) {
        var shown = ShownBanner.hidden
        var kept: [BannerChange] = []
        for change in model where change.shown != shown {
            kept.append(change)
            shown = change.shown
        }
        changes = kept
        var count = 0, previous = ShownBanner.hidden
        rises = kept.map { change in
            if change.shown.visible && !previous.visible { count += 1 }
            previous = change.shown
            return count
        }
    }

    /// Episode numbers, one per change, counted once: `episode(at:)` is asked per difference.
    private let rises: [Int]

    /// What the model shows at `t` (its changes at `t` included).
    func shown(at t: Double) -> ShownBanner {
        lastIndex(atOrBefore: t).map { changes[$0].shown } ?? .hidden
    }

    /// The last change at or before `t`, found by halving: a long log has many.
    func lastIndex(atOrBefore t: Double) -> Int? {
        var low = 0, high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle].t <= t { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    /// Whether the model shows `target` at `t`, give or take what the tolerance allows: a change
    /// to it whose window holds `t`, or the state an event's change left or is about to make.
    func shows(_ target: ShownBanner, at t: Double, tolerance: SeenTolerance) -> Bool {
        if [t - tolerance.eventMs, t, t + tolerance.eventMs].contains(where: { shown(at: $0) == target }) { return true }
        // Only a change at most `timerMs` before `t`, or an event's tolerance after, has a window that holds `t`.
        let from = (lastIndex(atOrBefore: t - max(tolerance.timerMs, tolerance.eventMs)) ?? -1) + 1
        let to = lastIndex(atOrBefore: t + max(tolerance.eventMs, SeenTolerance.sameInstantMs)) ?? -1
        guard from <= to else { return false }
        return changes[from...to].contains { $0.shown == target && tolerance.window(for: $0).contains(t) }
    }

    /// Whether the model shows `target` at `t` or an event's tolerance after: what a document's
    /// first `seen`, written at connect, is held to.
    func showsOnConnect(_ target: ShownBanner, at t: Double, tolerance: SeenTolerance) -> Bool {
        shown(at: t) == target || shown(at: t + tolerance.eventMs) == target
    }

    /// The pill episode at `t`: each rise from hidden starts one, and its changes up to the one
    /// that hides it belong to it (even numbers); the stretches between belong to none (odd).
    func episode(at t: Double, hiding: Bool) -> Int {
        guard let index = lastIndex(atOrBefore: t) else { return hiding ? 0 : 1 }
        return changes[index].shown.visible || hiding ? 2 * rises[index] : 2 * rises[index] + 1
    }
}

/// What of the page can be judged: the `seen` records outside previews, and the stretches in
/// which nothing can be seen.
struct PageSight {
    private(set) var judged: [BannerSeen] = []
    private(set) var gaps: [Range<Double>] = []
    /// The judged records that end a stretch in which nothing could be seen: a document's first.
    private(set) var firstOfDocument: Set<Int> = []

    init(_ page: [PageObservation]) {
        var unseenSince: Double? = -.infinity
        for observation in page {
            switch observation {
            case .documentEnded(let t):
                if unseenSince == nil { unseenSince = t }
            case .seen(let seen) where seen.preview:
                if unseenSince == nil { unseenSince = seen.t }
            case .seen(let seen):
                if let since = unseenSince {
                    if since < seen.t { gaps.append(since..<seen.t) }
                    unseenSince = nil
                    firstOfDocument.insert(judged.count)
                }
                judged.append(seen)
            }
        }
        if let since = unseenSince { gaps.append(since..<Double.infinity) }
    }

    /// Whether `t` falls where nothing can be seen (the gaps are in time order and apart).
    func unseen(at t: Double) -> Bool {
        var low = 0, high = gaps.count
        while low < high {
            let middle = (low + high) / 2
            if gaps[middle].upperBound <= t { low = middle + 1 } else { high = middle }
        }
        return low < gaps.count && gaps[low].contains(t)
    }

    /// What the page showed at `t`, when it can be seen.
    func shown(at t: Double) -> ShownBanner? {
        guard !unseen(at: t) else { return nil }
        return lastIndex(atOrBefore: t).map { judged[$0].shown }
    }

    /// The last judged `seen` at or before `t`, found by halving.
    func lastIndex(atOrBefore t: Double) -> Int? {
        var low = 0, high = judged.count
        while low < high {
            let middle = (low + high) / 2
            if judged[middle].t <= t { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }
}
