import BannerFindings
import Fleet
import NativeFindings
import OfflineBanner
import PolicyCore
import TurboRecording
import VariantAnalysis

extension FleetStats {
    /// The report for a person, from the totals (`StatsTotals`) a merge prints it from too.
    package func text(listing: Int? = 10) -> [String] { totals.text(listing: listing) }

    /// The report as one JSON object.
    package func json() -> String { totals.json() }
}

extension StatsTotals {
    private static let ms = formatMilliseconds

    /// The report for a person. Recordings per finding are capped at `listing` (nil: all).
    package func text(listing: Int? = 10) -> [String] {
        var lines: [String] = []
        // Only native logs: no web banner to report.
        let nativeOnly = webLogs == 0 && nativeLogs > 0
        var logs = "logs: \(webLogs + nativeLogs) read"
        if nativeLogs > 0 { logs += nativeOnly ? " (\(nativeLogs) native)" : " (\(webLogs) web, \(nativeLogs) native)" }
        let partly = (cuts.logs > 0 ? ["\(cuts.logs) cut"] : []) + (gaps.logs > 0 ? ["\(gaps.logs) with gaps"] : [])
        if !partly.isEmpty { logs += ", of which " + partly.joined(separator: ", ") }
        logs += ", \(malformed) malformed, \(unreadable) unreadable"
        if empty.logs > 0 { logs += ", \(empty.logs) empty" }
        lines.append(logs)
        if skippedLines > 0 { lines.append("malformed lines skipped (--lenient): \(skippedLines)") }
        if !nativeOnly { lines += webText(listing: listing) }
        if seen.logs > 0 { lines += seenText() }
        if nativeLogs > 0 { lines += nativeText(listing: listing) }
        if self.sessions.any { lines += sessionText(listing: listing) }
        lines += pairingText()
        if cuts.logs > 0 {
            lines.append("cut (\(LogCut.finding), info: read up to their last whole line):")
            lines += Self.cutRows(cuts)
        }
        if gaps.logs > 0 {
            lines.append(
                "gaps (\(LogGap.finding), \(LogGap.level.rawValue): \(gapCount) missing from the collector's folders; "
                    + "what is on either side was read):")
            lines += Self.gapRows(gaps)
        }
        if empty.logs > 0 {
            lines.append("empty (no record: not logs, in no count above):")
            lines += Self.emptyRows(empty)
        }
        if failures.count > 0 {
            lines.append("not read:")
            lines += Self.failureRows(failures)
        }
        return lines
    }

    /// The web logs' part: the banner's pill, toasts, silent submissions and findings.
    private func webText(listing: Int?) -> [String] {
        let ms = Self.ms
        var lines: [String] = []
        let byCause = pillsByCause.map { "\($0.cause.rawValue) \($0.episodes)" }
        lines.append("pill episodes: \(pillEpisodes)" + (byCause.isEmpty ? "" : " (\(byCause.joined(separator: ", ")))"))
        if let duration = pillDuration {
            lines.append("pill up, ms: median \(ms(duration.median)), p90 \(ms(duration.p90)), max \(ms(duration.max)), total \(ms(pillMs))")
            let time = pillsByCause.map { "\($0.cause.rawValue) \(ms($0.ms))" }
            lines.append("pill up by cause, ms: \(time.joined(separator: ", "))")
        }
        lines.append("toasts: \(toasts)")
        let silent = self.silent.map { "\($0.key.name) \($0.count)" }
        lines.append("silent submissions: \(silent.isEmpty ? "none" : silent.joined(separator: ", "))")

        lines.append("findings: " + Self.levelCounts(findingsByLevel))
        let width = BannerFinding.Kind.allCases.map(\.id.count).max()!
        for entry in findings {
            lines += Self.findingRows(entry.kind.id, entry.count, entry.recordings, width: width, listing: listing, level: entry.level)
        }
        return lines
    }

    /// The failures kept, by path, and how many more there were.
    static func failureRows(_ failures: KeptFailures) -> [String] {
        var lines = failures.entries.map { "  \(terminalSafe($0.description))" }
        if failures.dropped > 0 {
            lines.append("  … and \(failures.dropped) more (a report keeps the first \(KeptLogs<Int>.capacity) by path)")
        }
        return lines
    }

    /// The empty files kept, by path, and how many more there were: listed whole up to the
    /// bound, as `not read:` is.
    static func emptyRows(_ empty: KeptLogs<Int>) -> [String] {
        var lines = empty.entries.map { "  \(terminalSafe($0.path))" }
        if empty.dropped > 0 {
            lines.append("  … and \(empty.dropped) more (a report keeps the first \(KeptLogs<Int>.capacity) by path)")
        }
        return lines
    }

    /// The cut logs kept, by path, each at its cut line, and how many more there were: listed
    /// whole up to the bound, as `not read:` is, whatever `--all` says.
    static func cutRows(_ cuts: KeptLogs<Int>) -> [String] {
        var lines = cuts.entries.map { "  \(terminalSafe($0.path)):\($0.count)" }
        if cuts.dropped > 0 {
            lines.append("  … and \(cuts.dropped) more (a report keeps the first \(KeptLogs<Int>.capacity) by path)")
        }
        return lines
    }

    /// The logs with gaps kept, by path, each with its missing ranges, and how many more there
    /// were: listed whole up to the bound, as the cut logs are.
    static func gapRows(_ gaps: KeptLogs<GapRanges>) -> [String] {
        var lines = gaps.entries.map { "  \(terminalSafe($0.path)): \($0.count.ranges.joined(separator: ", "))" }
        if gaps.dropped > 0 {
            lines.append("  … and \(gaps.dropped) more (a report keeps the first \(KeptLogs<Int>.capacity) by path)")
        }
        return lines
    }

    /// `"gaps": {"logs": N, "count": M, "ranges": {path: ["seq 5-9", …]}}`, only when some log
    /// has gaps: every other report reads as it did.
    private var gapsJSON: [(String, String)] {
        guard gaps.logs > 0 else { return [] }
        let ranges = ReportJSON.object(
            gaps.entries.map { entry in (entry.path, "[" + entry.count.ranges.map(jsonString).joined(separator: ",") + "]") })
        return [("gaps", ReportJSON.object([("logs", String(gaps.logs)), ("count", String(gapCount)), ("ranges", ranges)]))]
    }

    /// The line after a listing cut short: how many logs are not shown, and where to see them.
    static func moreRow(indent: Int, shown: Int, logs: Int, listing: Int?) -> [String] {
        guard shown < logs else { return [] }
        let capacity = KeptLogs<Int>.capacity
        let hint =
            listing == nil
            ? "a report keeps the first \(capacity)" : logs <= capacity ? "--all lists every one" : "--all lists the first \(capacity)"
        return [String(repeating: " ", count: indent) + "  … and \(logs - shown) more (\(hint))"]
    }

    /// "warning 3, info 4": every level, the one that asks most first.
    static func levelCounts(_ counts: [FindingLevel: Int]) -> String {
        FindingLevel.reportOrder.map { "\($0.rawValue) \(counts[$0] ?? 0)" }.joined(separator: ", ")
    }

    /// A finding id, its level (for a finding), its count, and the logs to open (at most
    /// `listing`, most occurrences first).
    static func findingRows(
        _ id: String, _ count: Int, _ recordings: KeptLogs<Int>, width: Int,
        listing: Int?, level: FindingLevel? = nil
    ) -> [String] {
        let levelColumn = level.map { "  " + $0.rawValue.padded(FindingLevel.allCases.map(\.rawValue.count).max()!) } ?? ""
        let head = "  \(id.padded(width))\(levelColumn)  \(String(count).leftPadded(4))"
        guard !recordings.entries.isEmpty else { return [head] }
        var lines: [String] = []
        let shown = listing.map { Array(recordings.entries.prefix($0)) } ?? recordings.entries
        for (index, recording) in shown.enumerated() {
            let lead = index == 0 ? head : String(repeating: " ", count: head.count)
            let times = recording.count > 1 ? " (\(recording.count))" : ""
            lines.append("\(lead)  \(terminalSafe(recording.path))\(times)")
        }
        return lines + moreRow(indent: head.count, shown: shown.count, logs: recordings.logs, listing: listing)
    }

    /// What the pages showed: only for a fleet with `seen` records. The fitted timings are
    /// each tallied whole up to `KeptLogs.capacity` values, then `… and N more`.
    func seenText() -> [String] {
        let ms = Self.ms
        func fits(_ name: String, _ timings: FittedTimings) -> String? {
            guard timings.logs > 0 else { return nil }
            let more = timings.dropped > 0 ? ", … and \(timings.dropped) more (a report keeps the first \(KeptLogs<Int>.capacity))" : ""
            return "\(name) " + timings.kept.map { "\(ms($0.ms)) (\($0.logs))" }.joined(separator: ", ") + more
        }
        var lines = ["what the pages showed (seen): \(seen.logs) recordings, \(seen.drifted) with banner-drift"]
        let fitted = [fits("debounceMs", seen.debounces), fits("flashMs", seen.flashes)].compactMap { $0 }
        if !fitted.isEmpty { lines.append("  their banners behave like: " + fitted.joined(separator: "; ")) }
        return lines
    }

    /// The seen part of the JSON report: `nil` for a fleet without `seen` records. Each fit's
    /// object holds the kept timings (`KeptLogs.capacity` at most).
    func seenJSON() -> String? {
        guard seen.logs > 0 else { return nil }
        let ms = Self.ms
        func fits(_ timings: FittedTimings) -> String { ReportJSON.object(timings.kept.map { (ms($0.ms), String($0.logs)) }) }
        return ReportJSON.object([
            ("recordings", String(seen.logs)), ("drifted", String(seen.drifted)),
            ("fits", ReportJSON.object([("debounceMs", fits(seen.debounces)), ("flashMs", fits(seen.flashes))])),
        ])
    }

    /// The native logs' part of the report.
    private func nativeText(listing: Int?) -> [String] {
        var lines: [String] = []
        let platforms = nativePlatforms.map { "\($0.platform.rawValue) \($0.count)" }.joined(separator: ", ")
        lines.append("native logs: \(nativeLogs) (\(platforms))")
        // Each native policy's part, in registry order (`NativeStatsSections`).
        lines += policies.text(listing: listing)
        lines.append("native findings: " + Self.levelCounts(nativeFindingsByLevel))
        let width = NativeStatsSections.findingIDs.map(\.count).max() ?? 0
        for entry in nativeFindings {
            lines += Self.findingRows(entry.id, entry.count, entry.recordings, width: width, listing: listing, level: entry.level)
        }
        return lines
    }

    /// `"empty": {"files": N, "paths": [...]}`, only when some file was empty: every other
    /// report reads as it did.
    private var emptyJSON: [(String, String)] {
        guard empty.logs > 0 else { return [] }
        let paths = "[" + empty.entries.map { jsonString($0.path) }.joined(separator: ",") + "]"
        return [("empty", ReportJSON.object([("files", String(empty.logs)), ("paths", paths)]))]
    }

    /// The report as one JSON object, for scripts.
    package func json() -> String {
        let ms = Self.ms
        var pill: [(String, String)] = [
            ("episodes", String(pillEpisodes)),
            (
                "byCause",
                ReportJSON.object(pillsByCause.map { ($0.cause.rawValue, ReportJSON.object([("episodes", String($0.episodes)), ("ms", ms($0.ms))])) })
            ),
        ]
        if let duration = pillDuration {
            pill += [("medianMs", ms(duration.median)), ("p90Ms", ms(duration.p90)), ("maxMs", ms(duration.max))]
        }
        let silent =
            "["
            + self.silent.map { entry in
                var fields = [("reason", jsonString(entry.key.reason))]
                if let status = entry.key.status { fields.append(("status", String(status))) }
                fields.append(("count", String(entry.count)))
                return ReportJSON.object(fields)
            }.joined(separator: ",") + "]"
        let findings = ReportJSON.object(
            self.findings.map { entry in
                (entry.kind.id, ReportJSON.counted(entry.count, in: entry.recordings.entries, level: entry.level))
            })
        let failures = ReportJSON.failures(self.failures.entries)
        let native = ReportJSON.object(
            [
                ("sessions", String(nativeLogs)),
                ("platforms", ReportJSON.object(nativePlatforms.map { ($0.platform.rawValue, String($0.count)) })),
            ] + policies.json + [
                (
                    "findings",
                    ReportJSON.object(
                        nativeFindings.map { entry in
                            (entry.id, ReportJSON.counted(entry.count, in: entry.recordings.entries, level: entry.level))
                        })
                ),
                ("levels", ReportJSON.levels(nativeFindingsByLevel)),
            ])
        var appSessions: [(String, String)] = []
        if sessions.any { appSessions.append(("appSessions", sessionJSON())) }
        if let seen = seenJSON() { appSessions.insert(("seen", seen), at: 0) }
        if let pairing = pairingJSON() { appSessions.append(("pairing", pairing)) }
        return ReportJSON.object(
            [
                ("sessions", String(webLogs)),
                ("malformed", String(malformed)),
                ("unreadable", String(unreadable)),
                ("cut", ReportJSON.object(cuts.entries.map { ($0.path, String($0.count)) })),
            ] + gapsJSON + [
                ("skippedLines", String(skippedLines)),
                ("pill", ReportJSON.object(pill)),
                ("toasts", String(toasts)),
                ("silent", silent),
                ("findings", findings),
                ("levels", ReportJSON.levels(findingsByLevel)),
                ("native", native),
            ] + appSessions + emptyJSON + [
                ("failures", failures)
            ])
    }
}
