import LaunchPolicy
import NativeErrorPolicy
import PolicyCore
import Replay
import TurboRecording

/// What one native log amounted to, policy by policy: the figures `stats` adds up over a
/// fleet. Plain data only, so that summaries made on different machines can be combined.
package struct NativeSummary: Equatable, Sendable {
    package var platform: Platform
    /// Records read (lines that held a record, `meta` included).
    package var records = 0
    /// Malformed lines skipped in lenient mode.
    package var skippedLines = 0
    package var errorView = ErrorViewSummary()
    /// Every error view's time on screen by the retry policy (`policyMs`, app-session.md
    /// v1.1's "Error views", on the log's clock: open ones to the log's end, its last record or
    /// decision), added view by view as each closed, then the open ones: a sketch, and the
    /// values while they are few.
    package var errorViewTimes = DurationSample()
    /// The error views still on screen at the log's end.
    package var errorViewsOpen = 0
    /// The same views timed by the app's own log (`shownMs`, `ShownTime`), added up the same way.
    package var shownTimes = DurationSample()
    /// The views the app's log leaves open at its end.
    package var shownOpen = 0
    package var launch = LaunchSummary()
    /// Findings of every native policy by id (`missed-retry`, …), in this log.
    package var findings: [String: Int] = [:]
    /// The first line where the log lost a record to a writer that stopped mid-line (its first
    /// `log-cut` finding: a `cut` record, or its own last line); `nil` when it lost none.
    package var cut: Int?
    /// The distinct sessions its `web-session` records name, in the order first named, at most
    /// `maxWebSessions`: the pages this log belongs with.
    package var webSessions: [String] = []

    package static let maxWebSessions = 16

    package init(platform: Platform) {
        self.platform = platform
    }

    /// Every native finding `stats` counts, in the order reports list them.
    package static let findings: [FindingDescription] =
        RetryFindingKind.findings + LaunchFindingKind.allCases.map(\.finding) + ArchiveFindingKind.allCases.map(\.finding)

    /// Every native finding id `stats` counts, in the order reports list them.
    package static let findingIDs: [String] = findings.map(\.id)

    /// Each native finding id's level.
    package static let findingLevels: [String: FindingLevel] = Dictionary(uniqueKeysWithValues: findings.map { ($0.id, $0.level) })
}

/// The error view's decisions in one log.
package struct ErrorViewSummary: Equatable, Sendable {
    /// Error views presented, by the variant they got (`none`: a 401, no view).
    package var views: [ErrorVariant: Int] = [:]
    /// Automatic retries, by what triggered them.
    package var automaticRetries: [RetryTrigger: Int] = [:]
    package var manualRetries = 0
    /// Automatic retries the Android cooldown made wait.
    package var deferred = 0

    package init() {}

    mutating func note(_ decision: Decision) {
        switch decision.outcome {
        case .view(let variant): views[variant, default: 0] += 1
        case .retry(.automatic(let trigger)): automaticRetries[trigger, default: 0] += 1
        case .retry(.manual): manualRetries += 1
        case .deferred: deferred += 1
        }
    }
}

extension NativeSummary {
    /// Reads and summarises the native recording behind `reader`, with the default settings
    /// over its `meta` (field logs come without the goldens' config files).
    package static func analyze(_ reader: NativeRecordingReader, config: NativeConfig = NativeConfig()) throws -> NativeSummary {
        var launch = LaunchAnalyzer(config: config, keeping: .counts)
        var explainer = NativeExplainer(config: config)
        // The web-archive cache's findings, as explain gives them (none for an Android log).
        var archive = ArchiveFindingsAlongside(config: config)
        var errorView = ErrorViewSummary()
        // Time on the error views, tallied from the explainer's own policy's decisions.
        // Each view's time goes into the sketch as it closes: what is held is the open views.
        var views = ErrorViewTime(keepingClosedViews: false)
        let limit = OpenViewLimit(config)
        var durations = DurationSample(), shown = DurationSample()
        let tally = { (duration: Double) in durations.add(duration) }
        let tallyShown = { (duration: Double) in shown.add(duration) }
        var decided: [Decision] = []
        var findings: [String: Int] = [:]
        // Every decision of the policy counts, as `native` prints them; only the findings stop
        // at the log's end.
        let emit: (NativeExplainer.Event) -> Void = { event in
            switch event {
            case .retry(let finding): findings[finding.kind.rawValue, default: 0] += 1
            case .probeLoop: findings[ProbeLoop.finding, default: 0] += 1
            case .afterEnd(let decision):
                errorView.note(decision)
                decided.append(decision)
            }
        }
        let note = { (decision: Decision) in
            errorView.note(decision)
            decided.append(decision)
        }
        let archived = { (finding: ArchiveFinding) in findings[finding.kind.rawValue, default: 0] += 1 }
        var webSessions: [String] = []
        while let record = try reader.next() {
            if case .timed(_, .webSession(let id)) = record.event, webSessions.count < maxWebSessions, !webSessions.contains(id) {
                webSessions.append(id)
            }
            launch.feed(record)
            explainer.feed(record, decided: note, emit: emit)
            try explainer.checkOpenViews(after: record, path: reader.path)
            if case .timed(let t, let event) = record.event {
                views.record(event.retryInput, at: t, decided: decided)
                if let app = event.shownRecord { views.observe(app, at: t) }
            }
            views.takeClosed(tally)
            views.takeShown(tallyShown)
            // The views the app's own log leaves up are bounded as the policy's are.
            try limit.check(views.shown.open, line: record.line, path: reader.path)
            decided.removeAll(keepingCapacity: true)
            archive.feed(record, path: reader.path, found: archived)
        }
        explainer.finish(decided: note, emit: emit)
        for decision in decided { views.decided(decision) }
        try archive.finish(found: archived)
        launch.finish()
        var summary = NativeSummary(platform: explainer.settings.platform)
        summary.records = explainer.records
        summary.skippedLines = reader.skipped
        summary.cut = reader.cuts.first?.line
        summary.errorView = errorView
        views.takeClosed(tally)
        views.takeShown(tallyShown)
        // The views still up, open to the log's end.
        for duration in views.durations(end: views.end ?? 0) { tally(duration) }
        for duration in views.shown.openDurations(end: views.end ?? 0) { tallyShown(duration) }
        summary.errorViewTimes = durations
        summary.errorViewsOpen = views.open
        summary.shownTimes = shown
        summary.shownOpen = views.shown.open
        summary.findings = findings
        summary.webSessions = webSessions
        summary.launch = launch.summary
        for finding in launch.findings { summary.findings[finding.kind.rawValue, default: 0] += 1 }
        return summary
    }
}
