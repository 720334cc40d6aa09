import AppSession
import Foundation
import OfflineBanner
import Replay
import Reports
import TurboRecording

/// The session golden convention (app-session.md): a web recording `NAME.jsonl` with the app's
/// log of the same run beside it as `NAME.native.jsonl` is a session, checked against
/// `NAME.session.expected.jsonl` — the `session --format jsonl` output (merged timeline,
/// findings, summary). Each log keeps its own golden as well.
///
/// The session is replayed with `NAME.session.config.json` when there is one (the shape of
/// `session --config`); otherwise each log with its own config, the ones its own golden uses:
/// `NAME.config.json` for the page, `NAME.native.config.json` for the app.
extension GoldenTimeline {
    package static let session = GoldenTimeline(.session) { recording, config, maxOpenViews, emit in
        let native = RecordingFiles.sessionNative(ofWeb: recording)
        // A web recording alone, or one whose namesake is not an app's log, is no session.
        guard GoldenCase.sessionLogProblem(native) == nil else { return false }
        let stem = RecordingFiles.stem(recording)
        var options: SessionOptions
        if RecordingFiles.exists(stem + ".session.config.json") {
            options = SessionOptions(config: try SessionConfig.load(path: stem + ".session.config.json"))
        } else {
            let nativeConfig = RecordingFiles.stem(native) + ".config.json"
            options = SessionOptions(
                banner: try config.map { try BannerConfig.load(path: $0).settings() } ?? BannerSettings(),
                native: RecordingFiles.exists(nativeConfig) ? try NativeConfig.load(path: nativeConfig) : NativeConfig())
        }
        if let maxOpenViews { options.native.maxOpenViews = maxOpenViews }
        let explainer = SessionLayerFindings(banner: options.banner, native: options.native)
        let session = try replaySession(web: recording, native: native, options: options, explaining: explainer)
        for line in session.jsonLines { try emit(Array(line.utf8)) }
        return true
    }
}
