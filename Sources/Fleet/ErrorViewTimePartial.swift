import PolicyCore
import Replay
import TurboRecording

/// A native log's time on error views in a `stats --partial` line, and back: by the retry
/// policy (`open`, `policyMs`, `durations`, `values`) and by the app's own log (`shownOpen`,
/// `shownMs`, `shownDurations`, `shownValues`): each the views' times as a sketch, and every
/// time exactly while the log has at most 1,000 views (`DurationSample`), the open ones and the
/// total, written exactly,
///
///     "errorViewTime":{"open":0,"policyMs":8200,"durations":{…},"values":[2500,…],
///      "shownOpen":0,"shownMs":5400,"shownDurations":{…},"shownValues":[…]}
///
/// A merge folds them as a single run does and prints the same figures.
extension StatsPartial {
    static func errorViewTime(_ times: ErrorViewTimes) -> String {
        var line = JSONLine()
        viewTimes(times.policy, Self.policyFigures, into: &line)
        viewTimes(times.shown, Self.shownFigures, into: &line)
        return line.text
    }

    /// The four figures of one way of timing the views.
    private typealias ViewFigures = (open: StatsFigure, total: StatsFigure, durations: StatsFigure, values: StatsFigure)
    private static let policyFigures: ViewFigures = (.errorViewOpen, .errorViewPolicyMs, .errorViewDurations, .errorViewValues)
    private static let shownFigures: ViewFigures = (.shownOpen, .shownMs, .shownDurations, .shownValues)

    private static func viewTimes(_ times: ViewTimes, _ figures: ViewFigures, into line: inout JSONLine) {
        line.integer(figures.open, times.open)
        line.raw(figures.total, exact(times.totalMs))
        line.raw(figures.durations, sketch(times.durations.sketch))
        if let kept = times.durations.values { line.raw(figures.values, "[" + kept.map(exact).joined(separator: ",") + "]") }
    }

    static func decodeErrorViewTime(_ value: JSONValue?, _ read: Reader) throws -> ErrorViewTimes {
        let object = try read.object(value, "errorViewTime")
        let policy = try decodeViewTimes(object, Self.policyFigures, read)
        let shown = try decodeViewTimes(object, Self.shownFigures, read)
        guard shown.count == policy.count else {
            throw read.fail(
                "\"errorViewTime\" is not one log's: \(policy.count) views by the policy, \(shown.count) by the app's log (the same views)")
        }
        return ErrorViewTimes(policy: policy, shown: shown)
    }

    private static func decodeViewTimes(_ object: [String: JSONValue], _ figures: ViewFigures, _ read: Reader) throws -> ViewTimes {
        let (durationsKey, totalKey, valuesKey) = (figures.durations.key, figures.total.key, figures.values.key)
        let durations = try decodeSketch(object[figures.durations], "errorViewTime.\(durationsKey)", read)
        let open = try read.int(object[figures.open], "errorViewTime.\(figures.open.key)")
        let total = try read.duration(object[figures.total], "errorViewTime.\(totalKey)")
        let values = try object[figures.values].map {
            try read.array($0, "errorViewTime.\(valuesKey)").map { try read.duration($0, valuesKey) }
        }
        guard open <= durations.count, let sample = DurationSample(sketch: durations, values: values, totalMs: total) else {
            throw read.fail(
                "\"errorViewTime\" is not one log's: \(open) open of \(durations.count) views, "
                    + "\(exact(total)) ms in all (\(totalKey)), the longest \(exact(durations.max ?? 0)) ms, "
                    + (values.map { "\($0.count) exact values" } ?? "no exact values")
                    + " (every value is written while there are at most \(DurationSample.exactLimit))")
        }
        return ViewTimes(sample, open: open)
    }
}
