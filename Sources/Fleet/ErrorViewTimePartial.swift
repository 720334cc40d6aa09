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
        viewTimes(times.policy, open: "open", total: "policyMs", durations: "durations", values: "values", into: &line)
        viewTimes(times.shown, open: "shownOpen", total: "shownMs", durations: "shownDurations", values: "shownValues", into: &line)
        return line.text
    }

    private static func viewTimes(
        _ times: ViewTimes, open: String, total: String, durations: String, values: String, into line: inout JSONLine
    ) {
        line.integer(open, times.open)
        line.raw(total, exact(times.totalMs))
        line.raw(durations, sketch(times.durations.sketch))
        if let kept = times.durations.values { line.raw(values, "[" + kept.map(exact).joined(separator: ",") + "]") }
    }

    static func decodeErrorViewTime(_ value: JSONValue?, _ read: Reader) throws -> ErrorViewTimes {
        let object = try read.object(value, "errorViewTime")
        let policy = try decodeViewTimes(object, open: "open", total: "policyMs", durations: "durations", values: "values", read)
        let shown = try decodeViewTimes(
            object, open: "shownOpen", total: "shownMs", durations: "shownDurations", values: "shownValues", read)
        guard shown.count == policy.count else {
            throw read.fail(
                "\"errorViewTime\" is not one log's: \(policy.count) views by the policy, \(shown.count) by the app's log (the same views)")
        }
        return ErrorViewTimes(policy: policy, shown: shown)
    }

    private static func decodeViewTimes(
        _ object: [String: JSONValue], open openKey: String, total totalKey: String, durations durationsKey: String,
        values valuesKey: String, _ read: Reader
    ) throws -> ViewTimes {
        let durations = try decodeSketch(object[durationsKey], "errorViewTime.\(durationsKey)", read)
        let open = try read.int(object[openKey], "errorViewTime.\(openKey)")
        let total = try read.duration(object[totalKey], "errorViewTime.\(totalKey)")
        let values = try object[valuesKey].map { try read.array($0, "errorViewTime.\(valuesKey)").map { try read.duration($0, valuesKey) } }
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
