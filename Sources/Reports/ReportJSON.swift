import BannerFindings
import Fleet
import NativeFindings
import OfflineBanner
import PolicyCore
import TurboRecording
import VariantAnalysis

/// `explain --format jsonl`: one line per finding, then one summary line. Keys in a fixed
/// order, times as `formatMilliseconds` prints them, strings escaped by json-c (`jsonString`).
///
///     {"t":3547.6,"finding":"stale-pill","level":"warning","lines":[5,6,10],"raisedAt":1239.6,…,"message":"…"}
///     {"summary":{"end":5231.6,"pill":{…},"toasts":0,"silent":[],"findings":{…},…}}
package enum ReportJSON {
    private static let ms = formatMilliseconds

    package static func finding(_ finding: BannerFinding) -> String {
        var fields: [(String, String)] = [
            ("t", ms(finding.t)),
            ("finding", jsonString(finding.kind.id)),
            ("level", jsonString(finding.level.rawValue)),
            ("lines", "[" + finding.lines.map(String.init).joined(separator: ",") + "]"),
        ]
        func add(_ key: String, _ text: String?) { if let text { fields.append((key, jsonString(text))) } }
        switch finding.detail {
        case .onlineLied(let request, let onlineSince):
            add("via", request.via)
            add("target", request.target)
            add("method", request.method)
            add(request.via == "turbo:submit-end" ? "action" : "url", request.url)
            add("error", request.error)
            if let onlineSince { fields.append(("onlineSince", ms(onlineSince))) }
        case .stalePill(let raisedAt, let raisedBy, let evidence, let responses, let until, let clearedBy, let navigatorOnline):
            fields.append(("raisedAt", ms(raisedAt)))
            add("raisedBy", raisedBy.rawValue)
            add("evidence", evidence)
            fields.append(("responses", String(responses)))
            fields.append(("navigatorOnline", String(navigatorOnline)))
            fields.append(("until", ms(until)))
            fields.append(("staleMs", ms(until - finding.t)))
            if let clearedBy { add("clearedBy", clearedBy.rawValue) } else { fields.append(("stillUpAtEnd", "true")) }
        case .flapSuppressed(let downMs, let debounceMs):
            fields.append(("downMs", ms(downMs)))
            fields.append(("debounceMs", ms(debounceMs)))
        case .prefetchPill(let target, let url, let label, let relabelled):
            add("target", target)
            add("url", url)
            add("label", label)
            fields.append(("relabelled", String(relabelled)))
        case .reloadOffline(let url):
            add("url", url)
        case .relabelledToast(let label, let replacedAt, let relabelledTo, let request):
            add("label", label)
            fields.append(("replacedAt", ms(replacedAt)))
            fields.append(("shownMs", ms(replacedAt - finding.t)))
            add("relabelledTo", relabelledTo)
            add("via", request.via)
            add("target", request.target)
            add("method", request.method)
            add("url", request.url)
            add("error", request.error)
        case .emulatedOnline(let unloadAt, let flash):
            fields.append(("unloadAt", ms(unloadAt)))
            fields.append(("beforeUnloadMs", ms(unloadAt - finding.t)))
            fields.append(("flash", String(flash)))
        case .bannerDrift(let difference, _, let fit):
            add("difference", difference.kind.rawValue)
            add("cause", difference.cause?.rawValue)
            fields.append(("expected", shown(difference.expected)))
            fields.append(("shown", shown(difference.shown)))
            if let at = difference.shownAt { fields.append(("shownAt", ms(at))) }
            if let delta = difference.deltaMs, difference.kind != .extra { fields.append(("deltaMs", ms(delta))) }
            if let debounce = fit.debounceMs { fields.append(("fitDebounceMs", ms(debounce))) }
            if let flash = fit.flashMs { fields.append(("fitFlashMs", ms(flash))) }
            if let render = difference.render {
                add("render", render.morph ? "morph" : "replace")
                fields.append(("renderedAt", ms(render.t)))
            }
        }
        add("message", finding.sentence)
        return object(fields)
    }

    /// What a person could see, as `{"visible":true,"text":"…"}`.
    private static func shown(_ shown: ShownBanner) -> String {
        object([("visible", String(shown.visible)), ("text", jsonString(shown.text))])
    }

    package static func summary(_ summary: SessionSummary) -> String {
        let byCause = summary.pillTimeByCause.map { (key: $0.cause.rawValue, value: ms($0.ms)) }
        let pill = object([
            ("episodes", String(summary.pills.count)),
            ("ms", ms(summary.pillTime)),
            ("byCause", object(byCause.map { ($0.key, $0.value) })),
            ("stillUpAtEnd", String(summary.pills.stillUpAtEnd)),
        ])
        let silent =
            "["
            + summary.silentSorted.map { entry in
                var fields = [("reason", jsonString(entry.key.reason))]
                if let status = entry.key.status { fields.append(("status", String(status))) }
                fields.append(("count", String(entry.count)))
                return object(fields)
            }.joined(separator: ",") + "]"
        var fields: [(String, String)] = [
            ("records", String(summary.records))
        ]
        if let end = summary.end { fields.append(("end", ms(end))) }
        fields += [
            ("pill", pill),
            ("toasts", String(summary.toasts)),
            ("silent", silent),
            ("findings", object(summary.findingsSorted.map { ($0.kind.id, String($0.count)) } + (summary.cut.map { _ in [(LogCut.finding, "1")] } ?? []))),
            ("levels", levels(summary.findingsByLevel.merging(summary.cut.map { _ in [LogCut.level: 1] } ?? [:], uniquingKeysWith: +))),
            ("skippedLines", String(summary.skippedLines)),
        ]
        if let cut = summary.cut { fields.append(("cut", String(cut.line))) }
        return object([("summary", object(fields))])
    }

    /// Findings counted by level, every level present: `{"warning":2,"info":1}`.
    static func levels(_ counts: [FindingLevel: Int]) -> String {
        object(FindingLevel.reportOrder.map { ($0.rawValue, String(counts[$0] ?? 0)) })
    }

    /// A count and the logs that make it up, after its level for a finding:
    /// `{"level":"warning","count":3,"recordings":{"a.jsonl":2,"b.jsonl":1}}`.
    static func counted(_ count: Int, in recordings: [(path: String, count: Int)], level: FindingLevel? = nil) -> String {
        var fields: [(String, String)] = level.map { [("level", jsonString($0.rawValue))] } ?? []
        fields += [("count", String(count)), ("recordings", object(recordings.map { ($0.path, String($0.count)) }))]
        return object(fields)
    }

    /// The logs that could not be read, as a JSON array of `{path, line, kind, message}`.
    static func failures(_ failures: [RecordingError]) -> String {
        "["
            + failures.map { failure in
                var fields = [("path", jsonString(failure.path))]
                if let line = failure.line { fields.append(("line", String(line))) }
                fields.append(("kind", jsonString(failure.kind == .malformed ? "malformed" : "unreadable")))
                fields.append(("message", jsonString(failure.message)))
                return object(fields)
            }.joined(separator: ",") + "]"
    }

    /// A JSON object from keys and already-encoded values, in order.
    static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { "\(jsonString($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }
}
