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
    private var path = ""

    package init(config: NativeConfig) {
        self.config = config
        analyzer = ArchiveAnalyzer(config: config, keepingFindings: false)
    }

    package mutating func feed(_ record: NativeRecord, path: String, found: (ArchiveFinding) -> Void) {
        switch record.event {
        case .meta(let meta):
            self.path = path
            android = archiveRefusal(path: path, meta: meta, config: config) != nil
        case .timed where !android: analyzer.feed(record) { if case .finding(let finding) = $0 { found(finding) } }
        case .timed: break
        }
    }

    /// The end of the log: a pending capture fires (a capture makes no finding, but the
    /// bookkeeping is the same as `explain`'s). Throws the analyzer's refusal of a log with
    /// more pages than it remembers: its findings past that line could name a wrong reason.
    package mutating func finish(found: (ArchiveFinding) -> Void) throws {
        guard !android else { return }
        analyzer.finish { if case .finding(let finding) = $0 { found(finding) } }
        if let error = analyzer.refusalError(path: path) { throw error }
    }
}
