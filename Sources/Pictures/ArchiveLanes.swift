import NativeFindings
import TurboRecording

/// The web-archive cache's part of a native picture (`NativeLaneSection`): no lane of its own,
/// its findings in the findings lane, each at its `presented` record (none on an Android log,
/// whose app has no cache).
final class ArchiveLanes: NativeLaneSection {
    /// It draws no row: its findings are the findings lane's.
    let band = NativeLaneBand.app
    /// Dropped at the log's end: the picture is drawn without the cache's pages.
    private var archive: ArchiveFindingsAlongside?

    init(config: NativeConfig, limits: RenderLimits) {
        archive = ArchiveFindingsAlongside(config: config)
    }

    func feed(_ record: NativeRecord, path: String, lanes: inout NativeLanes) throws {
        archive?.feed(record, path: path) { Self.add($0, lanes: &lanes) }
    }

    func finish(lanes: inout NativeLanes) throws {
        defer { archive = nil }
        try archive?.finish { Self.add($0, lanes: &lanes) }
    }

    private static func add(_ finding: ArchiveFinding, lanes: inout NativeLanes) {
        lanes.flag(Flag(t: finding.t, id: finding.kind.rawValue, lines: [finding.line], sentence: "\(finding.url): \(finding.message).", level: finding.level))
    }
}
