import NativeFindings
import PolicyRegistry
import Replay
import TurboRecording

/// The web-archive cache's part of `stats`: its findings alone, as `explain` gives them (none
/// for an Android log). What it served and missed is `archive --summary`'s own fleet report.
package struct ArchiveStatsSection: NativeStatsSection {
    package typealias Totals = NoStatsTotals

    package static let policies: [PolicyID] = [.archive]

    private var archive: ArchiveFindingsAlongside

    package init(config: NativeConfig) {
        archive = ArchiveFindingsAlongside(config: config)
    }

    package mutating func feed(_ record: NativeRecord, path: String, findings: inout [String: Int]) throws {
        archive.feed(record, path: path) { findings[$0.kind.rawValue, default: 0] += 1 }
    }

    package mutating func finish(path: String, findings: inout [String: Int]) throws {
        try archive.finish { findings[$0.kind.rawValue, default: 0] += 1 }
    }
}
