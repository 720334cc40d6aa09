import NativeFindings
import PolicyCore
import Replay
import TurboRecording

/// The launch's part of what is printed about an app's log: its `explain` section and its
/// findings in `session`'s native layer. It adds nothing to `session`'s summary: its findings
/// are counted in the native layer's line.
enum LaunchLogReport: NativeLogReport {
    static func explainSection(config: NativeConfig, jsonl: Bool) throws -> any ExplainSection {
        try LaunchExplain(config: config, jsonl: jsonl)
    }
    static func layerSection(config: NativeConfig, sortBudget: Int) -> any SessionLayerSection {
        LaunchLayerSection(config: config, sortBudget: sortBudget)
    }
}

/// The launch's part of `explain` on a native log, after the error view's: nothing when the log
/// has neither a launch nor the app's own screen log. Its rows are decided all along the log but
/// printed after the error view's findings, so in text they wait in a `RowSpool`, on disk.
final class LaunchExplain: ExplainSection {
    private var launch: LaunchAnalyzer
    private let rows: RowSpool?
    private let jsonl: Bool

    init(config: NativeConfig, jsonl: Bool) throws {
        launch = LaunchAnalyzer(config: config, keeping: .findings)
        rows = jsonl ? nil : try RowSpool()
        self.jsonl = jsonl
    }

    func observe(_ record: NativeRecord, path: String, console: any ExplainPrinter) {
        launch.feed(record)
        spoolRows()
    }

    func report(path: String, cuts: Int, console: any ExplainPrinter) throws -> [FindingLevel] {
        launch.finish()
        spoolRows()
        guard launch.isRelevant else { return launch.findings.map(\.level) }
        if jsonl {
            for finding in launch.findings { try console.print(finding.jsonLine) }
            for late in launch.afterEnd { try console.print(NativeTextTimeline.afterEndJSON(late.record.jsonLine)) }
        } else {
            try console.print("")
            for line in LaunchExplainText.head(launch) { try console.print(line) }
            try rows?.replay { try console.print($0) }
            try LaunchExplainText.tail(launch) { try console.print($0) }
        }
        return launch.findings.map(\.level)
    }

    var findingCounts: [(id: String, level: FindingLevel, count: Int)] {
        launch.findings.map { ($0.kind.rawValue, $0.level, 1) }
    }

    /// Taken as they are decided (in jsonl too, where they are not printed), so none pile up.
    private func spoolRows() {
        for row in launch.takeRows() { rows?.write(LaunchExplainText.row(row)) }
    }
}

/// The launch's findings, listed after the others by the log's end in `explain`'s order (by
/// time, then kind), as its analyzer sorts them. A long log has tens of thousands: each is
/// taken as it is decided and waits on disk in that order (`LaunchFindingSpool`), and no row
/// is kept, since the session prints none.
struct LaunchLayerSection: SessionLayerSection {
    private var launch: LaunchAnalyzer
    private let spool: LaunchFindingSpool

    init(config: NativeConfig, sortBudget: Int = SessionLayerFindings.sortBudget) {
        launch = LaunchAnalyzer(config: config, keeping: .counts)
        spool = LaunchFindingSpool(rules: FindingRules(checked: config.findings), budget: sortBudget)
    }

    mutating func feed(_ record: NativeRecord, found: inout [String]) {
        launch.feed(record)
        spool.add(launch.takeFindings(), ruled: false)
    }

    mutating func finish(found: (String) -> Void) {
        launch.finish()
        // What `finish` adds has the config's rules applied already.
        spool.add(launch.takeFindings(), ruled: true)
        spool.drain(found)
    }

    var failure: (any Error)? { spool.failure }
    var heldInMemory: Int { launch.findings.count + launch.rows.count }
}
