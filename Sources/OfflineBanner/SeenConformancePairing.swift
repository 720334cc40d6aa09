/// The two questions of conformance, asked of what `SeenConformance` keeps: pair each model
/// change a person could see with what the page showed (each `seen` claimed at most once), then
/// judge each `seen` no change claimed. The rules are `BannerConformance`'s.
extension SeenConformance {
    /// Pairs the next model change once what it looks at is settled; `false` when it is not yet.
    mutating func pairNextChange() -> Bool {
        guard nextChange < changes.end else { return false }
        let change = changes[nextChange].change
        let following = nextChange + 1 < changes.end ? changes[nextChange + 1].change.t : nil
        if !finished {
            guard let following, max(tolerance.window(for: change).upperBound, following) < reached else { return false }
        }
        let next = following ?? .infinity
        // Not required where the page cannot be seen, nor when the next change follows in the
        // same task (a person sees only that one).
        if !unseen(at: change.t) && !(next - change.t <= tolerance.eventMs) {
            pair(change, after: previousT, before: next)
        }
        previousT = change.t
        nextChange += 1
        return true
    }

    private mutating func pair(_ change: BannerChange, after previous: Double, before next: Double) {
        let window = tolerance.window(for: change)
        let target = change.shown
        // The records from the cursor that no predicate below can take (before the window and
        // not after the previous change) are skipped: a stretch is looked at by its two changes.
        let from = judged.partition(from: cursor) { $0.seen.t < window.lowerBound && $0.seen.t <= previous }
        let to = judged.partition(from: from) { $0.seen.t <= max(window.upperBound, next) }
        examined += to - from
        func first(_ matches: (BannerSeen) -> Bool) -> Int? { (from..<to).first { matches(judged[$0].seen) } }
        if let hit = first({ window.contains($0.t) && $0.shown == target }) {
            return claim(hit, for: change, as: nil)
        }
        if target.visible, let hit = first({ window.contains($0.t) && $0.visible && $0.shown != target }) {
            return claim(hit, for: change, as: .wrongText)
        }
        if let hit = first({ $0.t > previous && $0.t < window.lowerBound && $0.shown == target }) {
            return claim(hit, for: change, as: .early)
        }
        if let hit = first({ $0.t > window.upperBound && $0.t < next && $0.shown == target }) {
            return claim(hit, for: change, as: .late)
        }
        let showing = pageShown(at: window.upperBound)
        if showing == target { return }
        // The recording stopped before the page's time to show it was up: not seen is not missing.
        if window.upperBound > end { return }
        paired.append(
            SeenDifference(
                kind: .missing, t: change.t, expected: target, cause: change.cause, shown: showing ?? .hidden, shownAt: nil,
                episode: episode(at: change.t, hiding: !target.visible)))
    }

    private mutating func claim(_ index: Int, for change: BannerChange, as kind: SeenDifference.Kind?) {
        judged[index].claimed = true
        cursor = index + 1
        let seen = judged[index].seen
        let render = kind == nil ? nil : render(before: seen.t)
        // A page change a render made says nothing of the page's timers: no fit is made of it.
        if kind != .wrongText && render == nil { pairs.add(SeenPair(change: change, seen: seen)) }
        guard let kind else { return }
        paired.append(
            SeenDifference(
                kind: kind, t: change.t, expected: change.shown, cause: change.cause, shown: seen.shown, shownAt: seen.t,
                episode: episode(at: change.t, hiding: !change.shown.visible), render: render))
    }

    /// Judges the next `seen` once no change still to be paired can claim it and the model is
    /// known an event's tolerance past it; `false` when that is not yet so.
    mutating func judgeNextSeen() -> Bool {
        guard nextJudged < judged.end else { return false }
        let record = judged[nextJudged]
        if record.claimed {
            nextJudged += 1
            return true
        }
        let t = record.seen.t
        if !finished {
            let reach = max(tolerance.eventMs, SeenTolerance.sameInstantMs)
            guard t + reach < reached else { return false }
            // A change still to be paired takes a record in its window or after the change before it.
            let pendingChange = nextChange < changes.end ? changes[nextChange].change.t : reached
            let passed = nextJudged < cursor || (t <= previousT && t < pendingChange - reach)
            if !passed {
                guard judged.end - nextJudged > pendingSeenLimit else { return false }
                cursor = nextJudged + 1
            }
        }
        judge(record)
        nextJudged += 1
        return true
    }

    /// Fine if the model showed the same around then (a document's first `seen`, written at
    /// connect, is held to the model's state then); else an extra, a wrong text when both show
    /// a pill, missing when the page hides the model's pill.
    private mutating func judge(_ record: Judged) {
        let seen = record.seen
        if record.firstOfDocument {
            if modelShown(at: seen.t) == seen.shown || modelShown(at: seen.t + tolerance.eventMs) == seen.shown { return }
        } else if modelShows(seen.shown, at: seen.t) {
            return
        }
        let expected = modelShown(at: seen.t)
        let kind: SeenDifference.Kind = expected.visible ? (seen.visible ? .wrongText : .missing) : .extra
        unclaimed.append(
            SeenDifference(
                kind: kind, t: seen.t, expected: expected, cause: nil, shown: seen.shown, shownAt: seen.t,
                episode: episode(at: seen.t, hiding: false), render: render(before: seen.t)))
    }
}

/// What the model and the page show at a time, from what is kept.
extension SeenConformance {
    /// The last kept change at or before `t`, or the last one let go.
    private func lastChange(atOrBefore t: Double) -> Visible? {
        let index = changes.partition(from: changes.base) { $0.change.t <= t } - 1
        return index >= changes.base ? changes[index] : droppedChange
    }

    /// What the model shows at `t` (its changes at `t` included).
    func modelShown(at t: Double) -> ShownBanner { lastChange(atOrBefore: t)?.shown ?? .hidden }

    /// Whether the model shows `target` at `t`, give or take what the tolerance allows: a change
    /// to it whose window holds `t`, or the state an event's change left or is about to make.
    func modelShows(_ target: ShownBanner, at t: Double) -> Bool {
        let eventMs = tolerance.eventMs
        if [t - eventMs, t, t + eventMs].contains(where: { modelShown(at: $0) == target }) { return true }
        // Only a change at most `timerMs` before `t`, or an event's tolerance after, has a window that holds `t`.
        let from = changes.partition(from: changes.base) { $0.change.t <= t - max(tolerance.timerMs, eventMs) }
        let to = changes.partition(from: from) { $0.change.t <= t + max(eventMs, SeenTolerance.sameInstantMs) }
        return (from..<to).contains { changes[$0].shown == target && tolerance.window(for: changes[$0].change).contains(t) }
    }

    /// The pill episode at `t`: each rise from hidden starts one, and its changes up to the one
    /// that hides it belong to it (even numbers); the stretches between belong to none (odd).
    func episode(at t: Double, hiding: Bool) -> Int {
        guard let last = lastChange(atOrBefore: t) else { return hiding ? 0 : 1 }
        return last.shown.visible || hiding ? 2 * last.rise : 2 * last.rise + 1
    }

    /// Whether `t` falls where nothing can be seen: in a closed stretch, or after the start of
    /// the open one (which closes only at a `seen` not yet read, later than any `t` asked).
    func unseen(at t: Double) -> Bool {
        let index = gaps.partition(from: gaps.base) { $0.upperBound <= t }
        if index < gaps.end { return gaps[index].contains(t) }
        if let since = unseenSince { return since <= t }
        return false
    }

    /// What the page showed at `t`, when it can be seen.
    func pageShown(at t: Double) -> ShownBanner? {
        guard !unseen(at: t) else { return nil }
        let index = judged.partition(from: judged.base) { $0.seen.t <= t } - 1
        return index >= judged.base ? judged[index].seen.shown : droppedSeen?.shown
    }
}
