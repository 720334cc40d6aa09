import AppSession
import Goldens
import Pictures
import PolicyCore
import Replay
import Reports

/// `session --html` as the session streams: the page's rows and marks gathered (its first
/// rows, the rest counted), and everything passed on to the report or picture behind it.
final class SessionHTMLOutput: SessionOutput {
    private let next: any SessionOutput
    private let keep: (SessionFindingKind) -> Bool
    private var builder: HTMLReportBuilder
    private var offset = 0.0

    init(
        next: any SessionOutput, title: String, lateMs: Double, keep: @escaping (SessionFindingKind) -> Bool,
        level: @escaping (String) -> String, window: RenderLimits
    ) {
        self.next = next
        self.keep = keep
        builder = HTMLReportBuilder(title: title, lateMs: lateMs)
        builder.sessionLevel = level
        builder.window = window
    }

    func begin(offset: Double, nativeSettings: PolicySettings) throws {
        self.offset = offset
        try next.begin(offset: offset, nativeSettings: nativeSettings)
    }

    func line(_ line: SessionLine) throws {
        builder.add(line)
        try next.line(line)
    }

    func measure(_ measure: SessionMeasure) throws {
        if case .finding(let finding) = measure, !keep(finding.kind) {
        } else {
            builder.add(measure)
        }
        try next.measure(measure)
    }

    /// Writes the page: the session's rows, its findings and each log's own, the header (what
    /// each log's `meta` says, Δ and how it was found, each log's cut) and the figures.
    func write(
        to path: String, summary: AppSessionSummary, layers: inout OrderedLayerFindings, web: String, native: String, alignment: String
    ) throws {
        if let skew = summary.clockSkew { builder.add(skew) }
        while let finding = try layers.next() { builder.add(finding) }
        builder.report.header.append(
            ("Δ", "a native t is at t \(offset < 0 ? "−" : "+") \(formatMilliseconds(abs(offset))) ms on the page's clock (\(alignment))"))
        var views = ""
        try SessionSummarySections.write(summary) { views += $0 }
        builder.report.figures = SessionText.latencies(summary) + views.split(separator: "\n").map(String.init)
        let report = try builder.finish(logs: [HTMLLog(path: web, layer: "web"), HTMLLog(path: native, layer: "native", offset: offset)])
        try writeOutputFile(path: path, contents: HTMLPage.render(report))
    }
}
