import LaunchPolicy
import NativeErrorPolicy
import Replay
import TurboRecording

/// A whole native recording analysed and held: the launch (root screens, the app's own screen
/// log, launch findings), the error view's decisions and retry findings, and connectivity as
/// the `path` records said it. For tests and short logs; `render` draws a log as it reads it
/// and keeps only what the picture draws, the same picture as from this.
package struct NativeRecording: Sendable {
    package var path: String
    package var platform: Platform
    package var launch: LaunchAnalyzer
    package var decisions: [Decision]
    package var retryFindings: [RetryFinding]
    /// The error view's probe loops (`probe-loop`), as `explain` reports them.
    package var probeLoops: [ProbeLoop] = []
    /// The web-archive cache's findings, as `explain` reports them (none for an Android log).
    package var archiveFindings: [ArchiveFinding] = []
    /// Where records were lost to a writer that stopped mid-line (`log-cut`): each `cut` record,
    /// then the log's last line when it was cut.
    package var cuts: [LogCut] = []
    /// The policy's decisions after the log's last record: not compared with the app.
    package var afterEnd: [Decision]
    /// Each `path` record: when, and whether online.
    package var connectivity: [(t: Double, online: Bool)]
    /// The first and last records' `t`; `nil` for a log with no timed record.
    package var first: Double?
    package var last: Double?
    /// The app's own records about its error views, with their lines: what `render` draws as
    /// its marks and what ends a view's span by the app's log (`shownMs`).
    package var viewRecords: [(t: Double, line: Int, event: NativeEvent)] = []

    /// Reads and analyses the native recording at `path` (`-`: standard input), with `config`
    /// over its `meta`. Strict unless `lenient`, whose skipped lines go to `onSkip`.
    package static func analyze(
        path: String, config: NativeConfig = NativeConfig(), lenient: Bool = false,
        onSkip: @escaping (RecordingError) -> Void = { _ in }
    ) throws -> NativeRecording {
        let reader = try NativeRecordingReader(path: path, lenient: lenient, onSkip: onSkip)
        var launch = LaunchAnalyzer(config: config)
        var connectivity: [(t: Double, online: Bool)] = []
        var first: Double?
        var archive = ArchiveFindingsAlongside(config: config)
        var archiveFindings: [ArchiveFinding] = []
        var viewRecords: [(t: Double, line: Int, event: NativeEvent)] = []
        let explanation = try explainNative(
            reader, config: config,
            observe: { record in
                launch.feed(record)
                archive.feed(record, path: reader.path) { archiveFindings.append($0) }
                guard case .timed(let t, let event) = record.event else { return }
                if first == nil { first = t }
                if case .path(let online) = event { connectivity.append((t, online)) }
                if event.isAboutErrorViews { viewRecords.append((t, record.line, event)) }
            })
        launch.finish()
        try archive.finish { archiveFindings.append($0) }
        return NativeRecording(
            path: reader.path, platform: explanation.settings.platform, launch: launch,
            decisions: explanation.decisions + explanation.afterEnd, retryFindings: explanation.findings,
            probeLoops: explanation.probeLoops, archiveFindings: archiveFindings, cuts: reader.cuts,
            afterEnd: explanation.afterEnd,
            connectivity: connectivity, first: first, last: launch.end, viewRecords: viewRecords)
    }
}

extension NativeEvent {
    /// Whether it says something of the error views besides the network: what either the
    /// policy's or the app's timing of a view reads (`presented`, `tap-retry`, `dismissed`,
    /// `foreground`, `launch`, `app-retry`, a page loading).
    package var isAboutErrorViews: Bool {
        if case .path = self { return false }
        return retryInput != nil || shownRecord != nil
    }
}
