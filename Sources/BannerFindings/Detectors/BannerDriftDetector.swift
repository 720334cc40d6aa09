import OfflineBanner

/// `banner-drift`: the page's own banner (`seen`) disagreed with the replay beyond the tolerance.
/// The model's changes and the page's records go to a streaming conformance as the log is read,
/// which settles each difference once nothing later can change it and lets go of the rest: what
/// is kept is its windows, the lines of the last few changes and `seen`, and one finding per
/// pill episode with a difference (each carries the recording's fit, known only at the end, so
/// they are reported then, in time order). A recording without `seen` reports nothing.
struct BannerDriftDetector: BannerDetector {
    let settings: BannerSettings
    private var conformance: SeenConformance
    /// Before the page's first `seen` nothing is judged but the state it shows then: only the
    /// last change is kept, and given to the conformance with that `seen`, so a recording
    /// without `seen` holds one change and does no more for it.
    private var beforeFirstSeen: BannerChange?
    private var watching = false
    /// The line of the input that made each of the last changes, where an input did: a
    /// difference is settled a change or two and a window after its change, never later.
    private var changeLines = RecentLines()
    /// The times and lines of the last judged `seen` (not in a preview): a difference names the
    /// one that showed it, or the last one before it; the conformance judges a `seen` at the
    /// latest `pendingSeenLimit` records after it.
    private var seenLines = RecentLines()
    /// The times and lines of the last renders: a difference a render made names its line too.
    private var renderLines = RecentLines()
    /// The first difference of each pill episode, with its lines, in time order.
    private let firstOfEpisode = HeldDrift()
    private var episodesReported: Set<Int> = []
    /// After `finish`: the recording's fit, when its page showed anything to judge.
    private(set) var fit: SeenFit?
    /// After `settle`: where the held findings are being read back.
    private var reporting: HeldDrift.Reader?
    /// The recording's last record, set by the analyzer before `finish`: what the model decides
    /// after it (the timers that fire once the log has ended) was never watched.
    var watchedUntil = Double.infinity

    init(settings: BannerSettings) {
        self.settings = settings
        conformance = SeenConformance(tolerance: settings.seenTolerance)
    }

    mutating func changed(_ change: BannerChange, into found: inout FoundFindings) {
        if watching { conformance.changed(change) } else { beforeFirstSeen = change }
    }

    mutating func sent(_ input: BannerInput, _ outcome: SentInput, into found: inout FoundFindings) {
        if let change = outcome.change, watching || changeLines.count < Self.linesBeforeFirstSeen {
            changeLines.append(change.t, outcome.line, keeping: Self.changesKept)
        }
        guard watching else { return }
        // A document that unloads takes its banner with it, whether or not the controller was connected.
        if case .pagehide(persisted: false) = input { conformance.observed(.documentEnded(t: outcome.t)) }
        settle(reached: outcome.t)
    }

    mutating func seen(_ seen: BannerSeen, line: Int, into found: inout FoundFindings) {
        if !watching {
            watching = true
            if let change = beforeFirstSeen { conformance.changed(change) }
        }
        conformance.observed(.seen(seen))
        if !seen.preview { seenLines.append(seen.t, line, keeping: 2 * conformance.pendingSeenLimit) }
        settle(reached: seen.t)
    }

    /// Turbo rendered the page: a difference the page's change there makes is named for it, and
    /// makes no fit. Before the first `seen` nothing is judged, so nothing is kept.
    mutating func rendered(_ render: PageRender, line: Int) {
        guard watching else { return }
        conformance.observed(.rendered(render))
        renderLines.append(render.t, line, keeping: conformance.pendingSeenLimit)
    }

    /// Settles the recording and reports every finding: what a test of the detector alone wants.
    mutating func finish(into found: inout FoundFindings) {
        settle()
        while reportNext(into: &found) {}
    }

    /// The end of the recording: the last differences are settled and the fit is known; the
    /// findings wait for `reportNext`, so the analyzer can hand them on a batch at a time.
    mutating func settle() {
        guard watching else { return }
        conformance.finish(watchedUntil: watchedUntil)
        take()
        let comparison = conformance.comparison(differences: [])
        guard comparison.judged else { return }
        fit = comparison.fit(settings: settings, tolerance: settings.seenTolerance)
        reporting = firstOfEpisode.reading()
    }

    /// Reports the next finding held since `settle`, in time order; false once none is left.
    /// One that cannot be read back (the disk failed under its temporary file) ends the
    /// findings there.
    mutating func reportNext(into found: inout FoundFindings) -> Bool {
        guard let fit, var reader = reporting else { return false }
        guard let (difference, lines) = try? reader.next() else {
            reporting = nil
            return false
        }
        reporting = reader
        found.report(
            .bannerDrift,
            BannerFinding(
                kind: .bannerDrift, t: difference.t, lines: lines,
                detail: .bannerDrift(difference, tolerance: settings.seenTolerance, fit: fit)))
        return true
    }

    /// What the conformance holds, in records: bounded by its windows, whatever the recording's
    /// length (a growth test counts it). The lines beside it are capped apart (`linesKept`).
    var kept: Int { conformance.kept }
    /// The lines of changes and `seen` remembered: at most twice what each keeps.
    var linesKept: Int { changeLines.count + seenLines.count + renderLines.count }
    static var linesCap: Int { 2 * changesKept + 6 * SeenConformance.defaultPendingSeenLimit }

    /// Everything before `t` has been given: the differences settled are taken.
    private mutating func settle(reached t: Double) {
        conformance.reached(t)
        take()
    }

    private mutating func take() {
        for difference in conformance.takeDifferences() where episodesReported.insert(difference.episode).inserted {
            var lines: [Int] = []
            if difference.cause != nil, let line = changeLines.line(at: difference.t) { lines.append(line) }
            // The page's `seen` that showed it, or (missing) the last one before: what it kept showing.
            if let line = seenLines.lastLine(atOrBefore: difference.shownAt ?? difference.t) { lines.append(line) }
            if let render = difference.render, let line = renderLines.line(at: render.t) { lines.append(line) }
            firstOfEpisode.append(difference, lines: lines)
        }
    }

    /// Lines remembered for the last changes.
    private static let changesKept = 4096
    /// Lines remembered for changes before the first `seen` (a recording without any keeps no more).
    private static let linesBeforeFirstSeen = 64
}

/// The last lines of a kind, each with its record's time, in time order: found by time, by
/// halving; the oldest let go past twice `keeping`, half at a time, so each costs O(1).
private struct RecentLines {
    private var times: [Double] = []
    private var lines: [Int] = []

    mutating func append(_ t: Double, _ line: Int, keeping: Int) {
        times.append(t)
        lines.append(line)
        if times.count > 2 * keeping {
            times.removeFirst(keeping)
            lines.removeFirst(keeping)
        }
    }

    var count: Int { times.count }

    /// The line of the last record at or before `t`.
    func lastLine(atOrBefore t: Double) -> Int? {
        lastIndex(atOrBefore: t).map { lines[$0] }
    }

    /// The line of the last record at exactly `t` (of two at one time, the later, as a table
    /// keyed by time keeps it).
    func line(at t: Double) -> Int? {
        guard let index = lastIndex(atOrBefore: t), times[index] == t else { return nil }
        return lines[index]
    }

    private func lastIndex(atOrBefore t: Double) -> Int? {
        var low = 0, high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] <= t { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }
}
