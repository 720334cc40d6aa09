import ArchiveCachePolicy
import BannerFindings
import Foundation
import NativeFindings
import Replay
import TurboRecording

/// One log of an `archive --summary` run: its cache's summary, or why it was not counted.
package typealias ArchiveFleetFile = FleetFile<ArchiveOutcome>

package enum ArchiveOutcome: FleetOutcome {
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
package struct ArchiveFleet: Equatable, Sendable {
    package var settings: ArchiveSettings
    package var files: [ArchiveFleetFile]

    package init(settings: ArchiveSettings, files: [ArchiveFleetFile]) {
        self.settings = settings
        self.files = files
    }

    /// Every log in `paths` (files, in the order given), replayed with `config`.
    /// `distinct`: the paths are known to name distinct logs (as a `RecordingFiles.list` listing
    /// or `FleetLogs.unique` gives them), so none is resolved again.
    package static func analyze(
        _ paths: [String], config: NativeConfig = NativeConfig(), lenient: Bool = false,
        jobs: Int = 1, distinct: Bool = false
    ) -> ArchiveFleet {
        ArchiveFleet(
            settings: config.archive.settings,
            files: inParallel(distinct ? paths : FleetLogs.unique(paths), jobs: jobs) { analyzeFile($0, config: config, lenient: lenient) })
    }

    /// `archive --summary`'s report as it goes: each log of `paths` replayed, `jobs` at a
    /// time, and added to the totals in the paths' order as soon as it and every log before it
    /// are done; `each` sees it first (its warnings and failure, for standard error).
    package static func summarize(
        _ paths: [String], config: NativeConfig = NativeConfig(), lenient: Bool = false, jobs: Int = 1,
        each: (ArchiveFleetFile) throws -> Void
    ) throws -> ArchiveTotals {
        var unique = FleetLogs.unique(paths).makeIterator()
        return try summarize(next: { unique.next() }, config: config, lenient: lenient, jobs: jobs, each: each)
    }

    /// `summarize` over a listing, in its order, streamed: no list of the logs is held either.
    package static func summarize(
        _ logs: PathListing, config: NativeConfig = NativeConfig(), lenient: Bool = false, jobs: Int = 1,
        each: (ArchiveFleetFile) throws -> Void
    ) throws -> ArchiveTotals {
        try summarize(next: logs.next, config: config, lenient: lenient, jobs: jobs, each: each)
    }

    private static func summarize(
        next: @escaping () throws -> String?, config: NativeConfig, lenient: Bool, jobs: Int, each: (ArchiveFleetFile) throws -> Void
    ) throws -> ArchiveTotals {
        var totals = ArchiveTotals(settings: config.archive.settings)
        try inParallel(next: next, jobs: jobs) {
            analyzeFile($0, config: config, lenient: lenient)
        } consume: { file in
            try each(file)
            totals.add(file)
        }
        return totals
    }

    /// Every log added up in the files' order, as `summarize` adds them as it reads.
    package var totals: ArchiveTotals {
        var totals = ArchiveTotals(settings: settings)
        for file in files { totals.add(file) }
        return totals
    }

    /// One log, start to end, in the calling thread.
    package static func analyzeFile(_ path: String, config: NativeConfig, lenient: Bool) -> ArchiveFleetFile {
        let read = readFleetLog(path, failed: ArchiveFleetFile.Outcome.failed) { onSkip -> ArchiveFleetFile.Outcome in
            // Opened once: the kind is read from the first record, which stays to be read (a
            // FIFO or `<(…)` cannot be opened again).
            let lines = try JSONLines(path: path)
            guard try RecordingKind.of(lines: lines) == .native else { return .web }
            let reader = NativeRecordingReader(lines: lines, lenient: lenient, onSkip: onSkip)
            _ = try reader.next()
            if archiveRefusal(path: path, meta: reader.meta, config: config) != nil { return .android }
            // Counted, not kept: a summary over a fleet needs each log's numbers, never its findings.
            var analyzer = ArchiveAnalyzer(settings: config.archive.settings, keepingFindings: false)
            try Replay.analyze(reader, with: &analyzer) { _ in }
            if let error = analyzer.refusalError(path: path) { throw error }
            return .read(analyzer.summary)
        }
        return ArchiveFleetFile(path: path, outcome: read.outcome, warnings: read.warnings)
    }

    // MARK: - Added up

    package var summaries: [(path: String, summary: ArchiveFileSummary)] {
        files.compactMap { file in
            if case .read(let summary) = file.outcome { return (file.path, summary) }
            return nil
        }
    }

    package var failures: [RecordingError] { files.failures() }

    package var malformed: Int { files.failures(.malformed) }
    package var unreadable: Int { files.failures(.unreadable) }
    package var android: Int { files.filter { $0.outcome == .android }.count }
    package var web: Int { files.filter { $0.outcome == .web }.count }

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
