import OfflineBanner
import Replay
import TurboRecording

/// Replays a recording through the banner one record at a time and says what each record
/// did, which timers it started or cancelled, and which findings it completes. Everything
/// is handed to `emit` as soon as it is decided: a timer's step when a later record shows
/// that time has passed it, a `stale-pill` when the pill it is about comes down.
///
///     var analyzer = BannerAnalyzer(settings: settings)
///     while let record = try reader.next() { analyzer.feed(record) { print($0) } }
///     analyzer.finish { print($0) }
///     analyzer.summary
package struct BannerAnalyzer: Sendable {
    package private(set) var banner: OfflineBanner
    package private(set) var summary = RecordingSummary()
    package private(set) var meta: Meta?
    /// What the page believes `navigator.onLine` is (`connect.online`, `offline`, `online`);
    /// true until a record says otherwise, as the contract assumes.
    package private(set) var navigatorOnline = true
    /// The record that last changed what the page believes (`nil`: assumed, never seen).
    private var navigatorOnlineSource: Origin?
    private var debounceOrigin: Origin?
    private var flashOrigin: Origin?
    private var pill: OpenPill?
    /// The time of the last record read: when a cut log ends.
    private var lastRecordTime: Double?
    /// A restoration Visit is under way with no response yet: Turbo renders it from its cache,
    /// so the `turbo:load` that ends it proves nothing about the network.
    private var restoringFromCache = false
    /// Fetches whose response has arrived (`turbo:before-fetch-response`) and whose completion
    /// (`turbo:frame-load`, `turbo:load`, `turbo:submit-end`) has not: a fetch is one response.
    private var openFetches: [OpenFetch] = []
    /// Pills raised so far: tells a pill from the next one.
    private var pillsRaised = 0
    /// One detector per finding, composed; what several of them read (the above) is kept here
    /// and handed over.
    private var detectors = BannerDetectors()
    /// What the detectors found in the current step, counted and handed on by `flush`.
    private var found: FoundFindings
    private var buffer: [TimelineRecord] = []
    /// Whether each record's step and each finding are handed to `emit` (`explain`), or only
    /// counted in the summary (`stats`, which should not pay for steps and details nobody reads).
    private let explains: Bool
    /// Whether a response may change the banner (a variant's rule): asked of every response.
    private let actsOnResponses: Bool

    private struct OpenFetch: Sendable {
        var target: String?
        /// Whether `target` is a form's (`isFormTarget`): told once, when the response arrives,
        /// rather than of each open fetch a submission's end looked at, up to the first form's.
        var isForm: Bool
        /// The pill its response was counted for, if one was up and stayed up.
        var countedFor: Int?
    }

    /// Open fetches remembered: a log of prefetches that never complete must not grow it.
    private static let openFetchLimit = 32

    /// `rules`: the config's `findings`, which may drop a finding, change its level or give it a threshold.
    /// `keepingEpisodes`: the summary keeps every pill episode too (tests; a report needs only the totals).
    package init(
        settings: BannerSettings = BannerSettings(), explaining: Bool = true, rules: FindingRules = FindingRules(),
        keepingEpisodes: Bool = false
    ) {
        banner = OfflineBanner(settings: settings)
        explains = explaining
        actsOnResponses = settings.variants.contains(.recoverOnResponse)
        detectors.configure(settings: settings, rules: rules)
        found = FoundFindings(explaining: explaining, rules: rules)
        summary.rules = rules
        summary.pills = PillTotals(keepingEpisodes: keepingEpisodes)
    }

    package var settings: BannerSettings { banner.settings }

    // MARK: - Feeding

    package mutating func feed(_ record: Record, emit: (ExplainEvent) throws -> Void) rethrows {
        summary.records += 1
        switch record.event {
        case .meta(let meta):
            if self.meta == nil { self.meta = meta }
        case .input(let t, let input):
            try fireTimers(through: t, emit)
            noteRecordTime(t)
            try handle(input, line: record.line, t: t, emit)
        case .observed(let t, let observed):
            try fireTimers(through: t, emit)
            noteRecordTime(t)
            try handle(observed, line: record.line, t: t, emit)
        case .marker(let t, let marker):
            try fireTimers(through: t, emit)
            noteRecordTime(t)
            try handle(marker, line: record.line, t: t, emit)
        case .seen(let seen):
            try fireTimers(through: seen.t, emit)
            noteTime(seen.t)
            if explains { try emit(.seen(SeenStep(line: record.line, seen: seen))) }
            detectors.seen(seen, line: record.line, into: &found)
            try flush(emit)
        case .passing(let t):
            // Read without its details (`keepObserved: false`): only time passes.
            try fireTimers(through: t, emit)
            noteRecordTime(t)
        case .render(let render):
            // The controller ignores it; the page's banner is held to the replay around it.
            try fireTimers(through: render.t, emit)
            noteRecordTime(render.t)
            detectors.rendered(render, line: record.line)
            try flush(emit)
        }
    }

    /// The end of the recording: every pending timer fires (the page stays open), and a
    /// pill still up is closed at the end.
    package mutating func finish(emit: (ExplainEvent) throws -> Void) rethrows {
        try fireTimers(through: .infinity, emit)
        detectors.finish(at: summary.end ?? .infinity, into: &found)
        detectors.summarize(into: &summary)
        // A page wrong in every pill episode of a day-long log has a `banner-drift` for each:
        // findings held to the end are handed on a batch at a time, never all at once.
        while detectors.reportHeld(into: &found) {
            if found.kinds.count >= Self.findingsBatch { try flush(emit) }
        }
        if let open = pill, let end = summary.end {
            close(open, at: end, clearedBy: nil, line: nil)
            pill = nil
        }
        try flush(emit)
    }

    /// How many findings wait at the end of a recording before they are handed on.
    package static let findingsBatch = 1024
    /// The most findings held at once before they were handed on: bounded by `findingsBatch`
    /// and a step's own, whatever the recording (a growth test reads it).
    package private(set) var mostFindingsHeld = 0

    /// Notes lines a lenient reader skipped, for the summary.
    package mutating func noteSkipped(_ count: Int) {
        summary.skippedLines = count
    }

    /// Notes the log's cut, at the end: the `log-cut` finding, at the last record's time.
    package mutating func noteCut(atLine line: Int) {
        summary.cut = LogCut(line: line, t: lastRecordTime)
    }

    /// Notes the holes of a collector's folder, at the end: the `log-gap` findings.
    package mutating func noteGaps(_ gaps: [LogGap]) {
        summary.gaps = gaps
    }

    private mutating func noteRecordTime(_ t: Double) {
        lastRecordTime = t
        noteTime(t)
    }

    private mutating func noteTime(_ t: Double) {
        summary.end = max(summary.end ?? t, t)
    }

    // MARK: - Timers

    private mutating func fireTimers(through t: Double, _ emit: (ExplainEvent) throws -> Void) rethrows {
        // Asked before every record, and almost always nothing is due: said before the loop's
        // own bookkeeping is set up.
        guard let first = banner.nextDue, first <= t else { return }
        while let due = banner.nextDue, due <= t {
            let before = BannerMoment(banner)
            clearBuffer()
            banner.advance(to: due, into: &buffer)
            let after = BannerMoment(banner)
            noteTime(due)
            // Which timers made a change: two flags, not a `Set`, so a firing allocates nothing.
            var firedDebounce = false, firedFlash = false
            for case .banner(let change) in buffer {
                let timer: TimerStep.Timer = change.cause == .flashElapsed ? .flash : .debounce
                if timer == .flash { firedFlash = true } else { firedDebounce = true }
                let cancelledFlash =
                    timer == .debounce && before.flashDue != nil && after.flashDue == nil
                    && !buffer.contains { if case .banner(let c) = $0 { return c.cause == .flashElapsed } else { return false } }
                let origin = timer == .debounce ? debounceOrigin : flashOrigin
                if explains {
                    try emit(.timer(TimerStep(timer: timer, due: due, origin: origin, change: change, cancelledFlash: cancelledFlash)))
                }
                try noteChange(change, raisedBy: origin?.line, emit)
            }
            // A timer that fired without a visible change still fired (the contract says it cannot
            // happen today; the explanation must not hide it if it ever does).
            if explains, before.debounceDue == due, after.debounceDue == nil, !firedDebounce {
                try emit(.timer(TimerStep(timer: .debounce, due: due, origin: debounceOrigin, change: nil, cancelledFlash: false)))
            }
            if explains, before.flashDue == due, after.flashDue == nil, !firedFlash, !firedDebounce {
                try emit(.timer(TimerStep(timer: .flash, due: due, origin: flashOrigin, change: nil, cancelledFlash: false)))
            }
            if after.debounceDue == nil { debounceOrigin = nil }
            if after.flashDue == nil { flashOrigin = nil }
        }
    }

    // MARK: - Inputs

    private mutating func handle(_ input: BannerInput, line: Int, t: Double, _ emit: (ExplainEvent) throws -> Void) rethrows {
        // A quarter of a field log: a response changes no banner unless the amber pill is up
        // and a variant acts on responses. Otherwise it only opens a fetch and, with the pill
        // up, counts as its evidence; when nothing is explained, that is all it costs.
        if !explains, case .beforeFetchResponse(let response) = input, !actsOnResponses || banner.banner != .offline {
            _ = noteFetchResponse(target: response.target, pillUp: banner.banner == .offline, line: line, t: t)
            return
        }
        // The state and the timers are compared; the whole snapshots, with their text, are made
        // only to explain, in a path of their own: an optional pair of them, even empty, was
        // destroyed through an outlined call on every input.
        guard explains else {
            let (outcome, decision, _) = send(input, line: line, t: t)
            return try note(input, outcome, decision, emit)
        }
        let snapshotBefore = BannerSnapshot(banner)
        let (outcome, decision, firstResponse) = send(input, line: line, t: t)
        try emit(
            .input(
                InputStep(
                    line: line, t: t, input: input, before: snapshotBefore, after: BannerSnapshot(banner), change: outcome.change,
                    decision: decision, firstResponseWhilePillUp: firstResponse, navigatorOnline: outcome.navigatorOnline)))
        try note(input, outcome, decision, emit)
    }

    /// Sends `input` to the banner and keeps the state the analyzer shares (timers' origins,
    /// `navigator.onLine`, the pill's evidence): what it did, its submission decision, and
    /// whether it was the pill's first response.
    private mutating func send(_ input: BannerInput, line: Int, t: Double) -> (SentInput, SubmitDecision?, Bool) {
        let before = BannerMoment(banner)
        let onlineBefore = navigatorOnline, onlineSourceBefore = navigatorOnlineSource, debounceOriginBefore = debounceOrigin
        detectors.willSend(input, line: line, banner)
        let (change, decision) = send(input, at: t)
        let after = BannerMoment(banner)
        if after.debounceDue != before.debounceDue { debounceOrigin = after.debounceDue == nil ? nil : Origin(line: line, t: t) }
        if after.flashDue != before.flashDue { flashOrigin = after.flashDue == nil ? nil : Origin(line: line, t: t) }
        switch input {
        case .connect(_, let online): setNavigatorOnline(online, line: line, t: t)
        case .offline: setNavigatorOnline(false, line: line, t: t)
        case .online: setNavigatorOnline(true, line: line, t: t)
        default: break
        }
        let firstResponse = noteResponse(to: input, pillUp: after.banner == .offline, line: line, t: t)
        let outcome = SentInput(
            line: line, t: t, before: before, after: after, change: change, navigatorOnline: onlineBefore,
            navigatorOnlineSource: onlineSourceBefore, debounceOrigin: debounceOriginBefore)
        return (outcome, decision, firstResponse)
    }

    /// What follows an input (after its explanation, when there is one): its decision and change
    /// counted, and the detectors' look at it.
    private mutating func note(_ input: BannerInput, _ outcome: SentInput, _ decision: SubmitDecision?, _ emit: (ExplainEvent) throws -> Void)
        rethrows
    {
        if let decision { summary.note(decision) }
        if let change = outcome.change { try noteChange(change, raisedBy: outcome.line, emit) }
        detectors.sent(input, outcome, into: &found)
        try flush(emit)
    }

    /// Empties the banner's output buffer, keeping its memory, one element at a time: it holds a
    /// record or two, and `removeAll(keepingCapacity:)` costs more (bench/history.md).
    private mutating func clearBuffer() {
        while !buffer.isEmpty { buffer.removeLast() }
    }

    /// Sends `input` to the banner: its visible change and its submission decision, if any.
    private mutating func send(_ input: BannerInput, at t: Double) -> (BannerChange?, SubmitDecision?) {
        clearBuffer()
        banner.send(input, at: t, into: &buffer)
        var change: BannerChange?
        var decision: SubmitDecision?
        for record in buffer {
            switch record {
            case .banner(let c): change = c
            case .submit(let d): decision = d
            }
        }
        return (change, decision)
    }

    /// A response is evidence that a pill still up after it is stale: a fetch's own
    /// (`turbo:before-fetch-response`, an input since a variant may act on it) or a
    /// submission's. One that took the pill down itself (a variant's rule) is not. Returns
    /// whether it was the pill's first.
    private mutating func noteResponse(to input: BannerInput, pillUp: Bool, line: Int, t: Double) -> Bool {
        switch input {
        case .beforeFetchResponse(let response):
            return noteFetchResponse(target: response.target, pillUp: pillUp, line: line, t: t)
        case .submitEnd(let submission) where submission.fetchResponse != nil:
            // It completes its form's fetch whether or not a pill is up, so no later one is taken for it.
            let counted = completesCountedFetch { $0.isForm }
            return pillUp && !counted ? noteResponse(line: line, t: t, type: "turbo:submit-end") : false
        default:
            return false
        }
    }

    /// A form's fetch (`form`, `form#id`, …). Asked of each fetch's target when its response
    /// arrives, so read as bytes; `hasPrefix` compares characters, and decides only when a
    /// character that is not ASCII (which could combine with the `m`) follows.
    package static func isFormTarget(_ target: String) -> Bool {
        var bytes = target.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "f"), bytes.next() == UInt8(ascii: "o"), bytes.next() == UInt8(ascii: "r"),
            bytes.next() == UInt8(ascii: "m")
        else { return false }
        guard let next = bytes.next(), next >= 0x80 else { return true }
        return target.hasPrefix("form")
    }

    /// `a` or `a#id` (`a.class`, `a[attribute]`): the target of a link's hover prefetch. As bytes,
    /// like `isFormTarget`.
    package static func isLink(_ target: String) -> Bool {
        var bytes = target.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "a") else { return false }
        switch bytes.next() {
        case nil: return true
        case UInt8(ascii: "#"), UInt8(ascii: "."), UInt8(ascii: "["):
            guard let next = bytes.next(), next >= 0x80 else { return true }
            return target.hasPrefix("a#") || target.hasPrefix("a.") || target.hasPrefix("a[")
        default: return false
        }
    }

    private mutating func setNavigatorOnline(_ online: Bool, line: Int, t: Double) {
        if online != navigatorOnline || navigatorOnlineSource == nil { navigatorOnlineSource = Origin(line: line, t: t) }
        navigatorOnline = online
    }

    // MARK: - Observed records

    private mutating func handle(_ observed: Observed, line: Int, t: Double, _ emit: (ExplainEvent) throws -> Void) rethrows {
        let kind = ObservedKind(observed.type)
        let role = decide(kind, target: observed.target, restore: observed.action == "restore", line: line, t: t)
        if explains { try emit(.observed(ObservedStep(line: line, t: t, observed: observed, role: role))) }
        let requestFailed = kind == .reload && observed.reason == "request_failed"
        detectors.observed(ObservedRecord(kind: kind, url: observed.url, requestFailed: requestFailed, line: line, t: t), into: &found)
        try flush(emit)
    }

    /// A lean read's observed record: the same decisions, from what the read kept.
    private mutating func handle(_ marker: Marker, line: Int, t: Double, _ emit: (ExplainEvent) throws -> Void) rethrows {
        var target: String?
        var restore = false
        if case .frameLoad(let frame) = marker { target = frame }
        if case .visit(let restoring) = marker { restore = restoring }
        let kind = ObservedKind(marker)
        let role = decide(kind, target: target, restore: restore, line: line, t: t)
        if explains { try emit(.observed(ObservedStep(line: line, t: t, observed: marker.observed, role: role))) }
        var requestFailed = false
        if case .reload(requestFailed: true) = marker { requestFailed = true }
        detectors.observed(ObservedRecord(kind: kind, url: nil, requestFailed: requestFailed, line: line, t: t), into: &found)
        try flush(emit)
    }

    /// What an observed record of `kind` does to the pill's evidence, and its role.
    private mutating func decide(_ kind: ObservedKind, target: String?, restore: Bool, line: Int, t: Double) -> ObservedStep.Role {
        switch kind {
        case .load where restoringFromCache:
            restoringFromCache = false
            return .cachedLoad
        case .frameLoad, .load:
            let whilePillUp = pill != nil
            // A frame's load or a Visit's completes the fetch whose response came before it
            // (same frame; `html` for a Visit): one response, already counted if this pill saw it.
            let target = kind == .load ? "html" : target
            // Lengths first: most open fetches are other frames, and telling them apart by length
            // is cheaper than comparing their names.
            let counted = completesCountedFetch { target != nil && $0.target?.utf8.count == target?.utf8.count && $0.target == target }
            let first = counted ? false : noteResponse(line: line, t: t, type: kind.responseType)
            return .response(whilePillUp: whilePillUp, first: first)
        case .visit:
            restoringFromCache = restore
            return .visit
        case .reload:
            return .reload
        case .submitStart:
            return .submitStart
        case .other:
            return .other
        }
    }

    /// A fetch's response (`turbo:before-fetch-response`): it ends a restoration's reliance on
    /// the cache, opens its fetch, and with the pill up counts as the pill's evidence (and the
    /// fetch as counted for it). Returns whether it was the pill's first.
    private mutating func noteFetchResponse(target: String?, pillUp: Bool, line: Int, t: Double) -> Bool {
        restoringFromCache = false
        var first = false, counted: Int?
        if pillUp {
            first = noteResponse(line: line, t: t, type: "turbo:before-fetch-response")
            counted = pill?.serial
        }
        openFetch(target: target, countedFor: counted)
        return first
    }

    private mutating func openFetch(target: String?, countedFor: Int?) {
        if openFetches.count == Self.openFetchLimit { openFetches.removeFirst() }
        openFetches.append(OpenFetch(target: target, isForm: target.map(Self.isFormTarget) == true, countedFor: countedFor))
    }

    /// Removes the oldest open fetch whose target matches: the record completes it. Returns
    /// whether its response was already counted for the pill now up.
    private mutating func completesCountedFetch(_ matches: (OpenFetch) -> Bool) -> Bool {
        guard let index = openFetches.firstIndex(where: matches) else { return false }
        let fetch = openFetches.remove(at: index)
        return fetch.countedFor != nil && fetch.countedFor == pill?.serial
    }

    /// A response arrived: if the amber pill is up, it is evidence that the pill is stale.
    /// Returns whether it was the first such evidence for this pill.
    private mutating func noteResponse(line: Int, t: Double, type: String) -> Bool {
        // In place: a copy of the pill (its first response's strings) for every load cost more
        // than the rest of the record.
        guard pill != nil else { return false }
        pill!.responses += 1
        guard pill!.firstResponse == nil else { return false }
        pill!.firstResponse = (line, t, type, navigatorOnline)
        return true
    }

    // MARK: - The pill's episodes

    private mutating func noteChange(_ change: BannerChange, raisedBy line: Int?, _ emit: (ExplainEvent) throws -> Void) rethrows {
        detectors.changed(change, into: &found)
        if change.banner == .offline {
            if pill == nil {
                pillsRaised += 1
                pill = OpenPill(start: change.t, cause: change.cause, line: line, serial: pillsRaised)
            }
        } else if let open = pill {
            pill = nil
            close(open, at: change.t, clearedBy: change.cause, line: line)
        }
        try flush(emit)
    }

    private mutating func close(_ open: OpenPill, at end: Double, clearedBy: BannerCause?, line: Int?) {
        summary.pills.add(PillEpisode(start: open.start, end: end, cause: open.cause, stillUp: clearedBy == nil))
        detectors.pillClosed(open, at: end, clearedBy: clearedBy, line: line, into: &found)
    }

    /// Counts what the detectors found in this step and, for an explanation, hands it on in the
    /// order they found it.
    private mutating func flush(_ emit: (ExplainEvent) throws -> Void) rethrows {
        guard !found.kinds.isEmpty else { return }
        mostFindingsHeld = max(mostFindingsHeld, found.kinds.count)
        for kind in found.kinds { summary.findings[kind, default: 0] += 1 }
        for finding in found.findings { try emit(.finding(finding)) }
        found.removeAll()
    }
}
