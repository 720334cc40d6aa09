/// The pairing `BannerConformance.compare` does, one model change at a time, with the page's
/// `seen` records each claimed at most once.
struct SeenPairing {
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
        if kind != .wrongText { pairs.append(SeenPair(change: change, seen: seen)) }
        guard let kind else { return }
        differences.append(
            SeenDifference(
                kind: kind, t: change.t, expected: change.shown, cause: change.cause, shown: seen.shown, shownAt: seen.t,
                episode: model.episode(at: change.t, hiding: !change.shown.visible)))
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
                    episode: model.episode(at: seen.t, hiding: false)))
        }
    }
}
