import OfflineBanner
import Replay
import TurboRecording

/// A whole recording analysed: every event in the order it was decided, the findings and
/// the summary. For `render` and tests; `explain` streams instead.
package struct BannerRecording: Equatable, Sendable {
    package var path: String
    package var settings: BannerSettings
    package var meta: Meta?
    package var events: [ExplainEvent]
    package var summary: RecordingSummary

    package var findings: [BannerFinding] {
        events.compactMap { if case .finding(let finding) = $0 { return finding } else { return nil } }
    }

    package func findings(_ kind: BannerFinding.Kind) -> [BannerFinding] {
        findings.filter { $0.kind == kind }
    }

    /// Reads and analyses the recording at `path` (`-`: standard input). Strict unless
    /// `lenient`, whose skipped lines go to `onSkip`; `keepingEpisodes` keeps every pill
    /// episode in the summary (tests).
    package static func analyze(
        path: String, settings: BannerSettings = BannerSettings(), lenient: Bool = false, keepingEpisodes: Bool = false,
        onSkip: @escaping (RecordingError) -> Void = { _ in }
    ) throws -> BannerRecording {
        let reader = try RecordingReader(path: path, lenient: lenient, keepObserved: true, onSkip: onSkip)
        var analyzer = BannerAnalyzer(settings: settings, keepingEpisodes: keepingEpisodes)
        var events: [ExplainEvent] = []
        try analyze(reader, with: &analyzer) { events.append($0) }
        return BannerRecording(
            path: reader.path, settings: settings, meta: analyzer.meta, events: events,
            summary: analyzer.summary)
    }

    /// Feeds every record of `reader` to `analyzer`, then finishes it, handing each event to
    /// `emit` as soon as it is decided.
    package static func analyze(
        _ reader: RecordingReader, with analyzer: inout BannerAnalyzer,
        emit: (ExplainEvent) throws -> Void
    ) throws {
        try Replay.analyze(reader, with: &analyzer, emit: emit)
    }
}
