import ArchiveCachePolicy
import NativeFindings
import PolicyCore
import Replay
import TurboRecording

/// The web-archive cache's part of what is printed about an app's log: its `explain` section
/// and its findings in `session`'s native layer. It adds nothing to `session`'s summary: its
/// findings are counted in the native layer's line.
enum ArchiveLogReport: NativeLogReport {
    static func explainSection(config: NativeConfig, jsonl: Bool) throws -> any ExplainSection {
        try ArchiveExplain(config: config, jsonl: jsonl)
    }
    static func layerSection(config: NativeConfig, sortBudget: Int) -> any SessionLayerSection { ArchiveLayerSection(config: config) }
}

/// The web-archive cache's part of `explain` on a native log: fed the same records as the
/// retry comparison, it says what each navigation record did to the cache and what the cache
/// decided, with its findings. A log without navigation records (no `finish`, `url-change`,
/// `cache-clear`, `cache-remove`, nor a `presented` with a `url`) adds nothing; an Android one
/// adds a note, since the cache is iOS-only.
final class ArchiveExplain: ExplainSection {
    private let config: NativeConfig
    private var analyzer: ArchiveAnalyzer
    /// The section's lines, as they are decided, on disk until it is printed: the rows and
    /// findings for people, or the findings' JSON lines.
    private let rows: RowSpool
    private let jsonl: Bool
    private var android = false
    private var androidNavigation = false
    private var path = ""

    init(config: NativeConfig, jsonl: Bool) throws {
        self.config = config
        rows = try RowSpool()
        self.jsonl = jsonl
        analyzer = ArchiveAnalyzer(config: config, keepingFindings: false)
    }

    func observe(_ record: NativeRecord, path: String, console: any ExplainPrinter) {
        switch record.event {
        case .meta(let meta):
            self.path = path
            android = archiveRefusal(path: path, meta: meta, config: config) != nil
        case .timed(_, let event) where android:
            androidNavigation = androidNavigation || ArchiveAnalyzer.isNavigation(event)
        case .timed:
            let (rows, settings, jsonl) = (rows, analyzer.settings, jsonl)
            analyzer.feed(record) { Self.spool($0, to: rows, settings: settings, jsonl: jsonl) }
        }
    }

    private static func spool(_ event: ArchiveEvent, to rows: RowSpool, settings: ArchiveSettings, jsonl: Bool) {
        switch event {
        case .row(let row): if !jsonl { rows.write(ArchiveTextTimeline.row(row, settings: settings)) }
        case .finding(let finding): rows.write(jsonl ? finding.jsonLine : ArchiveTextTimeline.row(finding))
        }
    }

    /// The findings counted by id, once `report` has finished the cache.
    var findingCounts: [(id: String, level: FindingLevel, count: Int)] {
        ArchiveFinding.Kind.allCases.compactMap { kind in analyzer.summary.findings[kind].map { (kind.rawValue, analyzer.level(of: kind), $0) } }
    }

    /// Prints the cache's section; returns its findings' levels.
    func report(path: String, cuts: Int, console: any ExplainPrinter) throws -> [FindingLevel] {
        if android {
            if androidNavigation {
                let note = "archive cache: not replayed, it is iOS-only and this log is android"
                if jsonl { console.error("turbo-replay: note: \(note)") } else { try console.print(note) }
            }
            return []
        }
        let (rows, settings) = (rows, analyzer.settings)
        analyzer.finish { Self.spool($0, to: rows, settings: settings, jsonl: jsonl) }
        if let error = analyzer.refusalError(path: self.path) { throw error }
        guard analyzer.summary.hasNavigation else { return [] }
        if jsonl {
            try rows.replay { try console.print($0) }
        } else {
            try console.print("archive cache (" + ArchiveTextTimeline.settings(analyzer.settings) + ")")
            try console.print(ArchiveTextTimeline.explainHeader)
            try rows.replay { try console.print($0) }
            let summary = analyzer.summary
            try console.print(
                "archive: \(summary.served) served, \(summary.misses) missed, \(summary.passed) passed "
                    + "(\(summary.passedCached) cached); \(summary.archivesAtEnd) archive\(summary.archivesAtEnd == 1 ? "" : "s") at the end")
            try console.print(
                analyzer.levels.isEmpty
                    ? "no archive findings"
                    : NativeTextTimeline.counted(analyzer.levels, "archive finding"))
        }
        return analyzer.levels
    }
}

/// The web-archive cache's findings; none on an Android log (the cache is iOS-only).
struct ArchiveLayerSection: SessionLayerSection {
    private var archive: ArchiveAnalyzer
    private let config: NativeConfig
    private var refused = false

    init(config: NativeConfig) {
        archive = ArchiveAnalyzer(config: config, keepingFindings: false)
        self.config = config
    }

    mutating func feed(_ record: NativeRecord, found: inout [String]) {
        switch record.event {
        case .meta(let meta):
            refused = archiveRefusal(path: "", meta: meta, config: config) != nil
        case .timed:
            if !refused {
                archive.feed(record) { if case .finding(let finding) = $0 { found.append(finding.jsonLine) } }
            }
        }
    }

    mutating func finish(found: (String) -> Void) {
        if !refused {
            archive.finish { if case .finding(let finding) = $0 { found(finding.jsonLine) } }
        }
    }

    /// A native log with more pages than the cache's findings remember: past its line a miss
    /// could be given a wrong reason, so the session refuses it as `explain` does.
    func refusal(path: String) -> RecordingError? { archive.refusalError(path: path) }
}
