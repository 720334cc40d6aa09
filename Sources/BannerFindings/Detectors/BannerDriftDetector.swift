import OfflineBanner

/// `banner-drift`: the page's own banner (`seen`) disagreed with the replay beyond the tolerance.
/// Conformance needs what the page showed after a change as well as before it, so the model's
/// changes and the page's `seen` are kept (a handful a recording) and judged when it ends: one
/// finding at the first difference of each pill episode, each carrying the recording's fit.
/// A recording without `seen` keeps nothing and reports nothing.
struct BannerDriftDetector: BannerDetector {
    let settings: BannerSettings
    private var model: [BannerChange] = []
    /// The line of the input that made each change, where an input did.
    private var changeLines: [Double: Int] = [:]
    private var page: [PageObservation] = []
    private var seenLines: [Int] = []
    /// After `finish`: the recording's fit, when its page showed anything to judge.
    private(set) var fit: SeenFit?
    /// The recording's last record, set by the analyzer before `finish`: what the model decides
    /// after it (the timers that fire once the log has ended) was never watched.
    var watchedUntil = Double.infinity

    init(settings: BannerSettings) {
        self.settings = settings
    }

    mutating func changed(_ change: BannerChange, into found: inout FoundFindings) {
        // Before the page's first `seen` nothing is judged but the state it shows then: the last
        // change is all that is kept, so a recording without `seen` holds one change, not a log's worth.
        if page.isEmpty { model.removeAll(keepingCapacity: true) }
        model.append(change)
    }

    mutating func sent(_ input: BannerInput, _ outcome: SentInput, into found: inout FoundFindings) {
        if let change = outcome.change, !page.isEmpty || changeLines.count < Self.linesKept { changeLines[change.t] = outcome.line }
        // A document that unloads takes its banner with it, whether or not the controller was connected.
        if case .pagehide(persisted: false) = input, !page.isEmpty { page.append(.documentEnded(t: outcome.t)) }
    }

    mutating func seen(_ seen: BannerSeen, line: Int, into found: inout FoundFindings) {
        page.append(.seen(seen))
        if !seen.preview { seenLines.append(line) }
    }

    mutating func finish(into found: inout FoundFindings) {
        guard !page.isEmpty else { return }
        let comparison = BannerConformance.compare(
            model: model, page: page, tolerance: settings.seenTolerance, watchedUntil: watchedUntil)
        let fit = comparison.fit(settings: settings, tolerance: settings.seenTolerance)
        if comparison.judged { self.fit = fit }
        let judged = page.compactMap { if case .seen(let seen) = $0, !seen.preview { return seen } else { return nil } }
        for difference in comparison.firstOfEachEpisode {
            var lines: [Int] = []
            if let line = changeLines[difference.t], difference.cause != nil { lines.append(line) }
            let at = difference.shownAt ?? difference.t
            // The page's `seen` that showed it, or (missing) the last one before: what it kept showing.
            if let index = Self.lastIndex(in: judged, atOrBefore: at) { lines.append(seenLines[index]) }
            found.report(
                .bannerDrift,
                BannerFinding(
                    kind: .bannerDrift, t: difference.t, lines: lines,
                    detail: .bannerDrift(difference, tolerance: settings.seenTolerance, fit: fit)))
        }
    }

    /// The last of `judged` (in time order) at or before `t`, found by halving: asked once per
    /// episode with a difference, a scan from the end made a page wrong in every episode quadratic.
    static func lastIndex(in judged: [BannerSeen], atOrBefore t: Double) -> Int? {
        var low = 0, high = judged.count
        while low < high {
            let middle = (low + high) / 2
            if judged[middle].t <= t { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    /// Lines remembered for changes before the first `seen` (a recording without any keeps no more).
    private static let linesKept = 64
}
