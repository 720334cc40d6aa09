import ArchiveCachePolicy
import BannerFindings
import Fleet
import NativeFindings
import PolicyCore
import TurboRecording
import VariantAnalysis

extension ArchiveSettings {
    /// "debounce 2000 ms, stale 86400000 ms, strip mobile_offline, mobile_app_v2"
    package var summaryText: String {
        let strip = stripParams.isEmpty ? "strip nothing" : "strip " + stripParams.map { $0.isEmpty ? "(empty parameters)" : $0 }.joined(separator: ", ")
        return "debounce \(formatMilliseconds(debounce)) ms, stale \(formatMilliseconds(stale)) ms, \(strip)"
    }
}

extension ArchiveTotals {
    /// The report for a person. Logs per finding are capped at `listing` (nil: all).
    package func text(listing: Int? = 10) -> [String] {
        let ms = formatMilliseconds
        var lines: [String] = []
        var logs = "logs: \(self.logs) read, \(malformed) malformed, \(unreadable) unreadable"
        if android > 0 { logs += ", \(android) android (skipped: the cache is iOS-only)" }
        if web > 0 { logs += ", \(web) web (skipped: not app logs)" }
        lines.append(logs)
        lines.append("settings: \(settings.summaryText)")
        if skippedLines > 0 { lines.append("malformed lines skipped (--lenient): \(skippedLines)") }

        var views = "offline error views: \(offlineViews)"
        if offlineWithoutURL > 0 { views += " (\(offlineWithoutURL) without a url: the cache cannot tell which page)" }
        lines.append(views)
        lines.append("  served  \(String(served).leftPadded(4))  the archive loads instead\(share(served))")
        let reasons = missed.map { "\($0.reason.rawValue) \($0.count)" }.joined(separator: ", ")
        lines.append("  missed  \(String(misses).leftPadded(4))  a toast, and back\(share(misses)): \(reasons)")
        lines.append("  passed  \(String(passed).leftPadded(4))  not −1009: the error view still shows\(share(passed)); the cache held \(passedCached) of them")
        if let age = ageAtServe {
            lines.append("archive age at serve, ms: median \(ms(age.median)), p90 \(ms(age.p90)), max \(ms(age.max))")
        } else {
            lines.append("archive age at serve: nothing served")
        }
        var end = "archives at the end: \(archivesAtEnd) in all, from \(captures) capture\(captures == 1 ? "" : "s")"
        if let largest = largestCache, largest.archives > 0 {
            end += "; the largest cache \(largest.archives) (\(terminalSafe(largest.path)))"
        }
        lines.append(end)

        lines.append("findings:")
        let width = ArchiveFinding.Kind.allCases.map(\.rawValue.count).max()!
        for entry in findings {
            lines += StatsTotals.findingRows(
                entry.kind.rawValue, entry.count, entry.recordings, width: width, listing: listing,
                level: entry.kind.level)
        }
        if failures.count > 0 {
            lines.append("not read:")
            lines += StatsTotals.failureRows(failures)
        }
        return lines
    }

    /// " (40% of the offline error views)", or nothing when there were none.
    private func share(_ count: Int) -> String {
        guard offlineViews > 0 else { return "" }
        return " (\(Int((Double(count) * 100 / Double(offlineViews)).rounded()))%)"
    }

    /// The report as one JSON object, for scripts.
    package func json() -> String {
        let ms = formatMilliseconds
        var age: [(String, String)] = []
        if let ageAtServe {
            age = [("medianMs", ms(ageAtServe.median)), ("p90Ms", ms(ageAtServe.p90)), ("maxMs", ms(ageAtServe.max))]
        }
        let findings = ReportJSON.object(
            self.findings.map { entry in
                (entry.kind.rawValue, ReportJSON.counted(entry.count, in: entry.recordings.entries, level: entry.kind.level))
            })
        let failures = ReportJSON.failures(self.failures.entries)
        return ReportJSON.object([
            ("logs", String(logs)),
            ("malformed", String(malformed)),
            ("unreadable", String(unreadable)),
            ("android", String(android)),
            ("web", String(web)),
            ("skippedLines", String(skippedLines)),
            (
                "settings",
                ReportJSON.object([
                    ("debounceMs", ms(settings.debounce)),
                    ("staleMs", ms(settings.stale)),
                    ("stripParams", "[" + settings.stripParams.map(jsonString).joined(separator: ",") + "]"),
                ])
            ),
            ("offlineViews", String(offlineViews)),
            ("offlineWithoutUrl", String(offlineWithoutURL)),
            ("served", String(served)),
            ("missed", ReportJSON.object(missed.map { ($0.reason.rawValue, String($0.count)) })),
            ("passed", String(passed)),
            ("passedCached", String(passedCached)),
            ("ageAtServe", ReportJSON.object(age)),
            ("captures", String(captures)),
            ("archivesAtEnd", String(archivesAtEnd)),
            ("findings", findings),
            ("failures", failures),
        ])
    }
}
