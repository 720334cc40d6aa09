import LaunchPolicy
import NativeErrorPolicy
import NativeFindings
import PolicyCore
import TurboRecording

/// What a native picture draws of a recording, kept as it is read: each lane's marks in the
/// window up to the cap (the rest counted, with the time of the first left out), the findings
/// the picture lists, and the times that fit its axis. Fed in the order the analyses decide
/// things, so that a log of any length is drawn in the memory of a short one.
struct NativeLanes {
    let limits: RenderLimits
    /// The root screen's spans, from the policy's screen changes.
    private(set) var screens: Lane<(from: Double, to: Double, change: ScreenChange)>
    /// Launches (a new root) and their ready or stalled decisions.
    private(set) var launchMarks: Lane<LaunchRecord>
    /// The app's logged screens.
    private(set) var appSpans: Lane<(from: Double, to: Double, screen: String, line: Int)>
    private(set) var mismatches: Lane<LaunchFinding>
    private(set) var decisions: Lane<Decision>
    /// The app's own records about its error views (`AppViewMark`): its marks, and what ends a
    /// view's span by its log.
    private(set) var appViews: Lane<AppViewMark>
    /// The surfaces with a decision drawn, a lane each, in the order their first decision came;
    /// past `maxSurfaceLanes`, the rest share one lane.
    private(set) var surfaces: [String] = []
    private(set) var otherSurfaces = false
    static let maxSurfaceLanes = 8
    private(set) var connectivity: Lane<(from: Double, to: Double, online: Bool, assumed: Bool)>
    /// The first findings by time, at most one past what the picture lists: that one says
    /// from when the rest were left out.
    private(set) var flags: [Flag] = []
    /// Findings in the window, listed or not.
    private(set) var allFlags = 0
    /// Error views the policy showed (`view` decisions), in the window or not.
    private(set) var errorViews = 0
    /// The first and last timed records' `t`.
    private(set) var first: Double?
    private(set) var last: Double?
    /// The earliest and latest `t` of the policies' decisions.
    private(set) var earliest: Double?
    private(set) var latest: Double?

    /// The recording's time, from its earliest to its latest record or decision (0 to 0 for
    /// none).
    var span: (first: Double, end: Double) {
        let times = [earliest, latest, first, last].compactMap { $0 }
        let first = times.min() ?? 0
        return (first, max(times.max() ?? first, first))
    }

    private var screen: ScreenChange?
    private var appScreen: AppScreen?
    /// Offline until the first path record says otherwise (the error view's contract).
    private var online = (since: Double?.none, online: false, assumed: true)
    private var flagCount = 0

    init(limits: RenderLimits) {
        self.limits = limits
        let n = limits.maxMarks
        screens = Lane(capacity: n)
        launchMarks = Lane(capacity: n)
        appSpans = Lane(capacity: n)
        mismatches = Lane(capacity: n)
        decisions = Lane(capacity: n)
        appViews = Lane(capacity: n)
        connectivity = Lane(capacity: n)
    }

    /// Reads and analyses the native recording `lines` reads for its picture, taking each
    /// launch record, app screen, decision and finding as it is decided: what is held is the
    /// lanes and the policies' state, not the log.
    static func read(
        lines: JSONLines, config: NativeConfig, lenient: Bool, limits: RenderLimits,
        onSkip: @escaping (RecordingError) -> Void
    ) throws
        -> (path: String, platform: Platform, launch: LaunchAnalyzer, lanes: NativeLanes)
    {
        let reader = NativeRecordingReader(lines: lines, lenient: lenient, onSkip: onSkip)
        var launch = LaunchAnalyzer(config: config, keeping: .picture)
        var explainer = NativeExplainer(config: config)
        var archive = ArchiveFindingsAlongside(config: config)
        var lanes = NativeLanes(limits: limits)
        func take() {
            for record in launch.takeTimeline() { lanes.launch(record) }
            for shown in launch.takeAppScreens() { lanes.app(shown) }
            for finding in launch.takeFindings() { lanes.launch(finding) }
        }
        let emit: (NativeExplainer.Event) -> Void = { event in
            switch event {
            case .retry(let finding): lanes.retry(finding)
            case .afterEnd(let decision): lanes.decision(decision)
            case .probeLoop(let loop): lanes.probeLoop(loop)
            }
        }
        while let record = try reader.next() {
            launch.feed(record)
            take()
            archive.feed(record, path: reader.path) { lanes.archive($0) }
            if case .timed(let t, let event) = record.event {
                lanes.record(at: t)
                if case .path(let online) = event { lanes.path(at: t, online: online) }
                lanes.viewRecord(event, at: t, line: record.line)
            }
            explainer.feed(record, decided: { lanes.decision($0) }, emit: emit)
            try explainer.checkOpenViews(after: record, path: reader.path)
        }
        explainer.finish(decided: { lanes.decision($0) }, emit: emit)
        launch.finish()
        take()
        try archive.finish { lanes.archive($0) }
        for cut in reader.cuts { lanes.cut(cut) }
        lanes.finish()
        return (reader.path, explainer.settings.platform, launch, lanes)
    }

    var shownFlags: Int { min(limits.maxMarks, RenderLimits.maxFindings) }

    /// A timed record was read at `t`.
    mutating func record(at t: Double) {
        if first == nil { first = t }
        last = t
    }

    private mutating func time(_ t: Double) {
        earliest = min(earliest ?? t, t)
        latest = max(latest ?? t, t)
    }

    /// A record of the launch policy's timeline.
    mutating func launch(_ record: LaunchRecord) {
        time(record.t)
        switch record {
        case .screen(var change):
            if case .presented(let surface, let view) = change.cause { change.cause = .presented(surface: MarkText.bounded(surface), view: view) }
            if let previous = screen, let clipped = limits.clip(previous.t, change.t) {
                screens.add((clipped.from, clipped.to, previous), at: previous.t)
            }
            screen = change
            if change.cause == .launch, limits.contains(change.t) { launchMarks.add(.screen(change), at: change.t) }
        case .launch(let decision):
            if limits.contains(decision.t) { launchMarks.add(record, at: decision.t) }
        }
    }

    /// An `app-screen` line.
    mutating func app(_ shown: AppScreen) {
        var shown = shown
        shown.screen = MarkText.bounded(shown.screen)
        if let previous = appScreen, let clipped = limits.clip(previous.t, shown.t) {
            appSpans.add((clipped.from, clipped.to, previous.screen, previous.line), at: previous.t)
        }
        appScreen = shown
    }

    /// A decision of the error view's policy, after the log's end included.
    mutating func decision(_ decision: Decision) {
        time(decision.t)
        if case .view = decision.outcome { errorViews += 1 }
        guard limits.contains(decision.t) else { return }
        var decision = decision
        decision.surface = MarkText.bounded(decision.surface)
        if decisions.add(decision, at: decision.t), !surfaces.contains(where: { $0.utf8.elementsEqual(decision.surface.utf8) }) {
            if surfaces.count < Self.maxSurfaceLanes { surfaces.append(decision.surface) } else { otherSurfaces = true }
        }
    }

    /// A record of the app's log, kept when it is about its error views and in the window.
    mutating func viewRecord(_ event: NativeEvent, at t: Double, line: Int) {
        guard limits.contains(t), let kind = AppViewMark.Kind(event) else { return }
        appViews.add(AppViewMark(t: t, kind: kind, line: line), at: t)
    }

    /// A `path` record.
    mutating func path(at t: Double, online: Bool) {
        guard self.online.assumed || online != self.online.online else { return }
        if t > (self.online.since ?? -.infinity) { addConnectivity(self.online.since, t, self.online.online, self.online.assumed) }
        self.online = (t, online, false)
    }

    private mutating func addConnectivity(_ from: Double?, _ to: Double, _ online: Bool, _ assumed: Bool) {
        // The first span starts where the axis does, known once the axis is fitted.
        let from = from ?? -.infinity
        if let clipped = limits.clip(from, to) { connectivity.add((clipped.from, clipped.to, online, assumed), at: from) }
    }

    mutating func retry(_ finding: RetryFinding) {
        switch finding.detail {
        case .missed(let trigger):
            flag(
                Flag(
                    t: finding.t, id: finding.kind.rawValue, lines: [],
                    sentence:
                        "On \(finding.surface) the policy retried automatically (\(trigger.rawValue)); the app logged no automatic retry there within 1 s.",
                    level: finding.level))
        case .unexpected(let line, let policy):
            flag(
                Flag(
                    t: finding.t, id: finding.kind.rawValue, lines: [line],
                    sentence: "On \(finding.surface) the app retried automatically where the policy has no automatic retry within 1 s (\(policy.name)).",
                    level: finding.level))
        }
    }

    /// A probe loop of the error view: its surface's retries became a polling loop.
    mutating func probeLoop(_ loop: ProbeLoop) {
        flag(Flag(t: loop.t, id: ProbeLoop.finding, lines: loop.lines, sentence: "On \(loop.surface) \(loop.message).", level: ProbeLoop.level))
    }

    /// A finding of the web-archive cache, at its `presented` record.
    mutating func archive(_ finding: ArchiveFinding) {
        flag(Flag(t: finding.t, id: finding.kind.rawValue, lines: [finding.line], sentence: "\(finding.url): \(finding.message).", level: finding.level))
    }

    /// The log's cut, at its last record: a finding of the log rather than of a policy.
    mutating func cut(_ cut: LogCut) {
        flag(Flag(t: cut.t, id: LogCut.finding, lines: [cut.line], sentence: cut.message + ".", level: LogCut.level))
    }

    /// Keeps the first findings by time (a tie in the order they came), one past what is listed.
    /// A launch finding and a retry finding never tie (their kinds differ), so the order of
    /// arrival only matters within one kind, where it is the order the analysis decided them.
    private mutating func flag(_ flag: Flag) {
        guard limits.contains(flag.t) else { return }
        allFlags += 1
        var flag = flag
        flag.sentence = MarkText.bounded(flag.sentence)
        flag.order = flagCount
        flagCount += 1
        func before(_ a: Flag, _ b: Flag) -> Bool { (a.t, a.id, a.order) < (b.t, b.id, b.order) }
        if flags.count > shownFlags, let worst = flags.last, !before(flag, worst) { return }
        let index = flags.firstIndex { before(flag, $0) } ?? flags.count
        flags.insert(flag, at: index)
        if flags.count > shownFlags + 1 { flags.removeLast() }
    }

    /// The end of the log: the last spans run to the recording's end.
    mutating func finish() {
        let recordingEnd = span.end
        if let previous = screen, let clipped = limits.clip(previous.t, recordingEnd) {
            screens.add((clipped.from, clipped.to, previous), at: previous.t)
        }
        if let previous = appScreen, let clipped = limits.clip(previous.t, recordingEnd) {
            appSpans.add((clipped.from, clipped.to, previous.screen, previous.line), at: previous.t)
        }
        addConnectivity(online.since, recordingEnd, online.online, online.assumed)
    }

    /// A finding of the launch. Its mismatches come in time order (one ends before the next
    /// begins), as the lane draws them; one still open at the end is measured to the last record.
    mutating func launch(_ finding: LaunchFinding) {
        if case .mismatch(_, _, let until, _) = finding.detail, limits.clip(finding.t, until ?? last ?? finding.t) != nil {
            mismatches.add(finding, at: finding.t)
        }
        flag(Flag(t: finding.t, id: finding.kind.rawValue, lines: finding.lines, sentence: finding.sentence, level: finding.level))
    }
}

/// A finding of either native policy, as the picture shows it.
struct Flag {
    var t: Double
    var id: String
    var lines: [Int]
    var sentence: String
    /// Told apart in the picture: an `info` finding is not drawn as a warning is.
    var level: FindingLevel = .warning
    /// The order it came in: a tie in time and kind is listed in it.
    var order = 0
}
