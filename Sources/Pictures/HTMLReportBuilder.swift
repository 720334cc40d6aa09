import AppSession
import NativeErrorPolicy
import OfflineBanner
import PolicyCore
import Reports
import TurboRecording

/// Gathers the HTML page's rows and marks as a session (or one log) goes by: each line of the
/// merged timeline a row and its marks, each drop's and edge's note on its connectivity row,
/// each finding a row and a flag. The page is bounded: its first `maxRows` rows and each lane's
/// first `maxMarks` marks, the rest counted and said in the page.
package struct HTMLReportBuilder {
    /// A day's session has tens of thousands of lines; a page a browser opens at once holds
    /// its first 10,000 rows (with their raw lines, some 3 MB), and says how many more.
    package static let maxRows = 10_000
    package static let maxFindingRows = 2_000
    package static let maxMarks = RenderLimits.defaultMaxMarks
    static let timer = "-"

    package var report: HTMLReport
    let lateMs: Double
    var elidedRows = 0
    var findingRows = 0
    var elidedRowsFrom: Double?
    /// Each lane's first mark past `maxMarks`: from there on, that lane draws nothing.
    var elidedMarksFrom: [Int: Double] = [:]
    var markCounts: [Int: Int] = [:]
    /// What is open on the timeline: a span ends where the next line of its kind starts.
    var connectivity: (t: Double, online: Bool, row: Int?)?
    var banner: (t: Double, change: BannerChange, row: Int?)?
    var seen: (t: Double, text: String, row: Int?)?
    var views: [String: (t: Double, variant: String, row: Int?)] = [:]
    /// Connectivity rows still waiting for their drop's or edge's note, in order.
    var pendingDrops: [Int?] = []
    var pendingEdges: [Int?] = []
    /// One log's page (`render --html`): its records are drawn from the raw pass (the session
    /// lists only those that explain a latency, as its rows).
    package var marksFromRawRecords = false
    /// The window of time the page shows (`render --html --from/--to`): rows in it, marks over it.
    package var window = RenderLimits()
    /// A session finding's level: a warning unless the config's rules say otherwise.
    package var sessionLevel: (String) -> String = { _ in FindingLevel.warning.rawValue }
    var busy: [Double] = []
    var first: Double?
    var last: Double?

    package init(title: String, lateMs: Double) {
        report = HTMLReport(title: title)
        self.lateMs = lateMs
        // The lanes' order, top to bottom; a lane with no marks is left out at the end.
        for lane in ["findings", "connectivity", "latencies", "banner", "seen (the page showed)", "web records", "native records"] {
            _ = report.lane(lane)
        }
    }

    // MARK: - Rows and marks

    /// Adds a row; its index, or nil past `maxRows` (then counted). A finding has rows of its
    /// own, `maxFindingRows`: a session's findings come after its timeline's lines.
    @discardableResult
    mutating func row(_ row: HTMLReport.Row) -> Int? {
        guard window.contains(row.t) else { return nil }
        note(row.t)
        let finding = row.level != nil
        guard (finding ? findingRows : report.rows.count - findingRows) < (finding ? Self.maxFindingRows : Self.maxRows) else {
            elidedRows += 1
            elidedRowsFrom = Swift.min(elidedRowsFrom ?? row.t, row.t)
            return nil
        }
        if finding { findingRows += 1 }
        report.rows.append(row)
        return report.rows.count - 1
    }

    mutating func mark(_ lane: String, _ t: Double, end: Double? = nil, _ kind: String, level: String? = nil, _ label: String, row: Int?) {
        guard let (t, clipped) = window.clip(t, end ?? t) else { return }
        let end = end == nil ? nil : clipped
        let index = report.lane(lane)
        guard markCounts[index, default: 0] < Self.maxMarks else {
            elidedMarksFrom[index] = Swift.min(elidedMarksFrom[index] ?? t, t)
            return
        }
        markCounts[index, default: 0] += 1
        note(t)
        if let end { note(end) }
        report.marks.append(HTMLReport.Mark(lane: index, t: t, end: end, kind: kind, level: level, label: label, row: row))
    }

    mutating func note(_ t: Double) {
        guard t.isFinite else { return }
        first = Swift.min(first ?? t, t)
        last = Swift.max(last ?? t, t)
        if busy.count < 200_000 { busy.append(t) }
    }

    // MARK: - The merged timeline

    package mutating func add(_ line: SessionLine) {
        switch line {
        case .connectivity(let t, let online): addConnectivity(t, online)
        case .native(let decision): addDecision(decision)
        case .web(.banner(let change)): addBanner(change)
        case .web(.submit(let decision)): addSubmit(decision)
        case .webRecord(let record): addRecord(record, layer: "web")
        case .nativeRecord(let record): addRecord(record, layer: "native")
        }
    }

    mutating func addConnectivity(_ t: Double, _ online: Bool) {
        let word = online ? "online" : "offline"
        let edge = connectivity == nil ? "an edge: the app's first path says online" : "an edge: the network came back"
        let index = row(
            HTMLReport.Row(
                t: t, layer: "native", kind: "connectivity", what: "connectivity \(word)",
                cause: online ? edge : "a drop: the network went away", wants: "path"))
        connectivitySpan(t, online, row: index)
        if online { pendingEdges.append(index) } else { pendingDrops.append(index) }
    }

    /// The connectivity lane: the span before `t` ends, another starts.
    mutating func connectivitySpan(_ t: Double, _ online: Bool, row index: Int?) {
        if let open = connectivity {
            mark("connectivity", open.t, end: t, open.online ? "net-online" : "net-offline", open.online ? "online" : "offline", row: open.row)
        }
        connectivity = (t, online, index)
    }

    mutating func addDecision(_ decision: Decision) {
        let (event, detail) = NativeTextTimeline.describe(decision)
        let lane = "\(decision.surface) (policy)"
        var wants = Self.timer
        if case .view = decision.outcome { wants = "presented" }
        if case .retry(.manual) = decision.outcome { wants = "tap-retry" }
        let index = row(
            HTMLReport.Row(t: decision.t, layer: "native", kind: "decision", what: "\(decision.surface) \(event)", cause: detail, wants: wants))
        switch decision.outcome {
        case .view(let variant):
            closeView(decision.surface, at: decision.t, by: event)
            if variant != .none { views[decision.surface] = (decision.t, variant.rawValue, index) }
        case .retry:
            closeView(decision.surface, at: decision.t, by: event)
            mark(lane, decision.t, "retry", event, row: index)
        case .deferred:
            mark(lane, decision.t, "deferred", event + " " + detail, row: index)
        }
    }

    /// The policy's error view on `surface`, ended at `t`: a span from its `presented`.
    mutating func closeView(_ surface: String, at t: Double, by what: String) {
        guard let open = views.removeValue(forKey: surface) else { return }
        mark(
            "\(surface) (policy)", open.t, end: t, "view-policy",
            "\(open.variant) view, until \(what)", row: open.row)
    }

    mutating func addBanner(_ change: BannerChange) {
        var wants: String?
        switch change.cause {
        case .offline, .flashElapsed: wants = Self.timer
        case .pagehide: wants = "pagehide"
        case .fetchRequestError: wants = "turbo:fetch-request-error"
        default: wants = nil
        }
        let label = change.label.map { "“\($0)”" } ?? ""
        let index = row(
            HTMLReport.Row(
                t: change.t, layer: "web", kind: "banner", what: "\(change.banner.rawValue) \(label)",
                cause: TextTimeline.explanation(change.cause), wants: wants))
        if let open = banner, open.change.banner != .hidden {
            mark("banner", open.t, end: change.t, open.change.banner.rawValue, open.change.label ?? open.change.banner.rawValue, row: open.row)
        }
        banner = (change.t, change, index)
    }

    mutating func addSubmit(_ decision: SubmitDecision) {
        let what: String
        switch decision.outcome {
        case .toast(let label): what = "toast “\(label)”"
        case .silent(let reason): what = "silent (\(reason.name))"
        }
        let index = row(HTMLReport.Row(t: decision.t, layer: "web", kind: "submit", what: what, cause: "a form submission ended", wants: nil))
        if case .toast(let label) = decision.outcome { mark("banner", decision.t, "toast", label, row: index) }
    }

    mutating func addRecord(_ record: SessionRecord, layer: String) {
        let fields = record.fields.map { "\($0.key)=\($0.json)" }
        let what = ([record.type] + fields).joined(separator: " ")
        let index = row(HTMLReport.Row(t: record.t, layer: layer, kind: "record", what: what, cause: "", wants: record.type))
        guard record.type == "seen" else {
            mark("\(layer) records", record.t, "record", what, row: index)
            return
        }
        var text: String?
        if case .string(let decoded)? = record.fields.first(where: { $0.key == "text" }).flatMap({ JSONValue(parsing: $0.json) }) { text = decoded }
        seenSpan(record.t, visible: record.fields.first { $0.key == "visible" }?.json == "true", text: text ?? "", row: index)
    }

    /// The seen lane: what the page showed, from one `seen` record to the next.
    mutating func seenSpan(_ t: Double, visible: Bool, text: String, row index: Int?) {
        if let open = seen { mark("seen (the page showed)", open.t, end: t, "seen", open.text, row: open.row) }
        seen = visible ? (t, text.isEmpty ? "(visible, no text)" : text, index) : nil
    }
}
