import BannerFindings
import Foundation
import NativeFindings
import OfflineBanner
import PolicyCore
import Replay
import TurboRecording

/// One file of a `stats` run: its summary, or why it could not be used.
package typealias StatsFile = FleetFile<StatsOutcome>

package enum StatsOutcome: FleetOutcome, Equatable {
    /// A web recording: what the banner did.
    case read(WebLogSummary)
    /// A native recording (`meta.recording` is `native`): what the native policies did.
    case native(NativeLogSummary)
    /// Strict mode stopped at a malformed line, or the file could not be opened.
    case failed(RecordingError)
    /// A file with no record at all (0 bytes, as a crashed upload or a truncated copy leaves
    /// it): not a log, neither web nor native, counted and listed apart.
    case empty

    package var failure: RecordingError? { if case .failed(let error) = self { error } else { nil } }
}

/// How `stats` reads one log: a web log replayed with `settings` (findings by `rules`), a
/// native one with `native` over its `meta` (its variant; field logs come without the goldens'
/// config files), each to its summary.
package struct StatsReading: FleetReading, Equatable {
    package var settings: BannerSettings
    package var native: NativeConfig
    /// The config's `findings` rules: which web findings are counted, and at which level.
    package var rules: FindingRules

    package init(settings: BannerSettings = BannerSettings(), native: NativeConfig = NativeConfig(), rules: FindingRules = FindingRules()) {
        self.settings = settings
        self.native = native
        self.rules = rules
    }

    package func read(_ log: FleetLog) throws -> StatsOutcome {
        // The findings are counted, not shown: the fields that only describe a record are not read.
        let reader: RecordingReader
        switch try log.open(keepObserved: true, keepDetails: false) {
        case .native(let native):
            var (summary, webSessions) = try NativeStatsSections.analyze(native, config: self.native)
            summary.gaps = native.gaps.map(\.range)
            summary.identity = LogIdentity(native: native.meta, webSessions: webSessions)
            return .native(summary)
        case .web(let web): reader = web
        }
        var analyzer = BannerAnalyzer(settings: settings, explaining: false, rules: rules)
        // `Replay.analyze`'s loop, written out on the concrete reader: the generic loop pays a
        // reabstraction thunk a record (bench/history.md has the measurement).
        try reader.forEachInBatches { analyzer.feed($0) { _ in } }
        analyzer.finish { _ in }
        analyzer.noteSkipped(reader.skipped)
        if let cut = reader.cut { analyzer.noteCut(atLine: cut) }
        var summary = WebLogSummary(analyzer.summary)
        summary.gaps = reader.gaps.map(\.range)
        summary.identity = LogIdentity(web: analyzer.meta)
        // No record, no line skipped, no cut, no gap: nothing in the file says it is a web log.
        let nothing = summary.records == 0 && summary.skippedLines == 0 && summary.cut == nil && summary.gaps.isEmpty
        return nothing ? .empty : .read(summary)
    }
}

/// Many field logs at once: each file is analysed on its own (in parallel, `jobs` at a time,
/// `LogFleet`), with the app sessions among them, and the results are combined in key order,
/// so the report never depends on which file finished first.
package struct FleetStats: Equatable, Sendable {
    package var fleet: LogFleet<StatsReading>
    /// The app sessions among the files (`analyzeSessions`), by web recording path.
    package var sessions: [StatsSession]

    package var files: [StatsFile] {
        get { fleet.files }
        set { fleet.files = newValue }
    }

    /// The config's `findings` rules: which web findings are listed, and at which level.
    package var rules: FindingRules { fleet.reading.rules }

    package init(files: [StatsFile], sessions: [StatsSession] = [], rules: FindingRules = FindingRules()) {
        fleet = LogFleet(StatsReading(rules: rules), files: files)
        self.sessions = sessions
    }

    /// Every log in `paths` read with `reading`, held (`LogFleet.analyze`); no app session yet.
    package static func analyze(
        _ paths: [String], reading: StatsReading = StatsReading(), lenient: Bool = false, jobs: Int = 1, distinct: Bool = false
    ) -> FleetStats {
        var stats = FleetStats(files: [])
        stats.fleet = LogFleet.analyze(paths, reading: reading, lenient: lenient, jobs: jobs, distinct: distinct)
        return stats
    }

    /// `stats`'s report as it goes: each log of `logs` (in key order: `FleetLogs.byKey`) read
    /// with its app session (`analyzeSession(of:options:counts:)`), and handed to `fold` in that
    /// order, on the calling thread, as soon as it and every log before it are done. The same
    /// logs, the same order and the same figures as `analyze` then `analyzeSessions` then
    /// `keyed`, for a few logs held at a time instead of every log until the end, and no list
    /// of them.
    ///
    /// Why it matters beyond memory: a summary kept until the end is allocated in the middle of
    /// its log's parse, among the objects json-c allocates and frees on every line, and the
    /// next logs' parses then find their memory in glibc's bins rather than at the top of the
    /// heap, which slows every later parse. Folded at once, the summary is freed with the log
    /// (bench/history.md has the measurement).
    package static func analyzeInKeyOrder(
        _ logs: PathListing, reading: StatsReading, lenient: Bool = false, jobs: Int = 1,
        fold: (_ file: StatsFile, _ session: StatsSession?) throws -> Void
    ) throws {
        let options = SessionOptions(banner: reading.settings, native: NativeConfig(maxOpenViews: reading.native.maxOpenViews), lenient: lenient)
        let counts = FleetLatencyCounts()
        // Every log's link first, to pair each page with the app's log that names it wherever
        // both are; the listing is read once, so its paths wait in a spool for the read proper.
        let paths = try LineSpool()
        var pairing = SessionPairing()
        try inParallel(next: logs.next, jobs: jobs) { path in
            (path, LogLink.scan(path))
        } consume: { path, link in
            pairing.add(path, link)
            paths.write(path)
        }
        var listed = try paths.reading()
        try inParallel(next: { try listed.next() }, jobs: jobs) { [pairing] path in
            var file = LogFleet.file(path, reading, lenient: lenient)
            // The session first: pairing notes on `file` what it could not pair.
            let session = analyzeSession(of: &file, pairing: pairing, options: options, counts: counts)
            return (file, session)
        } consume: { entry in
            try fold(entry.0, entry.1)
        }
    }

    /// Every log with its real path and the app session read with it, in key order: the real
    /// path as a partial's line spells it, byte by byte (`PartialRuns`). The order a partial's
    /// lines come in and a report adds its logs up in, in a single run as in any merge.
    package var keyed: [(file: StatsFile, real: String, session: StatsSession?)] {
        var bySession: [String: StatsSession] = [:]
        for session in sessions { bySession[session.web] = session }
        return files.map { file in
            let real = PartialFrame.realPath(file.path)
            return (key: PartialFrame.key(real: real), entry: (file, real, bySession[file.path]))
        }
        .sorted { $0.key.lexicographicallyPrecedes($1.key) }
        .map(\.entry)
    }

    /// The report's figures, added up in key order.
    package var totals: StatsTotals {
        var totals = StatsTotals(rules: rules)
        for entry in keyed { totals.add(entry.file, session: entry.session) }
        return totals
    }

    // MARK: - Combined

    package var summaries: [(path: String, summary: WebLogSummary)] {
        files.compactMap { file in
            if case .read(let summary) = file.outcome { return (file.path, summary) }
            return nil
        }
    }

    package var failures: [RecordingError] { fleet.failures }

    package var malformed: Int { fleet.malformed }
    package var unreadable: Int { fleet.unreadable }
    package var natives: [(path: String, summary: NativeLogSummary)] {
        files.compactMap { file in
            if case .native(let summary) = file.outcome { return (file.path, summary) }
            return nil
        }
    }

    package var pillEpisodes: Int { summaries.reduce(0) { $0 + $1.summary.pillEpisodes } }

    /// The pill's time up over every log, added log by log in path order.
    package var pillMs: Double { summaries.reduce(0) { $0 + $1.summary.pillMs } }

    /// Per raising cause: episodes and total time, in `RecordingSummary.raisingCauses` order.
    package var pillsByCause: [(cause: BannerCause, episodes: Int, ms: Double)] {
        RecordingSummary.raisingCauses.compactMap { cause in
            let totals = summaries.compactMap { $0.summary.pills[cause] }
            return totals.isEmpty ? nil : (cause, totals.reduce(0) { $0 + $1.episodes }, totals.reduce(0) { $0 + $1.ms })
        }
    }

    /// The pill episodes' durations; `nil` with no episodes.
    package var pillDuration: Distribution? { Distribution(QuantileSketch.combined(summaries.map(\.summary.durations))) }

    package var toasts: Int { summaries.reduce(0) { $0 + $1.summary.toasts } }

    package var silent: [(key: SilentKey, count: Int)] {
        var counts: [SilentKey: Int] = [:]
        for (_, summary) in summaries { counts.merge(summary.silent, uniquingKeysWith: +) }
        return counts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Every finding id the rules leave on, with its level, its count and the recordings that
    /// show it (most occurrences first, then by path).
    package var findings: [(kind: BannerFinding.Kind, level: FindingLevel, count: Int, recordings: [(path: String, count: Int)])] {
        BannerFinding.Kind.allCases.compactMap { kind in
            guard let level = rules.level(of: kind.id, kind.level) else { return nil }
            let recordings = summaries.compactMap { entry in entry.summary.findings[kind].map { (entry.path, $0) } }
                .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
            return (kind, level, recordings.reduce(0) { $0 + $1.1 }, recordings.map { (path: $0.0, count: $0.1) })
        }
    }

    /// The web logs' findings counted by level, every level present.
    package var findingsByLevel: [FindingLevel: Int] {
        findings.reduce(into: Dictionary(uniqueKeysWithValues: FindingLevel.allCases.map { ($0, 0) })) { $0[$1.level]! += $1.count }
    }

    /// The logs read up to their cut (`log-cut`), with the cut's line, in path order.
    package var cuts: [(path: String, line: Int)] {
        files.compactMap { file in
            switch file.outcome {
            case .read(let summary): return summary.cut.map { (file.path, $0) }
            case .native(let summary): return summary.cut.map { (file.path, $0) }
            case .failed, .empty: return nil
            }
        }
    }

    package var skippedLines: Int {
        summaries.reduce(0) { $0 + $1.summary.skippedLines } + natives.reduce(0) { $0 + $1.summary.skippedLines }
    }
}
