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
    package var seenGolden: String { GoldenNames.golden(of: recording, part: "seen") }

    /// The page's banner held to the replay; `nil` for a native recording or one without `seen`.
    package func checkSeen() -> GoldenCheck? {
        let outcome: SeenOutcome
        do {
            guard try RecordingKind.of(path: recording) == .web else { return nil }
            let config = try Self.beside(self.config)
            let settings = try config.map { try BannerConfig.load(path: $0).settings() } ?? BannerSettings()
            outcome = try SeenOutcome(recording: recording, settings: settings)
        } catch {
            return GoldenCheck(golden: seenGolden, result: .unreadable(recordingError(error, path: recording)))
        }
        guard outcome.judged else { return nil }
        guard RecordingFiles.exists(seenGolden) else {
            if outcome.count == 0 { return nil }
            return GoldenCheck(golden: seenGolden, result: .drift(report: outcome.report))
        }
        // The differences are replayed again into the comparison, one at a time: a recording
        // with a great many known differences is never held whole.
        let source: TimelineSource = { emit in
            try SeenOutcome.replay(recording, settings: outcome.settings) { try emit(Array($0.jsonLine.utf8)) }
            return true
        }
        return compare(source, with: seenGolden, update: false).map { GoldenCheck(golden: seenGolden, result: $0) }
    }
}

/// A recording replayed under `settings`, with what its page showed held against the timeline:
/// how many differences, the first `reported` of them, and what a fit needs.
struct SeenOutcome {
    /// The differences a report lists: past them it says how many more, so that a page wrong
    /// at every change makes a report of bounded length.
    static let reported = 100

    let settings: BannerSettings
    let judged: Bool
    let count: Int
    let first: [SeenDifference]
    let pairs: SeenPairSummary

    init(recording: String, settings: BannerSettings) throws {
        self.settings = settings
        var count = 0
        var first: [SeenDifference] = []
        let conformance = try Self.replay(recording, settings: settings) { difference in
            count += 1
            if first.count < Self.reported { first.append(difference) }
        }
        judged = conformance.judgedAny
        self.count = count
        self.first = first
        pairs = conformance.pairs
    }

    /// Replays `recording` with `SeenConformance` beside the banner, handing `body` each
    /// difference as soon as it is settled; what is kept is bounded whatever the length.
    @discardableResult
    static func replay(
        _ recording: String, settings: BannerSettings, _ body: (SeenDifference) throws -> Void
    ) throws -> SeenConformance {
        var banner = OfflineBanner(settings: settings)
        var conformance = SeenConformance(tolerance: settings.seenTolerance)
        var output: [TimelineRecord] = []
        var end = -Double.infinity
        func give() {
            for case .banner(let change) in output { conformance.changed(change) }
            output.removeAll(keepingCapacity: true)
        }
        try RecordingReader(path: recording, keepObserved: false).forEach { record in
            banner.feed(record, into: &output)
            give()
            switch record.event {
            case .seen(let seen): conformance.observed(.seen(seen))
            case .input(let t, .pagehide(persisted: false)): conformance.observed(.documentEnded(t: t))
            case .render(let render): conformance.observed(.rendered(render))
            default: break
            }
            if let t = record.t {
                end = max(end, t)
                conformance.reached(t)
            }
            for difference in conformance.takeDifferences() { try body(difference) }
        }
        banner.finish(into: &output)
        give()
        conformance.finish(watchedUntil: end)
        for difference in conformance.takeDifferences() { try body(difference) }
        return conformance
    }

    /// For a person: how many differences, the first in a sentence, each (up to `reported`) as
    /// a line, and the fit.
    var report: String {
        let tolerance = settings.seenTolerance
        var lines = ["first: " + first[0].sentence(tolerance: tolerance)]
        let fit = SeenComparison(judged: true, pairs: pairs).fit(settings: settings, tolerance: tolerance)
        if let fit = fit.sentence { lines.append("fit: " + fit) }
        if count > 1 {
            lines.append(count > first.count ? "the first \(first.count) of \(count) differences:" : "all \(count) differences:")
            lines += first.map { "  " + $0.jsonLine }
            if count > first.count { lines.append("  … \(count - first.count) more") }
        }
        return lines.joined(separator: "\n")
    }
}
