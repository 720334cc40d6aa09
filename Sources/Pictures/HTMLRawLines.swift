import PolicyCore
import TurboRecording

/// A log the page points into: its path, its layer (`web`, `native`), and Δ, what moves its
/// times onto the page's clock.
package struct HTMLLog {
    package var path: String
    package var layer: String
    package var offset: Double

    package init(path: String, layer: String, offset: Double = 0) {
        self.path = path
        self.layer = layer
        self.offset = offset
    }
}

/// The page's last pass: each log read once more, for each row its line (the record of its
/// type at its time in its log; none for a timer's decision), what each log's `meta` says of it,
/// whether it was cut, and the app's own records that end its error views (`presented`,
/// `app-retry`, `tap-retry`, `dismissed`, `foreground`, `finish`, `launch`) drawn beside the
/// policy's.
extension HTMLReportBuilder {
    static let appRecords: Set<String> = ["presented", "app-retry", "tap-retry", "dismissed", "foreground", "finish", "launch"]

    package mutating func finish(logs: [HTMLLog]) throws -> HTMLReport {
        var waiting: [String: [Int]] = [:]
        for (index, row) in report.rows.enumerated() where row.wants != Self.timer {
            waiting[Self.key(row.layer, row.t), default: []].append(index)
        }
        report.logs = logs.map(\.path)
        // What the logs say of themselves first, then how they were read together.
        let reading = report.header
        report.header = []
        var appViews: [String: (t: Double, line: Int)] = [:]
        for (number, log) in logs.enumerated() {
            var meta = false
            let at = report.header.count
            let cut = try forEachRawRecord(path: log.path) { record in
                if record.type == "meta", !meta {
                    meta = true
                    for (key, value) in record.meta where key != "type" { report.header.append(("\(log.layer) \(key)", value)) }
                }
                guard let t = record.t.map({ $0 + log.offset }) else { return }
                for index in waiting[Self.key(log.layer, t)] ?? [] where report.rows[index].line == nil {
                    guard report.rows[index].wants == nil || report.rows[index].wants == record.type else { continue }
                    report.rows[index].log = number
                    report.rows[index].line = record.line
                    report.rows[index].raw = record.text
                    report.rows[index].rawLength = record.length
                }
                if log.layer == "native", let type = record.type, Self.appRecords.contains(type) {
                    appRecord(type, t: t, record: record, views: &appViews)
                }
                if marksFromRawRecords { rawMarks(record, t: t, layer: log.layer) }
            }
            report.header.insert(("\(log.layer) log", log.path + (cut.map { " (cut at line \($0): read up to it)" } ?? " (whole: not cut)")), at: at)
        }
        report.header += reading
        let end = last ?? 0
        for surface in appViews.keys.sorted() { appView(surface, from: appViews[surface]!.t, to: end, by: "the log's end (still up)") }
        closeAll(at: end)
        return finished()
    }

    /// One log's page: each record a tick in its layer's records lane, the app's `path` the
    /// connectivity lane, the page's `seen` the seen lane.
    private mutating func rawMarks(_ record: RawRecord, t: Double, layer: String) {
        let value = JSONValue(parsing: record.text)
        func field(_ key: String) -> JSONValue? {
            if case .object(let members)? = value { return members[key] }
            return nil
        }
        switch record.type {
        case "path" where layer == "native":
            if case .bool(let online)? = field("online") { connectivitySpan(t, online, row: nil) }
        case "seen" where layer == "web":
            var text = ""
            if case .string(let value)? = field("text") { text = value }
            var visible = false
            if case .bool(let value)? = field("visible") { visible = value }
            seenSpan(t, visible: visible, text: text, row: nil)
        default:
            mark("\(layer) records", t, "record", "line \(record.line): \(record.text)", row: nil)
        }
    }

    private static func key(_ layer: String, _ t: Double) -> String { layer + " " + String(t.bitPattern, radix: 16) }

    /// One of the app's own records: a mark, and the end of its error view where it ends one.
    private mutating func appRecord(_ type: String, t: Double, record: RawRecord, views: inout [String: (t: Double, line: Int)]) {
        let surface = record.surface
        let what = "\(type)\(surface.map { " on \($0)" } ?? ""), the app's own line \(record.line): \(record.text)"
        switch type {
        case "presented":
            guard let surface else { return }
            if let open = views.removeValue(forKey: surface) { appView(surface, from: open.t, to: t, by: "another presented") }
            // As many views as the policy holds open (its bound); past them a view is not drawn.
            if views.count < 10_000 { views[surface] = (t, record.line) }
        case "app-retry", "tap-retry", "dismissed":
            if let surface, let open = views.removeValue(forKey: surface) { appView(surface, from: open.t, to: t, by: type) }
            mark(surface.map { "\($0) (app)" } ?? "app", t, type, what, row: nil)
        default:
            if type != "foreground" {
                // A page loading or a new process ends every view on screen.
                // By surface: a dictionary's order changes from one run to the next, and a
                // surface's lane is made where its first mark is.
                for surface in views.keys.sorted() { appView(surface, from: views[surface]!.t, to: t, by: type) }
                views.removeAll()
            }
            mark("app", t, type, what, row: nil)
        }
    }

    private mutating func appView(_ surface: String, from: Double, to: Double, by what: String) {
        mark(
            "\(surface) (app)", from, end: to, "view-app", "until \(what)", row: nil)
    }

    /// The spans still open at the end, drawn to it.
    private mutating func closeAll(at end: Double) {
        if let open = connectivity {
            mark("connectivity", open.t, end: end, open.online ? "net-online" : "net-offline", open.online ? "online" : "offline", row: open.row)
        }
        if let open = banner, open.change.banner != .hidden {
            mark("banner", open.t, end: end, open.change.banner.rawValue, open.change.label ?? open.change.banner.rawValue, row: open.row)
        }
        if let open = seen { mark("seen (the page showed)", open.t, end: end, "seen", open.text, row: open.row) }
        for surface in views.keys.sorted() { closeView(surface, at: end, by: "the log's end (still up)") }
        connectivity = nil
        banner = nil
        seen = nil
    }

    /// The lanes that have marks, the axis's breaks, and what was left out.
    private mutating func finished() -> HTMLReport {
        report.start = first ?? 0
        report.end = last ?? 0
        cutAtElidedRows()
        var kept: [Int: Int] = [:]
        var lanes: [String] = []
        let names = report.lanes
        let used = Set(report.marks.map(\.lane))
        for index in Self.laneOrder(names) where used.contains(index) {
            kept[index] = lanes.count
            lanes.append(names[index])
        }
        for index in report.marks.indices { report.marks[index].lane = kept[report.marks[index].lane]! }
        report.lanes = lanes
        report.breaks = AxisBreaks.gaps(busy: busy.filter { $0 <= report.end }, start: report.start, end: report.end)
        for (lane, from) in elidedMarksFrom.sorted(by: { $0.key < $1.key }) where from < report.end {
            report.leftOut.append(
                "The lane \(names[lane]) draws its first \(Self.maxMarks) marks: none from \(formatMilliseconds(from)) ms on; --from/--to MS draws a window")
        }
        return report
    }

    /// The lanes top to bottom: the session's own first (in the order they were made), then each
    /// surface's two, the policy's above the app's, by name; the app's other records; the rest.
    static func laneOrder(_ lanes: [String]) -> [Int] {
        let fixed = 7
        func rank(_ name: String) -> (Int, String, Int) {
            if name == "app" { return (2, "", 0) }
            if name == HTMLReport.otherLanes { return (3, "", 0) }
            if name.hasSuffix(" (policy)") { return (1, String(name.dropLast(9)), 0) }
            if name.hasSuffix(" (app)") { return (1, String(name.dropLast(6)), 1) }
            return (1, name, 2)
        }
        let rest = lanes.indices.dropFirst(fixed).sorted { a, b in
            let (x, y) = (rank(lanes[a]), rank(lanes[b]))
            return x.0 != y.0 ? x.0 < y.0 : x.1 != y.1 ? x.1.utf8.lexicographicallyPrecedes(y.1.utf8) : x.2 < y.2
        }
        return Array(lanes.indices.prefix(fixed)) + rest
    }

    /// The table and the timeline show the same stretch: from the first row left out on, nothing.
    private mutating func cutAtElidedRows() {
        guard elidedRows > 0, let cut = elidedRowsFrom else { return }
        // The table and the timeline show the same stretch: nothing from the first row left out on.
        var kept: [Int?] = []
        var rows: [HTMLReport.Row] = []
        for row in report.rows {
            kept.append(row.t < cut ? rows.count : nil)
            if row.t < cut { rows.append(row) }
        }
        let more = elidedRows + report.rows.count - rows.count
        report.rows = rows
        report.marks = report.marks.compactMap { mark in
            guard mark.t < cut else { return nil }
            var mark = mark
            mark.row = mark.row.flatMap { kept[$0] }
            if let end = mark.end { mark.end = Swift.min(end, cut) }
            return mark
        }
        report.end = Swift.min(report.end, cut)
        report.leftOut.append(
            "This page stops at \(formatMilliseconds(cut)) ms, where it had its \(Self.maxRows) rows or its \(Self.maxFindingRows) findings: "
                + "\(more) more rows come from there on. Take a window of the log with --from/--to MS for the rest.")
    }
}
