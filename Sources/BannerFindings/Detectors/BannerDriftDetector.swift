import OfflineBanner
import PolicyCore
import Replay

extension BannerFindingKind {
    /// `banner-drift`: the page's own banner did not do what the contract says: the app, not the
    /// model, is off.
    package static let bannerDrift = BannerFindingKind(
        id: "banner-drift", level: .warning,
        firesWhen: """
            the recording has `seen` records ([what the page's own banner \
            showed](recording-format.md#what-the-user-saw-seen)) and they disagree with the replay beyond the tolerance \
            (`seenEventMs` 16, `seenTimerMs` 100 by default): a change missing, extra, with another label, early or late. \
            Reported once per pill episode, at its first difference, when the recording ends
            """,
        meaning: """
            The app's banner did not do what the contract says: an old app version, a forked controller, a CSS bug, a \
            morph that reset the pill (a Turbo 8 page refresh with `turbo-refresh-method morph` puts the server's hidden \
            pill back while the controller believes it is up; mark the banner `data-turbo-permanent`, with an `id`, so a \
            morph keeps it). When the page's change came with a `turbo:morph` or `turbo:render` record the finding says \
            so first — "A morph refresh replaced the pill at T; mark it data-turbo-permanent (with an id) so that a \
            morph keeps it." — and fits no timer to it ([a change a render \
            made](recording-format.md#what-the-user-saw-seen)). The finding says what the contract shows, what the page showed and the delta, and a **fit** \
            when the page's timers are consistently off: "this page's banner behaves like debounceMs 1500" means every \
            pill the page showed came as late as a 1500 ms debounce would make it (the least late of them, since a \
            browser's timer is only ever late, rounded down to 10 ms: the jitter is on top of the page's setting); \
            `flashMs` likewise for flashes that end early or late. A fit from one episode is a hint; from many, a \
            measurement. Replay with `--config` setting that value to see the app's own timeline. A warning: the user did \
            not see what the app's contract promises.
            """,
        fields: """
            `difference` (`missing`, `extra`, `wrong-text`, `early`, `late`), `cause` (the replay's change), `expected` and `shown` \
            (each `{"visible":…,"text":…}`), `shownAt` and `deltaMs` (how much later the page showed it; negative: earlier), \
            `fitDebounceMs` / `fitFlashMs` when there is a fit, and `render` (`morph` or `replace`) with `renderedAt` \
            when the page's change came with a Turbo render
            """)
}

/// The evidence of a `banner-drift`: the first difference of a pill episode between the page's
/// banner and the replay, with the tolerance it was judged by and the recording's fit.
package struct BannerDrift: BannerFindingDetail {
    package static var kind: BannerFindingKind { .bannerDrift }
    package var difference: SeenDifference
    package var tolerance: SeenTolerance
    package var fit: SeenFit

    package init(_ difference: SeenDifference, tolerance: SeenTolerance, fit: SeenFit) {
        self.difference = difference
        self.tolerance = tolerance
        self.fit = fit
    }

    package func sentence(at t: Double) -> String {
        [difference.sentence(tolerance: tolerance), fit.sentence].compactMap { $0 }.joined(separator: " ")
    }

    package func json(at t: Double, into line: inout JSONLine) {
        line.string("difference", difference.kind.rawValue)
        if let cause = difference.cause { line.string("cause", cause.rawValue) }
        line.raw("expected", Self.shown(difference.expected))
        line.raw("shown", Self.shown(difference.shown))
        if let at = difference.shownAt { line.number("shownAt", at) }
        if let delta = difference.deltaMs, difference.kind != .extra { line.number("deltaMs", delta) }
        if let debounce = fit.debounceMs { line.number("fitDebounceMs", debounce) }
        if let flash = fit.flashMs { line.number("fitFlashMs", flash) }
        if let render = difference.render {
            line.string("render", render.morph ? "morph" : "replace")
            line.number("renderedAt", render.t)
        }
    }

    /// What a person could see, as `{"visible":true,"text":"…"}`.
    private static func shown(_ shown: ShownBanner) -> String {
        var line = JSONLine()
        line.bool("visible", shown.visible)
        line.string("text", shown.text)
        return line.text
    }
}

/// `banner-drift`: the page's own banner (`seen`) disagreed with the replay beyond the tolerance.
/// The model's changes and the page's records go to a streaming conformance as the log is read,
/// which settles each difference once nothing later can change it and lets go of the rest: what
/// is kept is its windows, the lines of the last few changes and `seen`, and one finding per
/// pill episode with a difference (each carries the recording's fit, known only at the end, so
/// they are reported then, in time order). A recording without `seen` reports nothing.
struct BannerDriftDetector: BannerFindingDetector {
    typealias Detail = BannerDrift
    static let reportOrder = 80
    private(set) var settings: BannerSettings
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
    /// After `finish`: where the held findings are being read back.
    private var reporting: HeldDrift.Reader?
    /// The recording's last record, given to `finish`: what the model decides after it (the
    /// timers that fire once the log has ended) was never watched.
    private var watchedUntil = Double.infinity

    init(settings: BannerSettings) {
        self.settings = settings
        conformance = SeenConformance(tolerance: settings.seenTolerance)
    }

    init() { self.init(settings: BannerSettings()) }

    mutating func configure(settings: BannerSettings, rules: FindingRules) {
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

    /// The end of the recording: the last differences are settled and the fit is known; the
    /// findings wait for `reportHeld`, so the analyzer can hand them on a batch at a time.
    mutating func finish(at end: Double, into found: inout FoundFindings) {
        watchedUntil = end
        guard watching else { return }
        conformance.finish(watchedUntil: watchedUntil)
        take()
        let comparison = conformance.comparison(differences: [])
        guard comparison.judged else { return }
        fit = comparison.fit(settings: settings, tolerance: settings.seenTolerance)
        reporting = firstOfEpisode.reading()
    }

    /// Reports the next finding held since `finish`, in time order; false once none is left.
    /// One that cannot be read back (the disk failed under its temporary file) ends the
    /// findings there.
    mutating func reportHeld(into found: inout FoundFindings) -> Bool {
        guard let fit, var reader = reporting else { return false }
        guard let (difference, lines) = try? reader.next() else {
            reporting = nil
            return false
        }
        reporting = reader
        found.report(
            .bannerDrift, BannerFinding(t: difference.t, lines: lines, detail: BannerDrift(difference, tolerance: settings.seenTolerance, fit: fit)))
        return true
    }

    /// The page's fit, when it showed anything to judge.
    func summarize(into summary: inout RecordingSummary) {
        summary.seenFit = fit
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
