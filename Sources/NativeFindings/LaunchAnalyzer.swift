import LaunchPolicy
import NativeErrorPolicy
import PolicyCore
import Replay
import TurboRecording

/// One row of `explain`'s launch table: a record the launch reads (or the app's own screen
/// log, or the stall timer), the root screen after it, and what it did or why it did nothing.
package struct LaunchRow: Equatable, Sendable {
    package var t: Double
    /// The record's line; `nil` for the stall timer.
    package var line: Int?
    /// What it was: `launch (cold)`, `config offseason`, `bridge page-load connect`, …
    package var record: String
    /// The policy's root screen after it.
    package var screen: RootScreen
    package var detail: String
}

/// An `app-screen` record: the screen the app says it shows.
package struct AppScreen: Equatable, Sendable {
    package var t: Double
    package var line: Int
    package var screen: String
}

/// A native log's launch, analysed: the launch policy replayed over it record by record, the
/// app's `app-screen` log held against it, and what `explain`, `stats` and `render` show of
/// it — rows, findings (`stalled`, `screen-mismatch`, `error-behind-loading`) and a summary.
/// Fed one record at a time, so it rides along any pass over the log.
package struct LaunchAnalyzer: Sendable {
    /// How long the app's screen may disagree with the policy before it is a finding.
    package static let defaultTolerance: Double = 500

    package private(set) var settings: LaunchSettings
    package let tolerance: Double
    /// The policy's timeline: what `turbo-replay launch` prints.
    /// What the analyzer keeps of a log: `everything` (the policy's timeline, the rows, the
    /// app's screens: `render` draws them), or `findings` only, so that `explain` and `stats`
    /// read a log of any length in flat memory (`explain` takes the rows as they come).
    package enum Keeping: Sendable {
        case everything
        case findings
        /// The summary and the findings, no rows at all: for `stats`, which never shows them.
        case counts
        /// The policy's timeline and the app's screens, to be taken as they come
        /// (`takeTimeline()`, `takeAppScreens()`), and no rows: for `render`, which keeps only
        /// what it draws.
        case picture
    }

    private var keepsTimeline: Bool { keeping == .everything || keeping == .picture }
    private var keepsRows: Bool { keeping == .everything || keeping == .findings }

    package let keeping: Keeping
    /// The policy's timeline: what `turbo-replay launch` prints (empty unless keeping everything;
    /// what is not yet taken, keeping a picture).
    package private(set) var timeline: [LaunchRecord] = []
    /// The rows not yet taken (`takeRows()`); every row, when nothing takes them.
    package private(set) var rows: [LaunchRow] = []
    /// How many `app-screen` lines the log has.
    package private(set) var appScreenCount = 0
    /// In time order once `finish()` has run.
    package private(set) var findings: [LaunchFinding] = []
    /// The app's `app-screen` lines (empty unless keeping everything).
    package private(set) var appScreens: [AppScreen] = []
    package private(set) var summary = LaunchSummary()
    /// The last record's `t`.
    package private(set) var end: Double?
    /// What the policy decided after the last record (a stall due after a cut log's end), with
    /// its row: not held against the app, which had no chance to log it, so neither a finding
    /// nor counted in the summary.
    package private(set) var afterEnd: [(record: LaunchRecord, row: LaunchRow)] = []

    private let config: NativeConfig
    private var policy: LaunchPolicy
    private var comparison: ScreenComparison
    private var output: [LaunchRecord] = []
    private var launchLine: Int?
    /// The record that last put the loading screen up (a launch, or a config that lifted the flag).
    private var loadingLine: Int?
    private var sawError = false
    private var sawOffseason = false

    /// With `config`'s launch settings over the recording's `meta` (read from the first record).
    package init(config: NativeConfig = NativeConfig(), keeping: Keeping = .everything) {
        self.config = config
        self.keeping = keeping
        settings = config.launchSettings(recorded: nil)
        tolerance = config.launch.tolerance ?? Self.defaultTolerance
        policy = LaunchPolicy(settings: settings)
        comparison = ScreenComparison(tolerance: tolerance)
    }

    /// Reads the whole native recording behind `reader` and analyses its launch.
    package static func analyze(_ reader: NativeRecordingReader, config: NativeConfig = NativeConfig()) throws -> LaunchAnalyzer {
        var analyzer = LaunchAnalyzer(config: config)
        try Replay.analyze(reader, with: &analyzer) { _ in }
        return analyzer
    }

    /// The log has something of the launch in it: a `launch`, or the app's own screen log.
    package var isRelevant: Bool { summary.launches > 0 || appScreenCount > 0 }

    /// The rows decided since the last call, for a report that prints or spools them as it
    /// goes instead of holding them.
    package mutating func takeRows() -> [LaunchRow] {
        defer { rows.removeAll(keepingCapacity: true) }
        return rows
    }

    /// The policy's timeline since the last call (`picture`), so that it is drawn, not held.
    package mutating func takeTimeline() -> [LaunchRecord] {
        defer { timeline.removeAll(keepingCapacity: true) }
        return timeline
    }

    /// The app's `app-screen` lines since the last call.
    package mutating func takeAppScreens() -> [AppScreen] {
        defer { appScreens.removeAll(keepingCapacity: true) }
        return appScreens
    }

    /// The findings decided since the last call, in the order decided (not time order: a
    /// stall can be decided during a mismatch that began earlier), so that a long log's
    /// findings are drawn as they come instead of held.
    package mutating func takeFindings() -> [LaunchFinding] {
        defer { findings.removeAll(keepingCapacity: true) }
        return findings
    }

    package mutating func feed(_ record: NativeRecord) {
        switch record.event {
        case .meta(let meta):
            settings = config.launchSettings(recorded: meta.platform)
            policy = LaunchPolicy(settings: settings)
        case .timed(let t, let event):
            end = t
            policy.advance(to: t, into: &output)
            takeTimers()
            if let input = event.launchInput {
                handle(input, at: t, line: record.line)
            } else if case .appScreen(let screen) = event {
                comparison.appShows(screen)
                appScreenCount += 1
                if keepsTimeline { appScreens.append(AppScreen(t: t, line: record.line, screen: screen)) }
                if keepsRows {
                    let detail =
                        screen == policy.screen.rawValue
                        ? "the app shows \(screen), as the policy says"
                        : "the app shows \(screen); the policy says \(policy.screen.rawValue)"
                    rows.append(LaunchRow(t: t, line: record.line, record: "app-screen \(screen)", screen: policy.screen, detail: detail))
                }
            }
            compare(at: t, line: record.line)
        }
    }

    /// The end of the log: a pending stall fires, and a mismatch still open is measured.
    package mutating func finish() {
        policy.finish(into: &output)
        takeTimers(finishing: true)
        if let finding = comparison.finish(lastRecordAt: end) { findings.append(finding) }
        // In place, and stable (Swift's sort is): a long log's findings are sorted without copies.
        findings.sort { ($0.t, $0.kind) < ($1.t, $1.kind) }
    }

    // MARK: - Records

    private mutating func handle(_ input: LaunchInput, at t: Double, line: Int) {
        let before = policy
        if case .launch = input {
            summary.launches += 1
            launchLine = line
            sawError = false
            sawOffseason = false
        }
        policy.send(input, at: t, into: &output)
        let records = output
        output.removeAll(keepingCapacity: true)
        for record in records { note(record) }
        if records.contains(where: { if case .screen(let change) = $0 { change.screen == .loading } else { false } }) {
            loadingLine = line
        }
        // A row only where the root changed or the policy decided something (a launch always):
        // an error view presented on the web view, long after the launch, is the error view's.
        let changed: Bool
        if case .launch = input { changed = true } else { changed = !records.isEmpty || policy.screen != before.screen }
        if keepsRows, changed {
            rows.append(
                LaunchRow(
                    t: t, line: line, record: Self.label(input), screen: policy.screen,
                    detail: detail(input, before: before, records: records)))
        }
    }

    /// The stall, when it fired: its row, its finding, and a comparison at its due time.
    private mutating func takeTimers(finishing: Bool = false) {
        let fired = output
        output.removeAll(keepingCapacity: true)
        for record in fired {
            if finishing, let end, record.t > end {
                if keepsTimeline { timeline.append(record) }
                if case .launch(let decision) = record, decision.outcome == .stalled {
                    afterEnd.append(
                        (
                            record,
                            LaunchRow(
                                t: decision.t, line: nil, record: "stall timer", screen: policy.screen,
                                detail: "would stall: \(ms(decision.launchMs)) ms since the launch, "
                                    + "after the log ended")
                        ))
                } else {
                    afterEnd.append(
                        (
                            record,
                            LaunchRow(
                                t: record.t, line: nil, record: "timer", screen: policy.screen,
                                detail: record.jsonLine)
                        ))
                }
                continue
            }
            note(record)
            guard case .launch(let decision) = record, decision.outcome == .stalled else { continue }
            let launchedAt = policy.launchedAt ?? decision.t
            var lines = [launchLine, loadingLine].compactMap { $0 }
            if lines.count == 2 && lines[0] == lines[1] { lines.removeLast() }
            let since = launchLine.map { " (line \($0))" } ?? ""
            if keepsRows {
                rows.append(
                    LaunchRow(
                        t: decision.t, line: nil, record: "stall timer", screen: policy.screen,
                        detail: "stalled: \(ms(decision.launchMs)) ms since the launch\(since), still loading, "
                            + "with neither a page nor an error"))
            }
            findings.append(
                LaunchFinding(
                    t: decision.t, kind: .stalled, lines: lines,
                    detail: .stalled(launchedAt: launchedAt, launchMs: decision.launchMs)))
            compare(at: decision.t, line: nil)
        }
    }

    private mutating func compare(at t: Double, line: Int?) {
        if let finding = comparison.compare(at: t, policy: policy.screen, line: line) { findings.append(finding) }
    }

    private mutating func note(_ record: LaunchRecord) {
        if keepsTimeline { timeline.append(record) }
        switch record {
        case .screen(let change):
            if change.screen == .error && !sawError {
                sawError = true
                summary.throughError += 1
            }
            if change.screen == .offseason && !sawOffseason {
                sawOffseason = true
                summary.offseason += 1
            }
        case .launch(let decision):
            switch decision.outcome {
            case .ready: summary.readyMs.append(decision.launchMs)
            case .stalled: summary.stalls += 1
            }
        }
    }

    // MARK: - What a row says

    static func label(_ input: LaunchInput) -> String {
        switch input {
        case .launch(let cold): return cold ? "launch (cold)" : "launch (rebuilt)"
        case .config(let flags):
            let set = [flags.offseason ? "offseason" : nil, flags.tester ? "tester" : nil].compactMap { $0 }
            return set.isEmpty ? "config" : "config " + set.joined(separator: "+")
        case .bridge(let component, let event): return "bridge \(component) \(event)"
        case .presented(let surface, _): return "presented \(surface)"
        }
    }

    private func detail(_ input: LaunchInput, before: LaunchPolicy, records: [LaunchRecord]) -> String {
        let stallDue = policy.nextDue.map { "; stall due at \(ms($0))" } ?? ""
        switch input {
        case .launch:
            return policy.screen == .offseason
                ? "a new root: the offseason screen (the kept flags gate this user out)"
                : "a new root: the loading screen, the first page loading behind it\(stallDue)"
        case .config(let flags):
            let stored = "flags stored (\(flags.offseason ? "offseason" : "not offseason")\(flags.tester ? ", a tester" : ""))"
            if before.launchedAt == nil { return stored + "; no root yet" }
            guard !records.isEmpty else { return stored + "; the screen stays \(policy.screen.rawValue)" }
            switch policy.screen {
            case .offseason: return "offseason, not a tester: the user is sent out of the \(before.screen.rawValue) screen"
            case .web: return "the flag lifted: the web view (the page was ready behind the offseason screen)"
            default: return "the flag lifted: the loading screen, the page still loading\(stallDue)"
            }
        case .bridge(let component, let event):
            guard component == "page-load" && event == "connect" else {
                return "nothing: only page-load connect says the page is ready"
            }
            if before.launchedAt == nil { return "nothing: no launch yet" }
            if before.pageReady { return "nothing: the page was already ready (every later page connects again)" }
            for case .launch(let decision) in records {
                return "the page is ready: crossfade to the web view, ready in \(ms(decision.launchMs)) ms"
            }
            return "the page is ready behind the offseason screen: noted, shown when the flag lifts"
        case .presented(let surface, let error):
            let view = OfflineErrorPolicy.classify(error, on: settings.platform)
            if !records.isEmpty { return "a first visit failed (\(view.rawValue) view on \(surface)): the root error screen" }
            switch before.screen {
            case .none: return "nothing: no launch yet"
            case .loading: return "nothing: a 401 shows no view (the auth shell has it); still loading"
            case .web: return "nothing: on the web view the error view shows in its own surface"
            case .error: return "nothing: the root error screen is already up"
            case .offseason: return "nothing: the offseason screen is up"
            }
        }
    }
}

private func ms(_ value: Double) -> String { formatMilliseconds(value) }
