import AppSession
import Pictures
import Replay
import Reports

/// `session --format jsonl` as the session streams: each timeline line printed as it is final;
/// the findings, which come after the whole timeline, wait on disk.
final class SessionJSONLOutput: SessionOutput {
    private let console: Console
    private let keep: (SessionFindingKind) -> Bool
    private let findings: LineSpool
    /// The timeline waits on disk too, when nothing may be printed before the picture is written.
    private let held: LineSpool?

    init(console: Console, keep: @escaping (SessionFindingKind) -> Bool, hold: Bool = false) throws {
        self.console = console
        self.keep = keep
        findings = try LineSpool()
        held = hold ? try LineSpool() : nil
    }

    func begin(offset: Double, nativeSettings: PolicySettings) throws {}

    func line(_ line: SessionLine) throws {
        if let held { held.write(line.jsonLine) } else { try console.print(line.jsonLine) }
    }

    func measure(_ measure: SessionMeasure) throws {
        if case .finding(let finding) = measure, keep(finding.kind) { findings.write(finding.jsonLine) }
    }

    /// The session's findings, each log's own, then the summary.
    func finish(summary: AppSessionSummary, layers: inout OrderedLayerFindings) throws {
        try held?.replay { try console.print($0) }
        try findings.replay { try console.print($0) }
        if let skew = summary.clockSkew { try console.print(skew.jsonLine) }
        while let finding = try layers.next() { try console.print(finding.jsonLine) }
        try summary.writeJSONLine { try console.write(Array($0.utf8)) }
        try console.write([0x0A])
    }
}

/// `session`'s text as the session streams: the table's rows on disk,
/// since a drop's or an edge's row says what was measured after it and each log's own
/// findings are set in among the rows by time; then all of it, the latencies and the findings.
final class SessionTextOutput: SessionOutput {
    private let console: Console
    private let keep: (SessionFindingKind) -> Bool
    private let header: (_ offset: Double, _ policy: PolicySettings) -> [String]
    private let lateMs: Double
    /// Each row with its time, and whether a drop's or edge's note follows it.
    private let rows: LineSpool
    private let notes: LineSpool
    private let sentences: LineSpool
    private var first = true
    /// The header, printed with the rest at the end: a log that turns out malformed prints no
    /// half report, and a picture that cannot be written stops the command before the report.
    private var heldHeader: [String] = []

    /// `--from/--to`: only the rows, notes and findings in it (the first connectivity line is
    /// still told from every one).
    private let window: RenderLimits

    init(
        console: Console, lateMs: Double, keep: @escaping (SessionFindingKind) -> Bool, window: RenderLimits = RenderLimits(),
        header: @escaping (_ offset: Double, _ policy: PolicySettings) -> [String]
    ) throws {
        self.console = console
        self.keep = keep
        self.header = header
        self.lateMs = lateMs
        self.window = window
        (rows, notes, sentences) = (try LineSpool(), try LineSpool(), try LineSpool())
    }

    func begin(offset: Double, nativeSettings: PolicySettings) throws {
        heldHeader = header(offset, nativeSettings)
        if let window = window.sessionHeader {
            // Under the header's lines, before the blank line that ends it.
            heldHeader.insert(window, at: heldHeader.last == "" ? heldHeader.count - 1 : heldHeader.count)
        }
        heldHeader.append(SessionText.tableHeader)
    }

    func line(_ line: SessionLine) throws {
        var connectivity = false
        if case .connectivity = line { connectivity = true }
        let text = SessionText.row(line, first: connectivity && first)
        if connectivity { first = false }
        guard window.contains(line.t) else { return }
        rows.write(String(line.t.bitPattern, radix: 16) + (connectivity ? " c" : " -") + text)
    }

    func measure(_ measure: SessionMeasure) throws {
        guard window.contains(measure.t) else { return }
        switch measure {
        case .drop(let drop): notes.write(SessionText.dropNote(drop))
        case .edge(let edge): notes.write(SessionText.edgeNote(edge))
        case .finding(let finding):
            if keep(finding.kind) { sentences.write("  " + SessionText.sentence(finding, lateMs: lateMs)) }
        }
    }

    /// The table (each log's own findings set in before the first line after them), the
    /// latencies and the findings.
    func finish(
        summary: AppSessionSummary, findings: Int, layers: inout OrderedLayerFindings, layerCounts: (web: Int, native: Int)
    ) throws {
        for line in heldHeader { try console.print(line) }
        var rows = try self.rows.reading(), notes = try self.notes.reading()
        var next = try layers.next()
        while let encoded = try rows.next() {
            let space = encoded.utf8.firstIndex(of: UInt8(ascii: " "))!
            let t = Double(bitPattern: UInt64(encoded[..<space], radix: 16)!)
            while let finding = next, finding.t < t {
                try console.print(SessionText.findingRow(finding))
                next = try layers.next()
            }
            let flagged = encoded.utf8[encoded.utf8.index(after: space)] == UInt8(ascii: "c")
            let text = encoded[encoded.utf8.index(space, offsetBy: 2)...]
            try console.print(flagged ? text + (try notes.next() ?? "") : String(text))
        }
        while let finding = next {
            try console.print(SessionText.findingRow(finding))
            next = try layers.next()
        }
        try console.print("")
        for line in SessionText.latencies(summary) { try console.print(line) }
        try console.print("")
        try console.print(SessionText.findingsHead(count: findings, lateMs: lateMs))
        try sentences.replay { try console.print($0) }
        if let skew = summary.clockSkew { try console.print("  " + SessionText.sentence(skew)) }
        for line in SessionText.layerCounts(layerCounts) { try console.print(line) }
        try SessionSummarySections.write(summary) { try console.write(Array($0.utf8)) }
        try console.write([0x0A])
    }
}

/// `session --render` as the session streams: the picture's marks gathered (each lane's first
/// marks, the rest counted), and the report, if any, passed on to `report`. With a window
/// (`--from/--to`), only what is in it is drawn, and the connectivity and the banner as they
/// stood when it opens.
final class SessionPictureOutput: SessionOutput {
    private let report: (any SessionOutput)?
    private let keep: (SessionFindingKind) -> Bool
    private let lateMs: Double
    private let window: RenderLimits
    private(set) var marks: SessionPictureMarks?
    /// The last connectivity line and banner record before the window, drawn from its start.
    private var before: (connectivity: SessionLine?, banner: SessionLine?) = (nil, nil)

    init(report: (any SessionOutput)?, lateMs: Double, keep: @escaping (SessionFindingKind) -> Bool, window: RenderLimits = RenderLimits()) {
        self.report = report
        self.lateMs = lateMs
        self.keep = keep
        self.window = window
    }

    func begin(offset: Double, nativeSettings: PolicySettings) throws {
        marks = SessionPictureMarks(offset: offset, lateMs: lateMs, platform: nativeSettings.platform)
        marks?.window = window
        try report?.begin(offset: offset, nativeSettings: nativeSettings)
    }

    func line(_ line: SessionLine) throws {
        if let from = window.from, line.t < from {
            switch line {
            case .connectivity: before.connectivity = line
            case .web(.banner): before.banner = line
            case .native(let decision): marks?.addBeforeWindow(decision)
            default: break
            }
        } else if window.contains(line.t) {
            openWindow()
            marks?.add(line)
        } else if case .native(let decision) = line {
            marks?.addAfterWindow(decision)
        }
        try report?.line(line)
    }

    /// The state before the window, as marks at its start (once).
    private func openWindow() {
        guard let from = window.from else { return }
        if case .connectivity(_, let online)? = before.connectivity { marks?.add(.connectivity(t: from, online: online)) }
        if case .web(.banner(var change))? = before.banner {
            change.t = from
            marks?.add(.web(.banner(change)))
        }
        before = (nil, nil)
    }

    func measure(_ measure: SessionMeasure) throws {
        if case .finding(let finding) = measure, !keep(finding.kind) {
        } else if window.contains(measure.t) {
            marks?.add(measure)
        }
        try report?.measure(measure)
    }

    /// The picture, once the session's summary and each log's own findings are known.
    /// `logs`: what the picture read of the two logs besides the session's lines.
    func svg(summary: AppSessionSummary, layers: inout OrderedLayerFindings, logs: SessionPictureRecords?, web: String, native: String) throws -> String {
        openWindow()
        guard var marks else { return "" }
        while let finding = try layers.next() { marks.add(finding) }
        marks.summary = summary
        if let logs { marks.logs = logs }
        return SessionSVG.render(marks, web: web, native: native)
    }
}
