import AppSession
import OfflineBanner
import PolicyCore
import Replay
import Reports
import TurboRecording

/// `render --html`: one log's page. Its rows are the log's timeline, as `replay` (a web
/// recording) or `native` (an app's log) prints it, then its own findings as `explain` gives
/// them; its lanes also draw every record of the log (the app's connectivity, the page's
/// `seen`, a tick for each other record).
package enum LogHTML {
    /// The layer the log is, with its settings.
    package enum Layer {
        case web(BannerSettings)
        case native(NativeConfig)
    }

    /// The page of the log at `path` (a file: it is read twice), and how many lines a lenient
    /// read skipped (each handed to `onSkip`).
    package static func render(
        path: String, layer: Layer, lenient: Bool, window: RenderLimits = RenderLimits(), onSkip: @escaping (RecordingError) -> Void = { _ in }
    ) throws -> (
        page: [UInt8], skipped: Int
    ) {
        var builder = HTMLReportBuilder(title: "render \(path)", lateMs: 0)
        builder.marksFromRawRecords = true
        builder.window = window
        var skipped = 0
        let skip = { (error: RecordingError) in
            skipped += 1
            onSkip(error)
        }
        var findings: [LayerFinding]
        switch layer {
        case .web(let settings):
            var explainer = SessionLayerFindings(banner: settings, native: NativeConfig())
            let reader = try RecordingReader(path: path, lenient: lenient, keepObserved: true, onSkip: skip)
            var banner = OfflineBanner(settings: settings)
            var output: [TimelineRecord] = []
            try reader.forEach { record in
                banner.feed(record, into: &output)
                explainer.feed(web: record)
                for decided in output { builder.add(.web(decided)) }
                output.removeAll(keepingCapacity: true)
            }
            banner.finish(into: &output)
            for decided in output { builder.add(.web(decided)) }
            explainer.finishWeb(skipped: skipped, cut: reader.cut)
            findings = explainer.findings(offset: 0)
        case .native(let config):
            var explainer = SessionLayerFindings(banner: BannerSettings(), native: config, nativePath: path)
            let reader = try NativeRecordingReader(lines: JSONLines(path: path), lenient: lenient, onSkip: skip)
            _ = try replayNative(reader, config: config, observe: { explainer.feed(native: $0) }) { builder.add(.native($0)) }
            explainer.finishNative(skipped: skipped, cuts: reader.cuts)
            findings = explainer.findings(offset: 0)
        }
        for finding in LayerFinding.ordered(findings) { builder.add(finding) }
        let layerName: String
        if case .web = layer { layerName = "web" } else { layerName = "native" }
        let report = try builder.finish(logs: [HTMLLog(path: path, layer: layerName)])
        return (HTMLPage.render(report), skipped)
    }
}
