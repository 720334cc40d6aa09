import NativeErrorPolicy
import NativeFindings
import PolicyCore

/// `explain` on a native log, for a person: the retry comparison as it streams (the policy's
/// settings once, then each finding or, past the log's end, each decision under its heading),
/// and the lines that close it. The launch's and the cache's sections follow it (they have
/// their own text). Kept as state because each heading is printed once, when first needed.
package struct NativeExplainText {
    /// The settings the log's meta gave the policy (set again once the meta is read).
    package var settings: PolicySettings
    /// The time of the log's last timed record: where "after the log ended" starts.
    package var end: Double?
    private var settingsPrinted = false
    private var findingsHeaderPrinted = false
    private var afterEndPrinted = false

    package init(settings: PolicySettings) {
        self.settings = settings
    }

    /// The settings line, the first time it is asked for.
    package mutating func settingsLine() -> [String] {
        guard !settingsPrinted else { return [] }
        settingsPrinted = true
        return [Self.settings(settings)]
    }

    /// What one event adds to the text: its row, after the headings it is the first under.
    package mutating func lines(_ event: NativeExplainer.Event) -> [String] {
        var lines = settingsLine()
        switch event {
        case .retry(let finding):
            lines += findingsHeader() + [NativeTextTimeline.row(finding)]
        case .probeLoop(let loop):
            lines += findingsHeader() + [NativeTextTimeline.row(loop)]
        case .afterEnd(let decision):
            if !afterEndPrinted, let end {
                afterEndPrinted = true
                lines += [NativeTextTimeline.afterEnd(end), NativeTextTimeline.header]
            }
            lines.append(NativeTextTimeline.row(decision))
        }
        return lines
    }

    private mutating func findingsHeader() -> [String] {
        guard !findingsHeaderPrinted else { return [] }
        findingsHeaderPrinted = true
        return [NativeTextTimeline.findingsHeader]
    }

    /// One event as a JSON line: a finding's own, or a decision past the end marked so.
    package static func jsonLine(_ event: NativeExplainer.Event) -> String {
        switch event {
        case .retry(let finding): finding.jsonLine
        case .probeLoop(let loop): loop.jsonLine
        case .afterEnd(let decision): NativeTextTimeline.afterEndJSON(decision.jsonLine)
        }
    }

    /// The lines under the retry comparison, once the log is read: how many retries each side
    /// made and the findings' count, or, without app-retry lines, that there was nothing to
    /// compare (and the probe loops' count, if any).
    /// `cuts`: how many `log-cut` findings the log has, counted in the findings' line.
    package mutating func closing(_ explainer: NativeExplainer, path: String, cuts: Int = 0) -> [String] {
        if explainer.appRetryLines == 0 {
            // Nothing was compared: the count only, when there is one.
            let count = NativeTextTimeline.findingsCount(explainer.levels, cuts: cuts, compared: false)
            return [Self.nothingToCompare(path)] + (explainer.levels.isEmpty && cuts == 0 ? [] : [count])
        }
        let count = NativeTextTimeline.findingsCount(explainer.levels, cuts: cuts)
        let automatic = explainer.automaticRetries, lines = explainer.appRetryLines
        return settingsLine() + [
            "the policy retried automatically \(automatic) time\(automatic == 1 ? "" : "s"); "
                + "the app logged \(lines) app-retry line\(lines == 1 ? "" : "s"), \(explainer.loggedAutomatic) automatic",
            count,
        ]
    }

    /// The last JSON line of `explain --format jsonl` on a native log, as a web log's has one:
    /// records read, the last record's time, every finding by id and by level (a cut log's
    /// `log-cut` among them), the lines a lenient read skipped, and the cut's line.
    package static func summaryJSON(
        records: Int, end: Double?, findings: [(id: String, level: FindingLevel, count: Int)], skippedLines: Int, cut: Int?
    ) -> String {
        var byId: [(String, Int)] = []
        for entry in findings {
            if let index = byId.firstIndex(where: { $0.0 == entry.id }) { byId[index].1 += entry.count } else { byId.append((entry.id, entry.count)) }
        }
        var line = JSONLine()
        line.integer("records", records)
        if let end { line.number("end", end) }
        line.raw("findings", "{" + byId.map { "\(jsonString($0.0)):\($0.1)" }.joined(separator: ",") + "}")
        line.raw(
            "levels",
            "{"
                + FindingLevel.reportOrder.map { level in
                    "\(jsonString(level.rawValue)):\(findings.filter { $0.level == level }.reduce(0) { $0 + $1.count })"
                }.joined(separator: ",") + "}")
        line.integer("skippedLines", skippedLines)
        if let cut { line.integer("cut", cut) }
        return "{\"summary\":" + line.text + "}"
    }

    /// Said when the app logged no retry: a note on standard error in JSON Lines.
    package static func nothingToCompare(_ path: String) -> String {
        "no app-retry lines in \(path): nothing to compare"
    }

    /// "android: settle 400 ms, probe 2500 ms, cooldown 15000 ms", then "; variant probe-once"
    /// under a variant: the settings line of `native` and of `explain` on a native log.
    package static func settings(_ settings: PolicySettings) -> String {
        let cooldown = settings.cooldown.map { "cooldown \(formatMilliseconds($0)) ms" } ?? "no cooldown"
        let variants = settings.variants.isEmpty ? "" : "; variant " + settings.variants.sorted().map(\.name).joined(separator: ", ")
        return "\(settings.platform.rawValue): settle \(formatMilliseconds(settings.settle)) ms, "
            + "probe \(formatMilliseconds(settings.probe)) ms, \(cooldown)\(variants)"
    }
}
