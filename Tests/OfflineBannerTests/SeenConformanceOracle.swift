import OfflineBanner

/// The conformance the project computed before it streamed (issue #34): the whole model and
/// page in arrays, paired with binary searches and a claimed set. Kept, unchanged but for its
/// names and the render rule added with it (a page change that came with a render names it and
/// makes no fit, issue #50), as the oracle `SeenConformance` must equal on every input
/// (SeenConformanceTests).
enum OracleConformance {
    static func compare(
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
            judged: true, differences: pairing.differences.sorted { $0.t < $1.t }, pairs: SeenPairSummary(pairing.pairs))
    }
}

extension SeenTolerance {
    /// `SeenTolerance.window(for:)`, which the module keeps to itself.
    fileprivate func window(for change: BannerChange) -> ClosedRange<Double> {
        change.byTimer
            ? (change.t - Self.sameInstantMs)...(change.t + timerMs)
            : (change.t - eventMs)...(change.t + eventMs)
    }
}

/// The pairing the oracle does, one model change at a time, with the page's
/// `seen` records each claimed at most once.
private struct SeenPairing {
    let model: VisibleChanges
    let sight: PageSight
    let tolerance: SeenTolerance
    /// The recording's last record: nothing after it was seen or not seen.
    let end: Double
    private(set) var differences: [SeenDifference] = []
    private(set) var pairs: [SeenPair] = []
    private var claimed: Set<Int> = []
    /// Records before it are passed: a later change never claims them.
    private var cursor = 0

    init(model: VisibleChanges, sight: PageSight, tolerance: SeenTolerance, watchedUntil end: Double = .infinity) {
        self.model = model
        self.sight = sight
        self.tolerance = tolerance
        self.end = end
    }

    /// A change is required unless the page cannot be seen then, or the next change follows in
    /// the same task (a person sees only that one).
    private func required(_ index: Int) -> Bool {
        let change = model.changes[index]
        if sight.unseen(at: change.t) { return false }
        if index + 1 < model.changes.count, model.changes[index + 1].t - change.t <= tolerance.eventMs { return false }
        return true
    }

    mutating func pairRequiredChanges() {
        for index in model.changes.indices where required(index) {
            let change = model.changes[index]
            let previous = index > 0 ? model.changes[index - 1].t : -Double.infinity
            let next = index + 1 < model.changes.count ? model.changes[index + 1].t : Double.infinity
            pair(change, after: previous, before: next)
        }
    }

    private mutating func pair(_ change: BannerChange, after previous: Double, before next: Double) {
        let window = tolerance.window(for: change)
        let target = change.shown
        let page = sight.judged
        // Only the records from the cursor up to the later of the window's end and the next
        // change can be this change's: a long log is paired in one pass, not one per change.
        let last = sight.lastIndex(atOrBefore: max(window.upperBound, next)) ?? -1
        let open = cursor <= last ? (cursor...last).filter { !claimed.contains($0) } : []
        if let hit = open.first(where: { window.contains(page[$0].t) && page[$0].shown == target }) {
            return claim(hit, for: change, as: nil)
        }
        if target.visible,
            let hit = open.first(where: { window.contains(page[$0].t) && page[$0].visible && page[$0].shown != target })
        {
            return claim(hit, for: change, as: .wrongText)
        }
        if let hit = open.first(where: { page[$0].t > previous && page[$0].t < window.lowerBound && page[$0].shown == target }) {
            return claim(hit, for: change, as: .early)
        }
        if let hit = open.first(where: { page[$0].t > window.upperBound && page[$0].t < next && page[$0].shown == target }) {
            return claim(hit, for: change, as: .late)
        }
        let showing = sight.shown(at: window.upperBound)
        if showing == target { return }
        // The recording stopped before the page's time to show it was up: not seen is not missing.
        if window.upperBound > end { return }
        differences.append(
            SeenDifference(
                kind: .missing, t: change.t, expected: target, cause: change.cause, shown: showing ?? .hidden, shownAt: nil,
                episode: model.episode(at: change.t, hiding: !target.visible)))
    }

    private mutating func claim(_ index: Int, for change: BannerChange, as kind: SeenDifference.Kind?) {
        claimed.insert(index)
        cursor = index + 1
        let seen = sight.judged[index]
        let render = kind == nil ? nil : sight.render(before: seen.t, eventMs: tolerance.eventMs)
        if kind != .wrongText && render == nil { pairs.append(SeenPair(change: change, seen: seen)) }
        guard let kind else { return }
        differences.append(
            SeenDifference(
                kind: kind, t: change.t, expected: change.shown, cause: change.cause, shown: seen.shown, shownAt: seen.t,
                episode: model.episode(at: change.t, hiding: !change.shown.visible), render: render))
    }

    /// Every `seen` no model change claimed: fine if the model showed the same around then
    /// (a document's first, written at connect, is held to the model's state then), else an
    /// extra; a wrong text when both show a pill; missing when the page hides the model's pill.
    mutating func judgeUnclaimedSeen() {
        for (index, seen) in sight.judged.enumerated() where !claimed.contains(index) {
            if sight.firstOfDocument.contains(index) {
                if model.showsOnConnect(seen.shown, at: seen.t, tolerance: tolerance) { continue }
            } else if model.shows(seen.shown, at: seen.t, tolerance: tolerance) {
                continue
            }
            let expected = model.shown(at: seen.t)
            let kind: SeenDifference.Kind = expected.visible ? (seen.visible ? .wrongText : .missing) : .extra
            differences.append(
                SeenDifference(
                    kind: kind, t: seen.t, expected: expected, cause: nil, shown: seen.shown, shownAt: seen.t,
                    episode: model.episode(at: seen.t, hiding: false), render: sight.render(before: seen.t, eventMs: tolerance.eventMs)))
        }
    }
}

/// The model's changes a person could see: each one's (visible, text) differs from the one before.
private struct VisibleChanges {
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
private struct PageSight {
    private(set) var judged: [BannerSeen] = []
    private(set) var gaps: [Range<Double>] = []
    /// The judged records that end a stretch in which nothing could be seen: a document's first.
    private(set) var firstOfDocument: Set<Int> = []
    /// Turbo's renders, in time order.
    private(set) var renders: [PageRender] = []

    init(_ page: [PageObservation]) {
        var unseenSince: Double? = -.infinity
        for observation in page {
            switch observation {
            case .documentEnded(let t):
                if unseenSince == nil { unseenSince = t }
            case .rendered(let render):
                renders.append(render)
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

    /// The first render from an event's tolerance before `t` up to `t`: what a page change at `t` came with.
    func render(before t: Double, eventMs: Double) -> PageRender? {
        renders.first { $0.t >= t - eventMs && $0.t <= t }
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
