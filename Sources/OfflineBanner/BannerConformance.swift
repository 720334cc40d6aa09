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
    /// The whole comparison at once: `SeenConformance` given both timelines, then finished.
    public static func compare(
        model: [BannerChange], page: [PageObservation], tolerance: SeenTolerance = SeenTolerance(),
        watchedUntil end: Double = .infinity
    ) -> SeenComparison {
        var conformance = SeenConformance(tolerance: tolerance)
        for change in model { conformance.changed(change) }
        for observation in page { conformance.observed(observation) }
        conformance.finish(watchedUntil: end)
        return conformance.comparison(differences: conformance.takeDifferences())
    }
}

extension SeenConformance {
    /// The outcome so far, with the `differences` the caller took.
    public func comparison(differences: [SeenDifference]) -> SeenComparison {
        guard judgedAny else { return SeenComparison(judged: false) }
        return SeenComparison(judged: true, differences: differences, pairs: pairs)
    }
}

/// The outcome of `BannerConformance.compare`.
public struct SeenComparison: Equatable, Sendable {
    /// Whether the page showed anything to judge (a recording without `seen` has nothing).
    public var judged: Bool
    public var differences: [SeenDifference] = []
    /// What a fit needs of the model changes paired with what the page showed.
    public var pairs = SeenPairSummary()

    public init(judged: Bool, differences: [SeenDifference] = [], pairs: SeenPairSummary = SeenPairSummary()) {
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
            guard let deltas = pairs.deltas(of: cause) else { return nil }
            let allLater = deltas.lowerBound > tolerance.timerMs
            let allEarlier = deltas.upperBound < -SeenTolerance.sameInstantMs
            guard allLater || allEarlier else { return nil }
            return max(0, ((model + deltas.lowerBound) / 10).rounded(.down) * 10)
        }
        return SeenFit(debounceMs: fitted(.offline, settings.debounce), flashMs: fitted(.flashElapsed, settings.flash))
    }
}
