import BannerFindings
import Fleet
import NativeFindings
import OfflineBanner
import PolicyCore
import TurboRecording
import VariantAnalysis

extension FleetStats {
    private static let ms = formatMilliseconds

    /// The report for a person. Recordings per finding are capped at `listing` (nil: all).
    package func text(listing: Int? = 10) -> [String] {
        var lines: [String] = []
        // Only native logs: no web banner to report, and an app's logs are not page sessions.
        let nativeOnly = summaries.isEmpty && !natives.isEmpty
        var sessions = "\(nativeOnly ? "logs" : "sessions"): \(summaries.count + natives.count) read"
        if !natives.isEmpty { sessions += nativeOnly ? " (\(natives.count) native)" : " (\(summaries.count) web, \(natives.count) native)" }
        let cuts = self.cuts
        if !cuts.isEmpty { sessions += ", of which \(cuts.count) cut" }
        sessions += ", \(malformed) malformed, \(unreadable) unreadable"
        lines.append(sessions)
        if skippedLines > 0 { lines.append("malformed lines skipped (--lenient): \(skippedLines)") }
        if !nativeOnly { lines += webText(listing: listing) }
        if seenLogs > 0 { lines += seenText() }
        if !natives.isEmpty { lines += nativeText(listing: listing) }
        if !self.sessions.isEmpty { lines += sessionText(listing: listing) }
        if !cuts.isEmpty {
            lines.append("cut (\(LogCut.finding), info: read up to their last whole line):")
            for cut in cuts { lines.append("  \(terminalSafe(cut.path)):\(cut.line)") }
        }
        if !failures.isEmpty {
            lines.append("not read:")
            for failure in failures { lines.append("  \(terminalSafe(failure.description))") }
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

    /// "warning 3, info 4": every level, the one that asks most first.
    static func levelCounts(_ counts: [FindingLevel: Int]) -> String {
        FindingLevel.reportOrder.map { "\($0.rawValue) \(counts[$0] ?? 0)" }.joined(separator: ", ")
    }

    /// A finding id, its level (for a finding), its count, and the logs to open (at most
    /// `listing`, most occurrences first).
    static func findingRows(
        _ id: String, _ count: Int, _ recordings: [(path: String, count: Int)], width: Int,
        listing: Int?, level: FindingLevel? = nil
    ) -> [String] {
        let levelColumn = level.map { "  " + $0.rawValue.padded(FindingLevel.allCases.map(\.rawValue.count).max()!) } ?? ""
        let head = "  \(id.padded(width))\(levelColumn)  \(String(count).leftPadded(4))"
        guard !recordings.isEmpty else { return [head] }
        var lines: [String] = []
        let shown = listing.map { Array(recordings.prefix($0)) } ?? recordings
        for (index, recording) in shown.enumerated() {
            let lead = index == 0 ? head : String(repeating: " ", count: head.count)
            let times = recording.count > 1 ? " (\(recording.count))" : ""
            lines.append("\(lead)  \(terminalSafe(recording.path))\(times)")
        }
        if shown.count < recordings.count {
            lines.append(String(repeating: " ", count: head.count) + "  … and \(recordings.count - shown.count) more (--all lists every one)")
        }
        return lines
    }

    /// What the pages showed: only for a fleet with `seen` records.
    private func seenText() -> [String] {
        let ms = Self.ms
        func fits(_ name: String, _ values: [(ms: Double, logs: Int)]) -> String? {
            values.isEmpty ? nil : "\(name) " + values.map { "\(ms($0.ms)) (\($0.logs))" }.joined(separator: ", ")
        }
        var lines = ["what the pages showed (seen): \(seenLogs) recordings, \(driftedLogs) with banner-drift"]
        let fitted = [fits("debounceMs", fittedDebounces), fits("flashMs", fittedFlashes)].compactMap { $0 }
        if !fitted.isEmpty { lines.append("  their banners behave like: " + fitted.joined(separator: "; ")) }
        return lines
    }

    /// The seen part of the JSON report: `nil` for a fleet without `seen` records.
    private func seenJSON() -> String? {
        guard seenLogs > 0 else { return nil }
        let ms = Self.ms
        func fits(_ values: [(ms: Double, logs: Int)]) -> String { ReportJSON.object(values.map { (ms($0.ms), String($0.logs)) }) }
        return ReportJSON.object([
            ("recordings", String(seenLogs)), ("drifted", String(driftedLogs)),
            ("fits", ReportJSON.object([("debounceMs", fits(fittedDebounces)), ("flashMs", fits(fittedFlashes))])),
        ])
    }

    /// The native logs' part of the report.
    private func nativeText(listing: Int?) -> [String] {
        var lines: [String] = []
        let platforms = nativePlatforms.map { "\($0.platform.rawValue) \($0.count)" }.joined(separator: ", ")
        lines.append("native logs: \(natives.count) (\(platforms))")
        let views = errorViews.map { "\($0.variant.rawValue) \($0.count)" }.joined(separator: ", ")
        lines.append("error views: \(errorViews.reduce(0) { $0 + $1.count })" + (views.isEmpty ? "" : " (\(views))"))
        let automatic = automaticRetries.reduce(0) { $0 + $1.count }
        let triggers = automaticRetries.map { "\($0.trigger.rawValue) \($0.count)" }.joined(separator: ", ")
        lines.append(
            "retries: automatic \(automatic)" + (triggers.isEmpty ? "" : " (\(triggers))")
                + ", manual \(manualRetries), deferred by the cooldown \(deferredRetries)")
        lines += launchText(listing: listing)
        lines.append("native findings: " + Self.levelCounts(nativeFindingsByLevel))
        let width = NativeSummary.findingIDs.map(\.count).max() ?? 0
        for entry in nativeFindings {
            lines += Self.findingRows(entry.id, entry.count, entry.recordings, width: width, listing: listing, level: entry.level)
        }
        return lines
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
                (entry.kind.id, ReportJSON.counted(entry.count, in: entry.recordings, level: entry.level))
            })
        let failures = ReportJSON.failures(self.failures)
        let native = ReportJSON.object([
            ("sessions", String(natives.count)),
            ("platforms", ReportJSON.object(nativePlatforms.map { ($0.platform.rawValue, String($0.count)) })),
            ("errorViews", ReportJSON.object(errorViews.map { ($0.variant.rawValue, String($0.count)) })),
            ("automaticRetries", ReportJSON.object(automaticRetries.map { ($0.trigger.rawValue, String($0.count)) })),
            ("manualRetries", String(manualRetries)),
            ("deferredRetries", String(deferredRetries)),
            ("launch", launchJSON()),
            (
                "findings",
                ReportJSON.object(
                    nativeFindings.map { entry in
                        (entry.id, ReportJSON.counted(entry.count, in: entry.recordings, level: entry.level))
                    })
            ),
            ("levels", ReportJSON.levels(nativeFindingsByLevel)),
        ])
        var appSessions: [(String, String)] = []
        if !self.sessions.isEmpty { appSessions.append(("appSessions", sessionJSON())) }
        if let seen = seenJSON() { appSessions.insert(("seen", seen), at: 0) }
        return ReportJSON.object(
            [
                ("sessions", String(summaries.count)),
                ("malformed", String(malformed)),
                ("unreadable", String(unreadable)),
                ("cut", ReportJSON.object(cuts.map { ($0.path, String($0.line)) })),
                ("skippedLines", String(skippedLines)),
                ("pill", ReportJSON.object(pill)),
                ("toasts", String(toasts)),
                ("silent", silent),
                ("findings", findings),
                ("levels", ReportJSON.levels(findingsByLevel)),
                ("native", native),
            ] + appSessions + [
                ("failures", failures)
            ])
    }
}
