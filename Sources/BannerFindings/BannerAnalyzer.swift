import OfflineBanner
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
    package private(set) var summary = SessionSummary()
    package private(set) var meta: Meta?
    /// What the page believes `navigator.onLine` is (`connect.online`, `offline`, `online`);
    /// true until a record says otherwise, as the contract assumes.
    package private(set) var navigatorOnline = true
    /// The record that last changed what the page believes (`nil`: assumed, never seen).
    private var navigatorOnlineSource: Origin?
    private var debounceOrigin: Origin?
    private var flashOrigin: Origin?
    private var pill: OpenPill?
    /// A `form…` fetch failed and its `turbo:submit-end` has not come yet: that submission
    /// ending with no response is the same failed request, not a second one.
    private var formFailurePending = false
    private var lastVisit: (line: Int, url: String?)?
    /// A restoration Visit is under way with no response yet: Turbo renders it from its cache,
    /// so the `turbo:load` that ends it proves nothing about the network.
    private var restoringFromCache = false
    /// Fetches whose response has arrived (`turbo:before-fetch-response`) and whose completion
    /// (`turbo:frame-load`, `turbo:load`, `turbo:submit-end`) has not: a fetch is one response.
    private var openFetches: [OpenFetch] = []
    /// Pills raised so far: tells a pill from the next one.
    private var pillsRaised = 0
    /// The pill shows a toast's submit-failed message: the submission's line and time, and the text.
    private var toastOnPill: (line: Int, t: Double, label: String)?
    /// A failed form request replaced the toast's message: held until the next visible change,
    /// since a dying submission's own fetch error comes just before its toast puts the message back.
    private var pendingRelabel: BannerFinding?
    /// The last `online` with no `offline` after it, and whether it started the green flash:
    /// an unloading `pagehide` soon after it makes it an `emulated-online`.
    private var lastOnline: (origin: Origin, flash: Bool)?
    private var buffer: [TimelineRecord] = []
    /// Whether each record's step and each finding are handed to `emit` (`explain`), or only
    /// counted in the summary (`stats`, which should not pay for steps and details nobody reads).
    private let explains: Bool
    /// Whether a response may change the banner (a variant's rule): asked of every response.
    private let actsOnResponses: Bool

    /// How soon before an unloading `pagehide` an `online` is taken for DevTools' emulation
    /// being lifted (inclusive).
    package static let emulatedOnlineWindow: Double = 100

    private struct OpenPill: Sendable {
        var start: Double
        var cause: BannerCause
        /// The record that raised it (for a debounce, the `offline` that started it).
        var line: Int?
        /// Which pill this is (`pillsRaised` when it went up).
        var serial: Int
        var firstResponse: (line: Int, t: Double, type: String, navigatorOnline: Bool)?
        var responses = 0
    }

    /// What is compared around an input: the state and the two timers, no text, so that
    /// taking and copying it costs nothing (the snapshots with text are for explaining).
    private struct Moment {
        var banner: BannerState
        var debounceDue: Double?
        var flashDue: Double?

        init(_ banner: borrowing OfflineBanner) {
            self.banner = banner.banner
            debounceDue = banner.debounce?.due
            flashDue = banner.flash?.due
        }
    }

    private struct OpenFetch: Sendable {
        var target: String?
        /// The pill its response was counted for, if one was up and stayed up.
        var countedFor: Int?
    }

    /// Open fetches remembered: a log of prefetches that never complete must not grow it.
    private static let openFetchLimit = 32

    package init(settings: BannerSettings = BannerSettings(), explaining: Bool = true) {
        banner = OfflineBanner(settings: settings)
        explains = explaining
        actsOnResponses = settings.variants.contains(.recoverOnResponse)
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
            noteTime(t)
            try handle(input, line: record.line, t: t, emit)
        case .observed(let t, let observed):
            try fireTimers(through: t, emit)
            noteTime(t)
            try handle(observed, line: record.line, t: t, emit)
        case .marker(let t, let marker):
            try fireTimers(through: t, emit)
            noteTime(t)
            try handle(marker, line: record.line, t: t, emit)
        case .passing(let t):
            // Read without its details (`keepObserved: false`): only time passes.
            try fireTimers(through: t, emit)
            noteTime(t)
        }
    }

    /// The end of the recording: every pending timer fires (the page stays open), and a
    /// pill still up is closed at the end.
    package mutating func finish(emit: (ExplainEvent) throws -> Void) rethrows {
        try fireTimers(through: .infinity, emit)
        try reportPendingRelabel(emit)
        if let open = pill, let end = summary.end {
            try close(open, at: end, clearedBy: nil, line: nil, emit)
            pill = nil
        }
    }

    /// Notes lines a lenient reader skipped, for the summary.
    package mutating func noteSkipped(_ count: Int) {
        summary.skippedLines = count
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
            let before = Moment(banner)
            if !buffer.isEmpty { buffer.removeAll(keepingCapacity: true) }
            banner.advance(to: due, into: &buffer)
            let after = Moment(banner)
            noteTime(due)
            var fired: Set<TimerStep.Timer> = []
            for case .banner(let change) in buffer {
                let timer: TimerStep.Timer = change.cause == .flashElapsed ? .flash : .debounce
                fired.insert(timer)
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
            if explains, before.debounceDue == due, after.debounceDue == nil, !fired.contains(.debounce) {
                try emit(.timer(TimerStep(timer: .debounce, due: due, origin: debounceOrigin, change: nil, cancelledFlash: false)))
            }
            if explains, before.flashDue == due, after.flashDue == nil, !fired.contains(.flash), !fired.contains(.debounce) {
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
        // The state and the timers are compared; the label before only against a toast's; the
        // whole snapshots, with their text, are made only to explain.
        let before = Moment(banner), snapshotBefore = explains ? BannerSnapshot(banner) : nil
        let labelBefore = toastOnPill != nil ? banner.label : nil
        let onlineBefore = navigatorOnline
        let onlineSourceBefore = navigatorOnlineSource
        let debounceOriginBefore = debounceOrigin
        let toastBefore = toastOnPill
        if !buffer.isEmpty { buffer.removeAll(keepingCapacity: true) }
        banner.send(input, at: t, into: &buffer)
        let after = Moment(banner), snapshotAfter = explains ? BannerSnapshot(banner) : nil

        var change: BannerChange?
        var decision: SubmitDecision?
        for record in buffer {
            switch record {
            case .banner(let c): change = c
            case .submit(let d): decision = d
            }
        }
        if after.debounceDue != before.debounceDue { debounceOrigin = after.debounceDue == nil ? nil : Origin(line: line, t: t) }
        if after.flashDue != before.flashDue { flashOrigin = after.flashDue == nil ? nil : Origin(line: line, t: t) }

        switch input {
        case .connect(_, let online):
            setNavigatorOnline(online, line: line, t: t)
            lastVisit = nil
        case .offline: setNavigatorOnline(false, line: line, t: t)
        case .online: setNavigatorOnline(true, line: line, t: t)
        default: break
        }

        // A response is evidence that a pill still up after it is stale: a fetch's own
        // (`turbo:before-fetch-response`, an input since a variant may act on it) or a
        // submission's. One that took the pill down itself (a variant's rule) is not.
        var firstResponse = false
        switch input {
        case .beforeFetchResponse(let response):
            firstResponse = noteFetchResponse(target: response.target, pillUp: after.banner == .offline, line: line, t: t)
        case .submitEnd(let submission) where submission.fetchResponse != nil:
            // It completes its form's fetch whether or not a pill is up, so no later one is taken for it.
            let counted = completesCountedFetch { $0.map(Self.isFormTarget) == true }
            if after.banner == .offline, !counted {
                firstResponse = noteResponse(line: line, t: t, type: "turbo:submit-end")
            }
        default:
            break
        }

        if let snapshotBefore, let snapshotAfter {
            try emit(
                .input(
                    InputStep(
                        line: line, t: t, input: input, before: snapshotBefore, after: snapshotAfter, change: change,
                        decision: decision, firstResponseWhilePillUp: firstResponse,
                        navigatorOnline: onlineBefore)))
        }
        if let decision { summary.note(decision) }
        if let change { try noteChange(change, raisedBy: line, emit) }

        if case .submitEnd = input, let change, change.cause == .submitFailed, let label = change.label {
            // The first toast of this pill is when its message went up; another one keeps it up.
            if toastBefore?.label != label { toastOnPill = (line, t, label) }
        }

        switch input {
        case .fetchRequestError(let failure):
            if let toast = toastBefore, let change, change.banner == .offline, before.banner == .offline,
                labelBefore == toast.label, let relabelledTo = change.label, relabelledTo != toast.label
            {
                let finding = BannerFinding(
                    kind: .relabelledToast, t: toast.t, lines: [toast.line, line],
                    detail: .relabelledToast(
                        label: toast.label, replacedAt: t, relabelledTo: relabelledTo,
                        request: .init(
                            via: "turbo:fetch-request-error", target: failure.target, method: failure.method,
                            url: failure.url, error: failure.error)))
                if failure.target.map(Self.isFormTarget) == true { pendingRelabel = finding } else { try report(finding.kind, finding, emit) }
            }
            if onlineBefore {
                try report(
                    .onlineLied,
                    BannerFinding(
                        kind: .onlineLied, t: t, lines: [onlineSourceBefore?.line, line].compactMap { $0 },
                        detail: .onlineLied(
                            request: .init(
                                via: "turbo:fetch-request-error", target: failure.target, method: failure.method,
                                url: failure.url, error: failure.error),
                            onlineSince: onlineSourceBefore?.t)), emit)
            }
            let target = failure.target ?? ""
            if Self.isFormTarget(target) { formFailurePending = true }
            if Self.isLink(target), let change, change.banner == .offline {
                try report(
                    .prefetchPill,
                    BannerFinding(
                        kind: .prefetchPill, t: t, lines: [line],
                        detail: .prefetchPill(
                            target: target, url: failure.url, label: change.label ?? "",
                            relabelled: before.banner == .offline)), emit)
            }
        case .submitEnd(let submission):
            let sameAsFormFailure = formFailurePending
            formFailurePending = false
            if !submission.success, submission.fetchResponse == nil, onlineBefore, !sameAsFormFailure {
                try report(
                    .onlineLied,
                    BannerFinding(
                        kind: .onlineLied, t: t, lines: [onlineSourceBefore?.line, line].compactMap { $0 },
                        detail: .onlineLied(
                            request: .init(via: "turbo:submit-end", method: submission.method, url: submission.action),
                            onlineSince: onlineSourceBefore?.t)), emit)
            }
        case .online:
            lastOnline = (Origin(line: line, t: t), change?.banner == .backOnline)
            if let origin = debounceOriginBefore, before.debounceDue != nil, after.debounceDue == nil {
                let debounce = settings.debounce
                try report(
                    .flapSuppressed,
                    BannerFinding(
                        kind: .flapSuppressed, t: origin.t, lines: [origin.line, line],
                        detail: .flapSuppressed(downMs: t - origin.t, debounceMs: debounce)), emit)
            }
        case .offline:
            lastOnline = nil
        case .pagehide(persisted: false):
            if let online = lastOnline, t - online.origin.t <= Self.emulatedOnlineWindow {
                try report(
                    .emulatedOnline,
                    BannerFinding(
                        kind: .emulatedOnline, t: online.origin.t, lines: [online.origin.line, line],
                        detail: .emulatedOnline(unloadAt: t, flash: online.flash)), emit)
            }
            // The document that saw that online is gone. One kept in the back-forward cache
            // (a persisted pagehide) still is that document: its online still counts.
            lastOnline = nil
        default:
            break
        }
    }

    /// A form's fetch (`form`, `form#id`, …). Asked of every open fetch when a submission
    /// ends, so read as bytes; `hasPrefix` compares characters, and decides only when a
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

    /// The observed types the analyzer acts on, told apart by length first: one string
    /// comparison a record instead of one per case.
    private enum ObservedKind {
        case load, frameLoad, visit, reload, submitStart, other

        init(_ type: String) {
            switch type.utf8.count {
            case 10: self = type == "turbo:load" ? .load : .other
            case 11: self = type == "turbo:visit" ? .visit : .other
            case 12: self = type == "turbo:reload" ? .reload : .other
            case 16: self = type == "turbo:frame-load" ? .frameLoad : .other
            case 18: self = type == "turbo:submit-start" ? .submitStart : .other
            default: self = .other
            }
        }

        init(_ marker: Marker) {
            switch marker {
            case .load: self = .load
            case .frameLoad: self = .frameLoad
            case .visit: self = .visit
            case .reload: self = .reload
            case .submitStart: self = .submitStart
            }
        }

        /// The type a response of this kind is named by in a finding.
        var responseType: String { self == .load ? "turbo:load" : "turbo:frame-load" }
    }

    private mutating func handle(_ observed: Observed, line: Int, t: Double, _ emit: (ExplainEvent) throws -> Void) rethrows {
        let kind = ObservedKind(observed.type)
        let role = decide(
            kind, target: observed.target, url: observed.url, restore: observed.action == "restore", line: line, t: t)
        if explains { try emit(.observed(ObservedStep(line: line, t: t, observed: observed, role: role))) }
        if role == .reload, observed.reason == "request_failed" { try reportReloadOffline(url: observed.url, line: line, t: t, emit) }
    }

    /// A lean read's observed record: the same decisions, from what the read kept.
    private mutating func handle(_ marker: Marker, line: Int, t: Double, _ emit: (ExplainEvent) throws -> Void) rethrows {
        var target: String?
        var restore = false
        if case .frameLoad(let frame) = marker { target = frame }
        if case .visit(let restoring) = marker { restore = restoring }
        let role = decide(ObservedKind(marker), target: target, url: nil, restore: restore, line: line, t: t)
        if explains { try emit(.observed(ObservedStep(line: line, t: t, observed: marker.observed, role: role))) }
        if case .reload(requestFailed: true) = marker { try reportReloadOffline(url: nil, line: line, t: t, emit) }
    }

    /// What an observed record of `kind` does to what the findings track, and its role.
    private mutating func decide(
        _ kind: ObservedKind, target: String?, url: String?, restore: Bool, line: Int, t: Double
    ) -> ObservedStep.Role {
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
            let counted = completesCountedFetch { target != nil && $0?.utf8.count == target?.utf8.count && $0 == target }
            let first = counted ? false : noteResponse(line: line, t: t, type: kind.responseType)
            return .response(whilePillUp: whilePillUp, first: first)
        case .visit:
            lastVisit = (line, url)
            restoringFromCache = restore
            return .visit
        case .reload:
            return .reload
        case .submitStart:
            formFailurePending = false
            return .submitStart
        case .other:
            return .other
        }
    }

    private mutating func reportReloadOffline(url: String?, line: Int, t: Double, _ emit: (ExplainEvent) throws -> Void) rethrows {
        let visit = lastVisit
        try report(
            .reloadOffline,
            BannerFinding(
                kind: .reloadOffline, t: t, lines: [visit?.line, line].compactMap { $0 },
                detail: .reloadOffline(url: url ?? visit?.url)), emit)
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
        openFetches.append(OpenFetch(target: target, countedFor: countedFor))
    }

    /// Removes the oldest open fetch whose target matches: the record completes it. Returns
    /// whether its response was already counted for the pill now up.
    private mutating func completesCountedFetch(_ matches: (String?) -> Bool) -> Bool {
        guard let index = openFetches.firstIndex(where: { matches($0.target) }) else { return false }
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
        // A form's failure relabelled a toast's message; its own toast putting it back undoes that.
        if pendingRelabel != nil {
            if change.banner == .offline && change.cause == .submitFailed { pendingRelabel = nil } else { try reportPendingRelabel(emit) }
        }
        if change.banner != .offline || change.label != toastOnPill?.label { toastOnPill = nil }
        if change.banner == .offline {
            if pill == nil {
                pillsRaised += 1
                pill = OpenPill(start: change.t, cause: change.cause, line: line, serial: pillsRaised)
            }
        } else if let open = pill {
            pill = nil
            try close(open, at: change.t, clearedBy: change.cause, line: line, emit)
        }
    }

    private mutating func close(
        _ open: OpenPill, at end: Double, clearedBy: BannerCause?, line: Int?,
        _ emit: (ExplainEvent) throws -> Void
    ) rethrows {
        summary.pills.append(PillEpisode(start: open.start, end: end, cause: open.cause, stillUp: clearedBy == nil))
        guard let evidence = open.firstResponse else { return }
        try report(
            .stalePill,
            BannerFinding(
                kind: .stalePill, t: evidence.t, lines: [open.line, evidence.line, line].compactMap { $0 },
                detail: .stalePill(
                    raisedAt: open.start, raisedBy: open.cause, evidence: evidence.type,
                    responses: open.responses, until: end, clearedBy: clearedBy,
                    navigatorOnline: evidence.navigatorOnline)), emit)
    }

    private mutating func reportPendingRelabel(_ emit: (ExplainEvent) throws -> Void) rethrows {
        guard let finding = pendingRelabel else { return }
        pendingRelabel = nil
        try report(finding.kind, finding, emit)
    }

    /// Counts a finding of `kind`; the finding itself (its lines, its detail) is made only for
    /// an explanation.
    private mutating func report(
        _ kind: BannerFinding.Kind, _ finding: @autoclosure () -> BannerFinding,
        _ emit: (ExplainEvent) throws -> Void
    ) rethrows {
        summary.findings[kind, default: 0] += 1
        if explains { try emit(.finding(finding())) }
    }
}
