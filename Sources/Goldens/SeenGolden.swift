import Foundation
import OfflineBanner
import Replay
import TurboRecording

/// What a golden guards once a recording has `seen` records: the model (its timeline against
/// `NAME.expected.jsonl`) and the app (what its banner showed against that timeline). A web
/// recording whose page showed something is held to the replay under its own config: every
/// difference beyond the tolerance (`SeenTolerance`, the config's `seenEventMs`/`seenTimerMs`)
/// fails it, however well the timeline matches its golden.
///
/// `NAME.seen.expected.jsonl`, written by hand, lists the differences a recording is known to
/// have (one canonical line each, `SeenDifference.jsonLine`): then they must be exactly those.
/// `--update` never writes it: what the app did wrong is not a timeline to bless by re-running.
extension GoldenCase {
    /// The known differences' golden.
    package var seenGolden: String { RecordingFiles.stem(recording) + ".seen.expected.jsonl" }

    /// The page's banner held to the replay; `nil` for a native recording or one without `seen`.
    package func checkSeen() -> GoldenCheck? {
        let config = FileManager.default.fileExists(atPath: self.config) ? self.config : nil
        let outcome: SeenOutcome
        do {
            guard try RecordingKind.of(path: recording) == .web else { return nil }
            let settings = try config.map { try BannerConfig.load(path: $0).settings() } ?? BannerSettings()
            outcome = try SeenOutcome(recording: recording, settings: settings)
        } catch {
            return GoldenCheck(golden: seenGolden, result: .unreadable(recordingError(error, path: recording)))
        }
        guard outcome.comparison.judged else { return nil }
        let differences = outcome.comparison.differences
        guard FileManager.default.fileExists(atPath: seenGolden) else {
            if differences.isEmpty { return nil }
            return GoldenCheck(golden: seenGolden, result: .drift(report: outcome.report))
        }
        let source: TimelineSource = { emit in
            for difference in differences { try emit(Array(difference.jsonLine.utf8)) }
            return true
        }
        return compare(source, with: seenGolden, update: false).map { GoldenCheck(golden: seenGolden, result: $0) }
    }
}

/// A recording replayed under `settings`, with what its page showed held against the timeline.
struct SeenOutcome {
    let comparison: SeenComparison
    let settings: BannerSettings

    init(recording: String, settings: BannerSettings) throws {
        var banner = OfflineBanner(settings: settings)
        var output: [TimelineRecord] = []
        var page: [PageObservation] = []
        var end = -Double.infinity
        try RecordingReader(path: recording, keepObserved: false).forEach { record in
            if let t = record.t { end = max(end, t) }
            banner.feed(record, into: &output)
            switch record.event {
            case .seen(let seen): page.append(.seen(seen))
            case .input(let t, .pagehide(persisted: false)): page.append(.documentEnded(t: t))
            default: break
            }
        }
        banner.finish(into: &output)
        comparison = BannerConformance.compare(
            model: output.changes, page: page, tolerance: settings.seenTolerance, watchedUntil: end)
        self.settings = settings
    }

    /// For a person: how many differences, the first in a sentence, each as a line, and the fit.
    var report: String {
        let differences = comparison.differences
        let tolerance = settings.seenTolerance
        var lines = ["first: " + differences[0].sentence(tolerance: tolerance)]
        if let fit = comparison.fit(settings: settings, tolerance: tolerance).sentence { lines.append("fit: " + fit) }
        if differences.count > 1 {
            lines.append("all \(differences.count) differences:")
            lines += differences.map { "  " + $0.jsonLine }
        }
        return lines.joined(separator: "\n")
    }
}
