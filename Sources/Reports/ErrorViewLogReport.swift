import NativeErrorPolicy
import NativeFindings
import PolicyCore
import PolicyRegistry
import Replay
import TurboRecording

/// The error view's part of what is printed about an app's log: its `explain` section (the
/// app's retries against the retry policy, and the policy's probe loops), its findings in
/// `session`'s native layer, and its error views at the end of `session`'s summary.
enum ErrorViewLogReport: NativeLogReport {
    static func explainSection(config: NativeConfig, jsonl: Bool) -> any ExplainSection { RetryExplain(config: config, jsonl: jsonl) }
    static func layerSection(config: NativeConfig, sortBudget: Int) -> any SessionLayerSection { RetryLayerSection(config: config) }
    static var summary: SessionSummarySections.Writer? {
        { summary, write in try SessionText.writeErrorViews(summary.errorViews, write) }
    }
}

/// The error view's part of `explain` on a native log: the app's retries against the retry
/// policy, and the policy's own probe loops, printed as they are decided; then the lines that
/// say what was compared.
final class RetryExplain: ExplainSection {
    private var explainer: NativeExplainer
    /// Kept apart from the explainer, which is being mutated while its findings are printed.
    private var text: NativeExplainText
    private let jsonl: Bool
    /// Each finding's id, counted for the JSON lines' summary.
    private var counts: [String: Int] = [:]

    init(config: NativeConfig, jsonl: Bool) {
        explainer = NativeExplainer(config: config)
        text = NativeExplainText(settings: explainer.settings)
        self.jsonl = jsonl
    }

    func observe(_ record: NativeRecord, path: String, console: any ExplainPrinter) throws {
        let emit = { (event: NativeExplainer.Event) throws in try self.show(event, console: console) }
        if case .meta = record.event {
            try explainer.feed(record, emit: emit)
            text.settings = explainer.settings
            return
        }
        if case .timed(let t, _) = record.event { text.end = t }
        try explainer.feed(record, emit: emit)
        try explainer.checkOpenViews(after: record, path: path)
    }

    func report(path: String, cuts: Int, console: any ExplainPrinter) throws -> [FindingLevel] {
        try explainer.finish(emit: { try self.show($0, console: console) })
        if !jsonl {
            for line in text.closing(explainer, path: path, cuts: cuts) { try console.print(line) }
        } else if explainer.appRetryLines == 0 {
            console.error("turbo-replay: note: \(NativeExplainText.nothingToCompare(path))")
        }
        return explainer.levels
    }

    /// From a dictionary: in the ids' byte order, so that the summary is the same line on every run.
    var findingCounts: [(id: String, level: FindingLevel, count: Int)] {
        counts.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            .map { ($0.key, PolicyDescription.level(ofFinding: $0.key) ?? .info, $0.value) }
    }

    private func show(_ event: NativeExplainer.Event, console: any ExplainPrinter) throws {
        switch event {
        case .retry(let finding): counts[finding.kind.rawValue, default: 0] += 1
        case .probeLoop: counts[ProbeLoop.finding, default: 0] += 1
        case .afterEnd: break
        }
        for line in jsonl ? [NativeExplainText.jsonLine(event)] : text.lines(event) { try console.print(line) }
    }
}

/// The error view's retry findings and probe loops, as they are decided.
struct RetryLayerSection: SessionLayerSection {
    private var retries: NativeExplainer

    init(config: NativeConfig) { retries = NativeExplainer(config: config) }

    mutating func feed(_ record: NativeRecord, found: inout [String]) {
        retries.feed(record, decided: { _ in }) { Self.take($0, into: &found) }
    }

    mutating func finish(found: (String) -> Void) {
        var left: [String] = []
        retries.finish(decided: { _ in }) { Self.take($0, into: &left) }
        for line in left { found(line) }
    }

    private static func take(_ event: NativeExplainer.Event, into found: inout [String]) {
        switch event {
        case .retry(let finding): found.append(finding.jsonLine)
        case .probeLoop(let loop): found.append(loop.jsonLine)
        case .afterEnd: break
        }
    }
}
