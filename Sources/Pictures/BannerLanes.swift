import BannerFindings
import OfflineBanner
import PolicyCore
import TurboRecording

typealias OnlineSpan = (from: Double, to: Double, online: Bool, assumed: Bool)
typealias BannerSpan = (from: Double, to: Double, state: BannerState, label: String, stillUp: Bool)
/// A page change: a `disconnect`, or a `pagehide` that unloaded the document (`unload`), and
/// the `connect` that followed it, if any.
typealias PageChange = (t: Double, until: Double?, unload: Bool)
/// What the page's own banner showed (`seen`) while visible, from one `seen` to the next (or
/// to a `pagehide` that unloaded the document); `preview`: Turbo's cache preview showed it.
typealias SeenSpan = (from: Double, to: Double, text: String, preview: Bool)

/// What the web picture draws, gathered from a recording's events as they are decided: each
/// lane's marks within `limits`, and the state that makes the next mark (the belief in the
/// network, the banner shown). Nothing else of the recording is kept.
struct BannerLanes {
    let limits: RenderLimits
    var onlineSpans: Lane<OnlineSpan>
    var failures: Lane<(t: Double, kind: FailureKind, about: String)>
    var responses: Lane<(t: Double, about: String)>
    var submissions: Lane<(t: Double, decision: SubmitDecision, about: String)>
    var bannerSpans: Lane<BannerSpan>
    var findings: Lane<BannerFinding>
    var pages: Lane<PageChange>
    var seenSpans: Lane<SeenSpan>
    /// Whether the recording has any `seen`: the picture draws the page's lane only then.
    private(set) var hasSeen = false
    private var seen: (since: Double, text: String, preview: Bool)?

    /// The earliest finite time of any event, and the end of the axis.
    private(set) var first: Double?
    private(set) var end = 0.0
    private var onlineState: (online: Bool, since: Double?, assumed: Bool) = (true, nil, true)
    private var banner: (state: BannerState, label: String, since: Double)?
    /// The span before the first belief, until its end: drawn first, from `first`, at the end.
    private var firstSpan: (to: Double, online: Bool, assumed: Bool)?
    /// Whether the last page change is drawn and still waits for its `connect`.
    private var openPage = false

    init(limits: RenderLimits) {
        self.limits = limits
        let n = limits.maxMarks
        onlineSpans = Lane(capacity: n)
        failures = Lane(capacity: n)
        responses = Lane(capacity: n)
        submissions = Lane(capacity: n)
        bannerSpans = Lane(capacity: n)
        findings = Lane(capacity: min(n, RenderLimits.maxFindings))
        pages = Lane(capacity: n)
        seenSpans = Lane(capacity: n)
    }

    /// What the page showed changes at `t` (to nothing: `next` nil): the span shown until then ends.
    private mutating func setSeen(_ next: BannerSeen?, at t: Double) {
        if let current = seen, let clipped = limits.clip(current.since, t) {
            seenSpans.add((clipped.from, clipped.to, current.text, current.preview), at: current.since)
        }
        seen = next.flatMap { $0.visible || $0.preview ? (t, $0.visible ? MarkText.bounded($0.text) : "", $0.preview) : nil }
    }

    private mutating func addOnline(_ span: OnlineSpan) {
        guard let clipped = limits.clip(span.from, span.to) else { return }
        onlineSpans.add((clipped.from, clipped.to, span.online, span.assumed), at: span.from)
    }

    private mutating func addBanner(_ span: BannerSpan) {
        guard let clipped = limits.clip(span.from, span.to) else { return }
        bannerSpans.add((clipped.from, clipped.to, span.state, span.label, span.stillUp && clipped.to == span.to), at: span.from)
    }

    private mutating func setBanner(_ change: BannerChange) {
        if let current = banner, current.state != .hidden {
            addBanner((current.since, change.t, current.state, current.label, false))
        }
        banner = (change.banner, MarkText.bounded(change.label ?? ""), change.t)
    }

    /// Takes one decided event into the lanes it draws in.
    mutating func add(_ event: ExplainEvent) {
        if event.t.isFinite { first = min(first ?? event.t, event.t) }
        switch event {
        case .input(let step):
            addInput(step)
        case .timer(let step):
            if let change = step.change { setBanner(change) }
        case .observed(let step):
            if case .response = step.role, limits.contains(step.t) {
                let about = [step.observed.type, step.observed.statusCode.map(String.init), step.observed.target]
                    .compactMap { $0 }.joined(separator: " ")
                responses.add((step.t, MarkText.bounded(about)), at: step.t)
            }
        case .finding(let finding):
            if limits.contains(finding.t) { findings.add(finding, at: finding.t) }
        case .seen(let step):
            hasSeen = true
            setSeen(step.seen, at: step.t)
        }
    }

    /// An input: its network mark, page change, belief, submission and banner change.
    private mutating func addInput(_ step: InputStep) {
        let inWindow = limits.contains(step.t)
        var online: Bool?
        switch step.input {
        case .offline: online = false
        case .online: online = true
        case .connect(_, let value): online = value
        case .fetchRequestError(let failure):
            if inWindow {
                let about = [failure.target, failure.method, failure.url, failure.error].compactMap { $0 }.joined(separator: " ")
                failures.add((step.t, FailureKind(target: failure.target), MarkText.bounded("turbo:fetch-request-error \(about)")), at: step.t)
            }
        case .submitEnd(let submission):
            if submission.fetchResponse != nil && inWindow {
                responses.add((step.t, "turbo:submit-end response"), at: step.t)
            }
        case .beforeFetchResponse(let response):
            if inWindow {
                let about = ["turbo:before-fetch-response", response.statusCode.map(String.init), response.target]
                    .compactMap { $0 }.joined(separator: " ")
                responses.add((step.t, MarkText.bounded(about)), at: step.t)
            }
        case .disconnect:
            openPage = inWindow && pages.add((step.t, nil, false), at: step.t)
        case .pagehide:
            // Only an unload that took the controller with it; a page kept in the
            // back-forward cache, or one already disconnected, changes nothing.
            if step.before.connected && !step.after.connected {
                openPage = inWindow && pages.add((step.t, nil, true), at: step.t)
            }
            // Whatever the controller's state, an unloading document takes its banner with it.
            if case .pagehide(persisted: false) = step.input { setSeen(nil, at: step.t) }
        }
        if case .connect = step.input, openPage {
            pages.updateLast { $0.until = step.t }
            openPage = false
        }
        if let online { believe(online, at: step.t) }
        if let decision = step.decision, inWindow {
            var about = ""
            if case .submitEnd(let submission) = step.input {
                about = [submission.method, submission.action].compactMap { $0 }.joined(separator: " ")
            }
            var decision = decision
            if case .toast(let label) = decision.outcome { decision.outcome = .toast(label: MarkText.bounded(label)) }
            submissions.add((step.t, decision, MarkText.bounded(about)), at: step.t)
        }
        if let change = step.change { setBanner(change) }
    }

    /// A record states the belief in the network: a span ends when the belief changes, or
    /// when a record first states it (until then it is assumed).
    private mutating func believe(_ online: Bool, at t: Double) {
        guard onlineState.assumed || online != onlineState.online else { return }
        // The first span starts at the recording's first time, known only at the end
        // (an event may come with an earlier time than the ones before it).
        if onlineState.since == nil {
            firstSpan = (t, onlineState.online, onlineState.assumed)
        } else if let since = onlineState.since, t > since {
            addOnline((since, t, onlineState.online, onlineState.assumed))
        }
        onlineState = (online, t, false)
    }

    /// The end of the recording (`end`: the summary's): the spans still open close there.
    mutating func finish(end summaryEnd: Double?) {
        let first = self.first ?? 0
        end = max(summaryEnd ?? first, first)
        let spans = onlineSpans
        onlineSpans = Lane(capacity: limits.maxMarks)
        if let span = firstSpan, span.to > first { addOnline((first, span.to, span.online, span.assumed)) }
        for span in spans.marks { onlineSpans.add(span, at: span.from) }
        onlineSpans.elide(spans.elided, from: spans.elidedFrom)
        addOnline((onlineState.since ?? first, end, onlineState.online, onlineState.assumed))
        if let current = banner, current.state != .hidden {
            addBanner((current.since, end, current.state, current.label, true))
        }
        setSeen(nil, at: end)
        if let from = limits.from { self.first = from }
        if let to = limits.to { end = to }
        if self.first == nil { self.first = first }
    }

    /// When something happens: where each mark starts and ends.
    var busy: [Double] {
        var times = failures.marks.map(\.t) + responses.marks.map(\.t) + submissions.marks.map(\.t) + findings.marks.map(\.t)
        times += onlineSpans.marks.flatMap { [$0.from, $0.to] } + bannerSpans.marks.flatMap { [$0.from, $0.to] }
        times += pages.marks.flatMap { [$0.t, $0.until ?? $0.t] } + seenSpans.marks.flatMap { [$0.from, $0.to] }
        return times
    }

    /// Every lane's left-out marks, for the picture to say: `(what, drawn, left out, from t)`.
    var elided: [(what: String, drawn: Int, elided: Int, from: Double)] {
        var rows: [(String, Int, Int, Double)] = []
        func note<M>(_ lane: Lane<M>, _ what: String) {
            if lane.elided > 0 { rows.append((what, lane.marks.count, lane.elided, lane.elidedFrom ?? 0)) }
        }
        note(onlineSpans, "navigator.onLine spans")
        note(failures, "network failures")
        note(responses, "responses")
        note(submissions, "submissions")
        note(bannerSpans, "banner spans")
        note(findings, "findings")
        note(pages, "page changes")
        note(seenSpans, "what the page showed")
        return rows
    }
}
