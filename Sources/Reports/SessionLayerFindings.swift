import AppSession
import BannerFindings
import NativeFindings
import OfflineBanner
import PolicyCore
import Replay
import TurboRecording

/// Each layer's own findings for `session` (app-session.md v1.1), read in the session's own pass:
/// the banner's on the web recording, as `explain` finds them; the error view's, the launch's
/// and the web-archive cache's on the native log, as `explain` (`native --explain`) finds them;
/// each log's `log-cut`. Kept as `explain`'s JSON lines, so they read the same in both places;
/// the native ones are moved to the session clock once Δ is known.
package struct SessionLayerFindings: SessionLayerExplainer {
    private var banner: BannerAnalyzer
    private var retries: NativeExplainer
    private var launch: LaunchAnalyzer
    private var archive: ArchiveAnalyzer
    private let config: NativeConfig
    /// The cache is iOS-only: an Android log's navigation records are not replayed.
    private var archiveRefused = false
    private var nativeEnd: Double?
    private var web: [String] = []
    private var native: [String] = []

    /// The native findings' keys that are times on the native clock (durations stay as they are).
    static let nativeTimeKeys: Set<String> = ["t", "until", "at", "first", "last", "launchedAt", "capturedAt"]

    package init(banner settings: BannerSettings, native config: NativeConfig, rules: FindingRules = FindingRules()) {
        banner = BannerAnalyzer(settings: settings, rules: rules)
        retries = NativeExplainer(config: config)
        launch = LaunchAnalyzer(config: config, keeping: .findings)
        archive = ArchiveAnalyzer(settings: config.archive.settings, keepingFindings: false)
        self.config = config
    }

    package mutating func feed(web record: Record) {
        var found: [String] = []
        banner.feed(record) { if case .finding(let finding) = $0 { found.append(ReportJSON.finding(finding)) } }
        web += found
    }

    package mutating func finishWeb(skipped: Int, cut: Int?) {
        var found: [String] = []
        banner.finish { if case .finding(let finding) = $0 { found.append(ReportJSON.finding(finding)) } }
        banner.noteSkipped(skipped)
        if let cut { banner.noteCut(atLine: cut) }
        if let cut = banner.summary.cut { found.append(cut.jsonLine) }
        web += found
    }

    package mutating func feed(native record: NativeRecord) {
        var found: [String] = []
        retries.feed(record, decided: { _ in }) { event in
            switch event {
            case .retry(let finding): found.append(finding.jsonLine)
            case .probeLoop(let loop): found.append(loop.jsonLine)
            case .afterEnd: break
            }
        }
        launch.feed(record)
        switch record.event {
        case .meta(let meta):
            archiveRefused = archiveRefusal(path: "", meta: meta, config: config) != nil
        case .timed(let t, _):
            nativeEnd = t
            if !archiveRefused {
                archive.feed(record) { if case .finding(let finding) = $0 { found.append(finding.jsonLine) } }
            }
        }
        native += found
    }

    package mutating func finishNative(skipped: Int, cut: Int?) {
        var found: [String] = []
        retries.finish(decided: { _ in }) { event in
            switch event {
            case .retry(let finding): found.append(finding.jsonLine)
            case .probeLoop(let loop): found.append(loop.jsonLine)
            case .afterEnd: break
            }
        }
        launch.finish()
        found += launch.findings.map(\.jsonLine)
        if !archiveRefused {
            archive.finish { if case .finding(let finding) = $0 { found.append(finding.jsonLine) } }
        }
        if let cut { found.append(LogCut(line: cut, t: nativeEnd).jsonLine) }
        native += found
    }

    package func findings(offset: Double) -> [LayerFinding] {
        web.compactMap { LayerFinding(explained: $0, layer: .web) }
            + native.compactMap { LayerFinding(explained: $0, layer: .native, offset: offset, timeKeys: Self.nativeTimeKeys) }
    }
}
