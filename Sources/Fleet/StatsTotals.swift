import AppSession
import BannerFindings
import NativeErrorPolicy
import NativeFindings
import OfflineBanner
import PolicyCore
import Replay
import TurboRecording

/// What the `stats` report says, added up log by log in bounded memory: counts, sums, sketches,
/// and for each listing the logs `KeptLogs` keeps. A single run and a merge fold the same logs
/// in the same order (by real path, `FleetStats.keyed`, as partials are sorted), so their sums
/// agree to the last bit and they print the same report; a merge of a million logs holds this,
/// never the logs.
package struct StatsTotals: Sendable {
    package private(set) var webLogs = 0
    package private(set) var nativeLogs = 0
    package private(set) var failures = KeptFailures()
    package private(set) var skippedLines = 0
    /// The logs read up to their cut (`log-cut`), web or native, each with its cut line: all
    /// counted, the first `KeptLogs.capacity` by path kept.
    package private(set) var cuts = KeptLogs<Int>(order: .byPath)
    /// The logs whose collector's folder misses lines or parts (`log-gap`), web or native, each
    /// with its missing ranges: all counted, the first `KeptLogs.capacity` by path kept.
    package private(set) var gaps = KeptLogs<GapRanges>(order: .byPath)
    /// Every log's gaps added up: `log-gap` findings, one a missing range.
    package private(set) var gapCount = 0
    /// The files with no record (`StatsOutcome.empty`): not logs, so in no count of logs; all
    /// counted, the first `KeptLogs.capacity` by path kept (their values are 0).
    package private(set) var empty = KeptLogs<Int>(order: .byPath)

    package private(set) var pillEpisodes = 0
    /// The pill's time up over every log, added log by log.
    package private(set) var pillMs = 0.0
    private var causes: [BannerCause: (episodes: Int, ms: Double)] = [:]
    private var durations = QuantileSketch()
    package private(set) var toasts = 0
    private var silentCounts: [SilentKey: Int] = [:]
    private var findingCounts: [BannerFinding.Kind: (count: Int, logs: KeptLogs<Int>)] = [:]

    private var platforms: [Platform: Int] = [:]
    /// Each native policy's figures (`NativeStatsSections`), in registry order.
    package private(set) var policies = NativeStatsSections.All.Totals()
    private var nativeFindingCounts: [String: (count: Int, logs: KeptLogs<Int>)] = [:]

    package internal(set) var sessions = SessionTotals()
    /// What the pages showed (`seen`): recordings with it, with drift, and the fitted timings.
    package private(set) var seen = SeenTotals()
    /// The app logs whose `web-session` names pages none of the logs has, each with why: all
    /// counted, the first `KeptLogs.capacity` by path kept.
    package private(set) var unpaired = KeptLogs<String>(order: .byPath)
    /// The web logs whose `NAME.native.jsonl` names other pages, each with why.
    package private(set) var pairsRefused = KeptLogs<String>(order: .byPath)
    /// The config's `findings` rules: which web findings are listed, and at which level (a
    /// merge learns them from its partials once they are read).
    package var rules: FindingRules

    package init(rules: FindingRules = FindingRules()) { self.rules = rules }

    /// One log, with the app session read with it.
    package mutating func add(_ file: StatsFile, session: StatsSession? = nil) {
        switch file.outcome {
        case .read(let summary): add(web: summary, path: file.path)
        case .native(let summary): add(native: summary, path: file.path)
        case .failed(let error): failures.add(error)
        case .empty: empty.add(file.path, 0)
        }
        if let session { sessions.add(session) }
    }

    private mutating func add(web summary: WebLogSummary, path: String) {
        webLogs += 1
        skippedLines += summary.skippedLines
        if let cut = summary.cut { cuts.add(path, cut) }
        addGaps(summary.gaps, path: path)
        pillEpisodes += summary.pillEpisodes
        pillMs += summary.pillMs
        for (cause, total) in summary.pills {
            let before = causes[cause] ?? (0, 0)
            causes[cause] = (before.episodes + total.episodes, before.ms + total.ms)
        }
        durations.add(summary.durations)
        toasts += summary.toasts
        silentCounts.merge(summary.silent, uniquingKeysWith: +)
        for (kind, count) in summary.findings {
            // In place: an entry taken out and put back shares its kept logs with the dictionary,
            // and each insert then copies every log kept (a thousand) for every log added.
            findingCounts[kind, default: (0, KeptLogs())].count += count
            findingCounts[kind, default: (0, KeptLogs())].logs.add(path, count)
        }
        seen.add(summary)
        if let refused = summary.pairRefused { pairsRefused.add(path, refused) }
    }

    private mutating func add(native summary: NativeLogSummary, path: String) {
        nativeLogs += 1
        if let unpaired = summary.unpaired { self.unpaired.add(path, unpaired) }
        skippedLines += summary.skippedLines
        if let cut = summary.cut { cuts.add(path, cut) }
        addGaps(summary.gaps, path: path)
        platforms[summary.platform, default: 0] += 1
        policies.add(summary, path: path)
        for (id, count) in summary.findings {
            // In place: an entry taken out and put back shares its kept logs with the dictionary,
            // and each insert then copies every log kept (a thousand) for every log added.
            nativeFindingCounts[id, default: (0, KeptLogs())].count += count
            nativeFindingCounts[id, default: (0, KeptLogs())].logs.add(path, count)
        }
    }

    private mutating func addGaps(_ ranges: [String], path: String) {
        guard !ranges.isEmpty else { return }
        gaps.add(path, GapRanges(ranges))
        gapCount += ranges.count
    }

    // MARK: - What the report reads

    package var malformed: Int { failures.malformed }
    package var unreadable: Int { failures.unreadable }

    /// Per raising cause: episodes and total time, in `RecordingSummary.raisingCauses` order.
    package var pillsByCause: [(cause: BannerCause, episodes: Int, ms: Double)] {
        RecordingSummary.raisingCauses.compactMap { cause in causes[cause].map { (cause, $0.episodes, $0.ms) } }
    }

    package var pillDuration: Distribution? { Distribution(durations) }

    package var silent: [(key: SilentKey, count: Int)] {
        silentCounts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Every finding id the rules leave on, with its level, its count and the logs kept for it.
    package var findings: [(kind: BannerFinding.Kind, level: FindingLevel, count: Int, recordings: KeptLogs<Int>)] {
        BannerFinding.Kind.allCases.compactMap { kind in
            guard let level = rules.level(of: kind.id, kind.level) else { return nil }
            let entry = findingCounts[kind] ?? (0, KeptLogs())
            return (kind, level, entry.count, entry.logs)
        }
    }

    package var findingsByLevel: [FindingLevel: Int] {
        findings.reduce(into: Dictionary(uniqueKeysWithValues: FindingLevel.allCases.map { ($0, 0) })) { $0[$1.level]! += $1.count }
    }

    package var nativePlatforms: [(platform: Platform, count: Int)] {
        Platform.allCases.compactMap { platform in platforms[platform].map { (platform, $0) } }
    }

    package var nativeFindings: [(id: String, level: FindingLevel, count: Int, recordings: KeptLogs<Int>)] {
        NativeStatsSections.findingIDs.map { id in
            let entry = nativeFindingCounts[id] ?? (0, KeptLogs())
            return (id, NativeStatsSections.findingLevels[id] ?? .warning, entry.count, entry.logs)
        }
    }

    package var nativeFindingsByLevel: [FindingLevel: Int] {
        nativeFindings.reduce(into: Dictionary(uniqueKeysWithValues: FindingLevel.allCases.map { ($0, 0) })) { $0[$1.level]! += $1.count }
    }
}
