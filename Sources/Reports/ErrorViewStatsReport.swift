import Fleet
import PolicyCore

/// The error view's part of the `stats` report: the views by variant, the retries, and the
/// time on error views.
extension ErrorViewStatsTotals: StatsReportSection {
    private static let ms = formatMilliseconds

    package func text(listing: Int?) -> [String] {
        let views = errorViews.map { "\($0.variant.rawValue) \($0.count)" }.joined(separator: ", ")
        var lines = ["error views: \(errorViews.reduce(0) { $0 + $1.count })" + (views.isEmpty ? "" : " (\(views))")]
        let automatic = automaticRetries.reduce(0) { $0 + $1.count }
        let triggers = automaticRetries.map { "\($0.trigger.rawValue) \($0.count)" }.joined(separator: ", ")
        lines.append(
            "retries: automatic \(automatic)" + (triggers.isEmpty ? "" : " (\(triggers))")
                + ", manual \(manualRetries), deferred by the cooldown \(deferredRetries)")
        return lines + Self.errorViewTimeText(errorViewTime)
    }

    package var json: [(String, String)] {
        [
            ("errorViews", ReportJSON.object(errorViews.map { ($0.variant.rawValue, String($0.count)) })),
            ("automaticRetries", ReportJSON.object(automaticRetries.map { ($0.trigger.rawValue, String($0.count)) })),
            ("manualRetries", String(manualRetries)),
            ("deferredRetries", String(deferredRetries)),
            ("errorViewTime", Self.errorViewTimeJSON(errorViewTime)),
        ]
    }

    package static let perLogColumns: [(name: String, cell: @Sendable (NativeLogSummary) -> PerLogTable.Cell)] = [
        ("error_views", { .count($0.errorViewTime.count) }),
        ("error_views_open", { .count($0.errorViewTime.open) }),
        ("policy_ms", { .ms($0.errorViewTime.policy.totalMs) }),
        ("shown_ms", { .ms($0.errorViewTime.shown.totalMs) }),
        ("shown_open", { .count($0.errorViewTime.shown.open) }),
    ]

    /// `time on error views: 4 (0 open)`, then `  policyMs 8200 ms by the retry policy; median
    /// 2500, p90 2500, max 2500 ms` and `  shownMs 7600 ms by the app's own log (0 open); …`:
    /// what the users spent looking at native error screens, as the contract would have kept
    /// them up (the cost of fewer retries) and as the apps' own logs say they were.
    static func errorViewTimeText(_ times: ErrorViewTimes) -> [String] {
        let head = "time on error views: \(times.count) (\(times.open) open)"
        guard let spread = times.policy.distribution else { return [head] }
        var lines = [head, "  policyMs \(ms(times.policy.totalMs)) ms by the retry policy; " + spreadText(spread)]
        let shown = "  shownMs \(ms(times.shown.totalMs)) ms by the app's own log (\(times.shown.open) open)"
        lines.append(shown + (times.shown.distribution.map { "; " + spreadText($0) } ?? ""))
        return lines
    }

    private static func spreadText(_ spread: Distribution) -> String {
        "median \(ms(spread.median)), p90 \(ms(spread.p90)), max \(ms(spread.max)) ms"
    }

    /// `{"count":4,"open":0,"policyMs":8200,"ms":{"median":…,"p90":…,"max":…},"shownMs":7600,
    /// "shown":{"open":0,"ms":{…}}}`, each `ms` `{}` without views.
    static func errorViewTimeJSON(_ times: ErrorViewTimes) -> String {
        func spread(_ times: ViewTimes) -> String {
            ReportJSON.object(times.distribution.map { [("median", ms($0.median)), ("p90", ms($0.p90)), ("max", ms($0.max))] } ?? [])
        }
        return ReportJSON.object([
            ("count", String(times.count)), ("open", String(times.open)), ("policyMs", ms(times.policy.totalMs)),
            ("ms", spread(times.policy)), ("shownMs", ms(times.shown.totalMs)),
            ("shown", ReportJSON.object([("open", String(times.shown.open)), ("ms", spread(times.shown))])),
        ])
    }
}
