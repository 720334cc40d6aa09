import Replay
import TurboRecording

/// The web-archive cache's findings, taken alongside another pass over a native log (the
/// picture's): the same cache `explain` replays, with the same settings, and nothing for an
/// Android log (by its `meta` or the config), which `explain` does not replay either. Keeps
/// no rows and no findings: each is handed on as it is decided.
package struct ArchiveFindingsAlongside: Sendable {
    private var analyzer: ArchiveAnalyzer
    private let config: NativeConfig
    private var android = false

    package init(config: NativeConfig) {
        self.config = config
        analyzer = ArchiveAnalyzer(settings: config.archive.settings, keepingFindings: false)
    }

    package mutating func feed(_ record: NativeRecord, path: String, found: (ArchiveFinding) -> Void) {
        switch record.event {
        case .meta(let meta): android = archiveRefusal(path: path, meta: meta, config: config) != nil
        case .timed where !android: analyzer.feed(record) { if case .finding(let finding) = $0 { found(finding) } }
        case .timed: break
        }
    }

    /// The end of the log: a pending capture fires (a capture makes no finding, but the
    /// bookkeeping is the same as `explain`'s).
    package mutating func finish(found: (ArchiveFinding) -> Void) {
        guard !android else { return }
        analyzer.finish { if case .finding(let finding) = $0 { found(finding) } }
    }
}
