import ArchiveCachePolicy
import NativeFindings
import Replay
import TurboRecording

/// What `archive --summary` says of many logs, added up log by log as each is read, in
/// bounded memory: counts, the archives' ages as a sketch, and for each finding id and for the
/// logs not read, the first `KeptLogs.capacity` logs in the report's order, as `stats` keeps
/// them. The run holds a few logs at a time, never the fleet's.
package struct ArchiveTotals: Sendable {
    package let settings: ArchiveSettings
    /// Logs read (iOS app logs).
    package private(set) var logs = 0
    package private(set) var failures = KeptFailures()
    /// Android logs (the cache is iOS-only) and web recordings, skipped.
    package private(set) var android = 0
    package private(set) var web = 0
    package private(set) var skippedLines = 0

    package private(set) var offlineViews = 0
    package private(set) var offlineWithoutURL = 0
    package private(set) var served = 0
    package private(set) var passed = 0
    package private(set) var passedCached = 0
    package private(set) var captures = 0
    package private(set) var archivesAtEnd = 0
    private var missedCounts: [MissReason: Int] = [:]
    private var ages = QuantileSketch()
    /// The log whose cache ended the largest (the first added on a tie: the first in path order).
    package private(set) var largestCache: (path: String, archives: Int)?
    private var findingCounts: [ArchiveFinding.Kind: (count: Int, logs: KeptLogs<Int>)] = [:]

    package init(settings: ArchiveSettings) { self.settings = settings }

    package mutating func add(_ file: ArchiveFleetFile) {
        switch file.outcome {
        case .read(let summary): add(summary, path: file.path)
        case .failed(let error): failures.add(error)
        case .android: android += 1
        case .web: web += 1
        }
    }

    private mutating func add(_ summary: ArchiveFileSummary, path: String) {
        logs += 1
        skippedLines += summary.skippedLines
        offlineViews += summary.offlineViews
        offlineWithoutURL += summary.offlineWithoutURL
        served += summary.served
        passed += summary.passed
        passedCached += summary.passedCached
        captures += summary.captures
        archivesAtEnd += summary.archivesAtEnd
        missedCounts.merge(summary.missed, uniquingKeysWith: +)
        ages.add(summary.servedAges)
        if summary.archivesAtEnd > (largestCache?.archives ?? -1) { largestCache = (path, summary.archivesAtEnd) }
        for (kind, count) in summary.findings {
            // In place: an entry taken out and put back would copy its kept logs on every insert.
            findingCounts[kind, default: (0, KeptLogs())].count += count
            findingCounts[kind, default: (0, KeptLogs())].logs.add(path, count)
        }
    }

    package var malformed: Int { failures.malformed }
    package var unreadable: Int { failures.unreadable }

    /// Misses by reason, in the contract's order, every reason listed.
    package var missed: [(reason: MissReason, count: Int)] {
        MissReason.allCases.map { ($0, missedCounts[$0] ?? 0) }
    }

    package var misses: Int { missedCounts.values.reduce(0, +) }

    /// The archives' ages at serve, as `stats` gives pill durations; `nil` with none.
    package var ageAtServe: Distribution? { Distribution(ages) }

    /// Every finding id, with its count and the logs kept for it: the logs to open, most
    /// occurrences first, then by path.
    package var findings: [(kind: ArchiveFinding.Kind, count: Int, recordings: KeptLogs<Int>)] {
        ArchiveFinding.Kind.allCases.map { kind in
            let entry = findingCounts[kind] ?? (0, KeptLogs())
            return (kind, entry.count, entry.logs)
        }
    }
}
