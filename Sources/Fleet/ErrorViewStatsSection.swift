import NativeErrorPolicy
import NativeFindings
import PolicyCore
import PolicyRegistry
import Replay
import TurboRecording

/// The error view's part of `stats`: its decisions (views by variant, retries by trigger), its
/// retry findings and probe loops, and the time on error views by the retry policy and by the
/// app's own log (`ErrorViewTimes`). Every decision of the policy counts, as `native` prints
/// them; only the findings stop at the log's end.
package struct ErrorViewStatsSection: NativeStatsSection {
    package typealias Totals = ErrorViewStatsTotals

    package static let policies: [PolicyID] = [.errorView]

    package static let figures: [StatsFigure] = [
        .errorViews, .automaticRetries, .manualRetries, .deferredRetries, .errorViewOpen, .errorViewPolicyMs, .errorViewDurations,
        .errorViewValues, .shownOpen, .shownMs, .shownDurations, .shownValues,
    ]

    private var explainer: NativeExplainer
    /// Time on the error views, tallied from the explainer's own policy's decisions. Each
    /// view's time goes into the sample as it closes: what is held is the open views.
    private var views = ErrorViewTime(keepingClosedViews: false)
    private let limit: OpenViewLimit
    private var tally = Tally()

    /// What the explainer's decisions and the views' times are added to, apart from the two, so
    /// that each is changed in place while the other reports to it.
    private struct Tally {
        var errorView = ErrorViewSummary()
        /// The decisions of the record at hand, for the views' times.
        var decided: [Decision] = []
        var durations = DurationSample()
        var shown = DurationSample()

        mutating func note(_ decision: Decision) {
            errorView.note(decision)
            decided.append(decision)
        }
    }

    package init(config: NativeConfig) {
        explainer = NativeExplainer(config: config)
        limit = OpenViewLimit(config)
    }

    package mutating func feed(_ record: NativeRecord, path: String, findings: inout [String: Int]) throws {
        Self.decide(record, explainer: &explainer, tally: &tally, findings: &findings)
        try explainer.checkOpenViews(after: record, path: path)
        if case .timed(let t, let event) = record.event {
            views.record(event.retryInput, at: t, decided: tally.decided)
            if let app = event.shownRecord { views.observe(app, at: t) }
        }
        Self.take(&views, into: &tally)
        // The views the app's own log leaves up are bounded as the policy's are.
        try limit.check(views.shown.open, line: record.line, path: path)
        tally.decided.removeAll(keepingCapacity: true)
    }

    package mutating func finish(path: String, findings: inout [String: Int]) throws {
        Self.decide(nil, explainer: &explainer, tally: &tally, findings: &findings)
        for decision in tally.decided { views.decided(decision) }
        Self.take(&views, into: &tally)
        // The views still up, open to the log's end.
        for duration in views.durations(end: views.end ?? 0) { tally.durations.add(duration) }
        for duration in views.shown.openDurations(end: views.end ?? 0) { tally.shown.add(duration) }
    }

    /// `record` through the explainer (`nil`: the log's end), its decisions and findings counted.
    private static func decide(_ record: NativeRecord?, explainer: inout NativeExplainer, tally: inout Tally, findings: inout [String: Int]) {
        func note(_ decision: Decision) { tally.note(decision) }
        func emit(_ event: NativeExplainer.Event) {
            switch event {
            case .retry(let finding): findings[finding.kind.rawValue, default: 0] += 1
            case .probeLoop: findings[ProbeLoop.finding, default: 0] += 1
            case .afterEnd(let decision): tally.note(decision)
            }
        }
        if let record {
            explainer.feed(record, decided: note, emit: emit)
        } else {
            explainer.finish(decided: note, emit: emit)
        }
    }

    private static func take(_ views: inout ErrorViewTime, into tally: inout Tally) {
        views.takeClosed { tally.durations.add($0) }
        views.takeShown { tally.shown.add($0) }
    }

    package func summarize(into summary: inout NativeLogSummary) {
        summary.errorView = tally.errorView
        summary.errorViewTime = ErrorViewTimes(
            policy: ViewTimes(tally.durations, open: views.open), shown: ViewTimes(tally.shown, open: views.shown.open))
    }

    // MARK: - A partial's line

    package static func write(_ summary: NativeLogSummary, into line: inout JSONLine) {
        var errorView = JSONLine()
        errorView.raw(.errorViews, StatsPartial.counts(summary.errorView.views, \.rawValue))
        errorView.raw(.automaticRetries, StatsPartial.counts(summary.errorView.automaticRetries, \.rawValue))
        errorView.integer(.manualRetries, summary.errorView.manualRetries)
        errorView.integer(.deferredRetries, summary.errorView.deferred)
        line.raw("errorView", errorView.text)
        line.raw("errorViewTime", StatsPartial.errorViewTime(summary.errorViewTime))
    }

    package static func decode(_ object: [String: JSONValue], into summary: inout NativeLogSummary, _ read: StatsPartial.Reader) throws {
        let errorView = try read.object(object["errorView"], "errorView")
        for (name, count) in try read.object(errorView[.errorViews], "views") {
            guard let variant = ErrorVariant(rawValue: name) else { throw read.fail("unknown view \"\(name)\"") }
            summary.errorView.views[variant] = try read.int(count, name)
        }
        for (name, count) in try read.object(errorView[.automaticRetries], "automaticRetries") {
            guard let trigger = RetryTrigger(rawValue: name) else { throw read.fail("unknown trigger \"\(name)\"") }
            summary.errorView.automaticRetries[trigger] = try read.int(count, name)
        }
        summary.errorView.manualRetries = try read.int(errorView[.manualRetries], "manualRetries")
        summary.errorView.deferred = try read.int(errorView[.deferredRetries], "deferred")
        summary.errorViewTime = try StatsPartial.decodeErrorViewTime(object["errorViewTime"], read)
    }

    package static func forEachCount(_ summary: NativeLogSummary, _ body: (String, Int) throws -> Void) rethrows {
        for (variant, count) in summary.errorView.views { try body("error views \(variant.rawValue)", count) }
        for (trigger, count) in summary.errorView.automaticRetries { try body("automatic retries \(trigger.rawValue)", count) }
        try body("manual retries", summary.errorView.manualRetries)
        try body("deferred retries", summary.errorView.deferred)
        try body("error view times", summary.errorViewTime.count)
        try body("error views open", summary.errorViewTime.open)
        try body("error views open by the app's log", summary.errorViewTime.shown.open)
    }

    package static func forEachSum(_ summary: NativeLogSummary, _ body: (String, Double) throws -> Void) rethrows {
        try body("error view ms", summary.errorViewTime.policy.totalMs)
        try body("error view ms by the app's log", summary.errorViewTime.shown.totalMs)
    }
}

/// The error view's figures in a partial's line: `native.errorView` (its decisions) and
/// `native.errorViewTime` (`StatsPartial.errorViewTime`).
extension StatsFigure {
    package static let errorViews = StatsFigure("native.errorView.views")
    package static let automaticRetries = StatsFigure("native.errorView.automaticRetries")
    package static let manualRetries = StatsFigure("native.errorView.manualRetries")
    package static let deferredRetries = StatsFigure("native.errorView.deferred")
    package static let errorViewOpen = StatsFigure("native.errorViewTime.open")
    package static let errorViewPolicyMs = StatsFigure("native.errorViewTime.policyMs")
    package static let errorViewDurations = StatsFigure("native.errorViewTime.durations")
    package static let errorViewValues = StatsFigure("native.errorViewTime.values")
    package static let shownOpen = StatsFigure("native.errorViewTime.shownOpen")
    package static let shownMs = StatsFigure("native.errorViewTime.shownMs")
    package static let shownDurations = StatsFigure("native.errorViewTime.shownDurations")
    package static let shownValues = StatsFigure("native.errorViewTime.shownValues")
}

/// The error view's figures over a fleet's native logs.
package struct ErrorViewStatsTotals: NativeStatsTotals {
    private var views: [ErrorVariant: Int] = [:]
    private var automatic: [RetryTrigger: Int] = [:]
    package private(set) var manualRetries = 0
    package private(set) var deferredRetries = 0
    /// The time native logs spent on error views.
    package private(set) var errorViewTime = ErrorViewTimes()

    package init() {}

    package mutating func add(_ summary: NativeLogSummary, path: String) {
        views.merge(summary.errorView.views, uniquingKeysWith: +)
        automatic.merge(summary.errorView.automaticRetries, uniquingKeysWith: +)
        manualRetries += summary.errorView.manualRetries
        deferredRetries += summary.errorView.deferred
        errorViewTime.add(summary.errorViewTime)
    }

    package var errorViews: [(variant: ErrorVariant, count: Int)] {
        ErrorVariant.allCases.compactMap { variant in views[variant].flatMap { $0 == 0 ? nil : (variant, $0) } }
    }

    package var automaticRetries: [(trigger: RetryTrigger, count: Int)] {
        RetryTrigger.allCases.compactMap { trigger in automatic[trigger].flatMap { $0 == 0 ? nil : (trigger, $0) } }
    }
}

extension FleetStats {
    /// Error views presented over every log, by variant.
    package var errorViews: [(variant: ErrorVariant, count: Int)] {
        ErrorVariant.allCases.compactMap { variant in
            let count = natives.reduce(0) { $0 + ($1.summary.errorView.views[variant] ?? 0) }
            return count == 0 ? nil : (variant, count)
        }
    }

    package var automaticRetries: [(trigger: RetryTrigger, count: Int)] {
        RetryTrigger.allCases.compactMap { trigger in
            let count = natives.reduce(0) { $0 + ($1.summary.errorView.automaticRetries[trigger] ?? 0) }
            return count == 0 ? nil : (trigger, count)
        }
    }

    package var manualRetries: Int { natives.reduce(0) { $0 + $1.summary.errorView.manualRetries } }
    package var deferredRetries: Int { natives.reduce(0) { $0 + $1.summary.errorView.deferred } }
}
