import Foundation
import PolicyCore
import Testing

@testable import BannerFindings
@testable import Fleet
@testable import NativeFindings
@testable import Reports
@testable import TestSupport

/// Every finding id has a level, the docs' tables say the same level, and the one decision
/// behind the exit status reads them.
@Suite struct FindingLevelTests {
    // MARK: - The levels

    @Test func theDebounceDoingItsJobAndTheCaptureArtefactAreInfo() {
        #expect(BannerFinding.Kind.flapSuppressed.level == .info)
        #expect(BannerFinding.Kind.emulatedOnline.level == .info)
        #expect(ArchiveFinding.Kind.offlineMiss.level == .info)
        let warnings: [BannerFinding.Kind] = [.onlineLied, .stalePill, .prefetchPill, .reloadOffline, .relabelledToast]
        #expect(warnings.allSatisfy { $0.level == .warning })
        #expect(RetryFinding.Kind.allCases.allSatisfy { $0.level == .warning })
        #expect(LaunchFinding.Kind.allCases.allSatisfy { $0.level == .warning })
        #expect(ArchiveFinding.Kind.notIntercepted.level == .warning && ArchiveFinding.Kind.staleArchive.level == .warning)
    }

    /// `| \`id\` | level …` rows of a docs table: the id and the first word of its level cell.
    private func documentedLevels(_ file: String) throws -> [String: String] {
        let text = try String(contentsOfFile: packageRoot + "/docs/" + file, encoding: .utf8)
        var levels: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 3 else { continue }
            let id = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let word = cells[2].prefix { $0.isLetter }
            if word == "warning" || word == "info" { levels[id] = String(word) }
        }
        return levels
    }

    @Test func theDocsTablesStateEachLevel() throws {
        let banner = try documentedLevels("field-reports.md")
        for kind in BannerFinding.Kind.allCases {
            #expect(banner[kind.id] == kind.level.rawValue, "docs/field-reports.md: \(kind.id)")
        }
        let retry = try documentedLevels("native-error-view.md")
        for kind in RetryFinding.Kind.allCases {
            #expect(retry[kind.rawValue] == kind.level.rawValue, "docs/native-error-view.md: \(kind.rawValue)")
        }
        let launch = try documentedLevels("launch.md")
        for kind in LaunchFinding.Kind.allCases {
            #expect(launch[kind.rawValue] == kind.level.rawValue, "docs/launch.md: \(kind.rawValue)")
        }
        let archive = try documentedLevels("archive-cache.md")
        for kind in ArchiveFinding.Kind.allCases {
            #expect(archive[kind.rawValue] == kind.level.rawValue, "docs/archive-cache.md: \(kind.rawValue)")
        }
    }

    @Test func statsKnowsEveryNativeIdsLevel() {
        #expect(Set(NativeStatsSections.findingLevels.keys) == Set(NativeStatsSections.findingIDs))
    }

    // MARK: - The exit-status decision

    @Test func failOnDecides() {
        let none: [FindingLevel] = [], info: [FindingLevel] = [.info, .info], both: [FindingLevel] = [.info, .warning]
        #expect(FailOn.default == .warning)
        #expect(!FailOn.warning.fails(none) && !FailOn.warning.fails(info) && FailOn.warning.fails(both))
        #expect(!FailOn.info.fails(none) && FailOn.info.fails(info) && FailOn.info.fails(both))
        #expect(!FailOn.never.fails(none) && !FailOn.never.fails(info) && !FailOn.never.fails(both))
    }

    @Test func aSessionOfFlapsOnlyDoesNotFailByDefault() throws {
        let flaps = try analyze("chromium/flap-short")
        #expect(flaps.summary.findingLevels == [.info, .info, .info])
        #expect(!FailOn.default.fails(flaps.summary.findingLevels))
        #expect(FailOn.info.fails(flaps.summary.findingLevels))
        let dead = try analyze("chromium/dead-upstream-frame")
        #expect(FailOn.default.fails(dead.summary.findingLevels))
    }

    // MARK: - Printed

    @Test func explainPrintsTheLevelAndCountsByLevel() throws {
        let session = try analyze("findings/emulated-online")
        let rows = session.events.compactMap(ExplainText.row)
        #expect(rows.contains { $0.contains("finding  reload-offline (warning) at 2077.6 [lines 7, 9]: ") })
        #expect(rows.contains { $0.contains("finding  emulated-online (info) at 2121.4 [lines 10, 11]: ") })
        #expect(ExplainText.summary(session.summary).contains("  findings: warning 1 (reload-offline 1), info 1 (emulated-online 1)"))
        #expect(ExplainText.summary(RecordingSummary()).contains("  findings: none"))
        let json = session.events.compactMap { if case .finding(let f) = $0 { ReportJSON.finding(f) } else { nil } }
        #expect(json.allSatisfy { $0.contains(#","level":""#) })
        #expect(
            json.last?.hasPrefix(
                #"{"t":2121.4,"finding":"emulated-online","level":"info","lines":[10,11],"unloadAt":2167.9,"beforeUnloadMs":46.5,"flash":true,"#) == true)
        #expect(ReportJSON.summary(session.summary).contains(#""levels":{"warning":1,"info":1}"#))
    }

    @Test func nativeFindingLinesCarryTheLevel() {
        let retry = RetryFinding(t: 5, surface: "sheet", detail: .missed(.edge), presentedLine: 3)
        #expect(retry.jsonLine.hasPrefix(#"{"t":5,"surface":"sheet","finding":"missed-retry","level":"warning","line":3,"trigger":"edge","message":"#))
        #expect(NativeTextTimeline.row(retry).contains("missed-retry      warning  line 3: the policy retried"))
        #expect(NativeTextTimeline.counted([.warning, .info, .info], "archive finding") == "3 archive findings (warning 1, info 2)")
        let launch = LaunchFinding(t: 9, kind: .stalled, lines: [2], detail: .stalled(launchedAt: 0, launchMs: 9))
        #expect(launch.jsonLine.hasPrefix(#"{"t":9,"finding":"stalled","level":"warning","lines":[2],"#))
        let miss = ArchiveFinding(t: 3, line: 4, url: "https://a/", key: "https://a/", detail: .offlineMiss(.neverVisited))
        #expect(miss.jsonLine.hasPrefix(#"{"t":3,"finding":"offline-miss","level":"info","line":4,"#))
        #expect(ArchiveTextTimeline.row(miss).contains("finding      offline-miss (info) never-visited: "))
    }

    // MARK: - stats

    @Test func statsCountsFindingsByLevel() throws {
        let paths =
            ["chromium/flap-short", "chromium/dead-upstream-frame", "findings/emulated-online"].map(recording)
            + [nativeRecordings + "/offline-and-back-before-deferred-expiry.jsonl"]
        let stats = FleetStats.analyze(paths, jobs: 2)
        #expect(stats.failures.isEmpty)
        // flap-suppressed 3 and emulated-online 1; online-lied, stale-pill, reload-offline.
        #expect(stats.findingsByLevel == [.info: 4, .warning: 3])
        #expect(stats.nativeFindingsByLevel == [.warning: 2, .info: 0])
        let text = stats.text(listing: nil)
        #expect(text.contains("findings: warning 3, info 4"))
        #expect(text.contains("native findings: warning 2, info 0"))
        #expect(text.contains { $0.hasPrefix("  emulated-online   info        1  ") && $0.hasSuffix("findings/emulated-online.jsonl") })
        #expect(text.contains { $0.hasPrefix("  flap-suppressed   info        3  ") })
        #expect(text.contains { $0.hasPrefix("  missed-retry          warning     1  ") })
        let json = stats.json()
        #expect(json.contains(#""levels":{"warning":3,"info":4}"#))
        #expect(json.contains(#""levels":{"warning":2,"info":0}"#))
        #expect(json.contains(#""emulated-online":{"level":"info","count":1,"#))
    }
}
