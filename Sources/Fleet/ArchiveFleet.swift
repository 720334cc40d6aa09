import ArchiveCachePolicy
import BannerFindings
import Foundation
import NativeFindings
import Replay
import TurboRecording

/// One log of an `archive --summary` run: its cache's summary, or why it was not counted.
package typealias ArchiveFleetFile = FleetFile<ArchiveOutcome>

package enum ArchiveOutcome: FleetOutcome, Equatable {
    case read(ArchiveFileSummary)
    /// Strict mode stopped at a malformed line, or the file could not be opened.
    case failed(RecordingError)
    /// An Android log: the cache is iOS-only.
    case android
    /// A web (banner) recording: not an app log.
    case web

    package var failure: RecordingError? { if case .failed(let error) = self { error } else { nil } }
}

/// The team's question over a folder of native logs: of the offline error views its users
/// saw, how many would a web-archive cache have replaced, with pages how old, and which would it
/// still have shown. Each log is replayed on its own (`jobs` at a time, as `stats` does) and the
/// results are added up in path order, so the report never depends on which finished first.
package typealias ArchiveFleet = LogFleet<ArchiveReading>

/// How `archive --summary` reads one log: replayed with `config`'s cache, counted, not kept.
package struct ArchiveReading: FleetReading, Equatable {
    package var config: NativeConfig

    package init(config: NativeConfig = NativeConfig()) { self.config = config }

    package func read(_ log: FleetLog) throws -> ArchiveOutcome {
        guard case .native(let reader) = try log.open() else { return .web }
        _ = try reader.next()
        if archiveRefusal(path: log.path, meta: reader.meta, config: config) != nil { return .android }
        // Counted, not kept: a summary over a fleet needs each log's numbers, never its findings.
        // Every finding the cache decided, as `stats` counts the native findings: the config's
        // `findings` rules are for the reports of one log (`explain`, `render`, `session`).
        var analyzer = ArchiveAnalyzer(settings: config.archive.settings, keepingFindings: false)
        try Replay.analyze(reader, with: &analyzer) { _ in }
        if let error = analyzer.refusalError(path: log.path) { throw error }
        return .read(analyzer.summary)
    }

    /// What the logs add up to, before any is added.
    package var totals: ArchiveTotals { ArchiveTotals(settings: config.archive.settings) }
}

extension LogFleet where Reading == ArchiveReading {
    package var settings: ArchiveSettings { reading.config.archive.settings }

    /// Every log added up in the files' order, as `archive --summary` adds them as it reads.
    package var totals: ArchiveTotals {
        var totals = reading.totals
        for file in files { totals.add(file) }
        return totals
    }

    // MARK: - Added up

    package var summaries: [(path: String, summary: ArchiveFileSummary)] {
        each { if case .read(let summary) = $0 { summary } else { nil } }.map { ($0.path, $0.value) }
    }

    package var android: Int { count(.android) }
    package var web: Int { count(.web) }

    private func total(_ count: (ArchiveFileSummary) -> Int) -> Int {
        summaries.reduce(0) { $0 + count($1.summary) }
    }

    package var offlineViews: Int { total(\.offlineViews) }
    package var offlineWithoutURL: Int { total(\.offlineWithoutURL) }
    package var served: Int { total(\.served) }
    package var passed: Int { total(\.passed) }
    package var passedCached: Int { total(\.passedCached) }
    package var captures: Int { total(\.captures) }
    package var archivesAtEnd: Int { total(\.archivesAtEnd) }
    package var skippedLines: Int { total(\.skippedLines) }

    /// Misses by reason, in the contract's order, every reason listed.
    package var missed: [(reason: MissReason, count: Int)] {
        MissReason.allCases.map { reason in (reason, total { $0.missed[reason] ?? 0 }) }
    }

    package var misses: Int { total(\.misses) }

    /// The log whose cache ended the largest (the first in path order on a tie).
    package var largestCache: (path: String, archives: Int)? {
        var largest: (path: String, archives: Int)?
        for (path, summary) in summaries where summary.archivesAtEnd > (largest?.archives ?? -1) {
            largest = (path, summary.archivesAtEnd)
        }
        return largest
    }

    /// The archives' ages at serve, as `stats` gives pill durations; `nil` with none.
    package var ageAtServe: Distribution? { Distribution(QuantileSketch.combined(summaries.map(\.summary.servedAges))) }

    /// Every finding id, with its count and the logs that show it: the logs to open, most
    /// occurrences first, then by path.
    package var findings: [(kind: ArchiveFinding.Kind, count: Int, recordings: [(path: String, count: Int)])] {
        ArchiveFinding.Kind.allCases.map { kind in
            let recordings = summaries.compactMap { entry in entry.summary.findings[kind].map { (path: entry.path, count: $0) } }
                .sorted { $0.count != $1.count ? $0.count > $1.count : $0.path < $1.path }
            return (kind, recordings.reduce(0) { $0 + $1.count }, recordings)
        }
    }
}
