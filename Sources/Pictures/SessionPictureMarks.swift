import AppSession
import NativeErrorPolicy
import OfflineBanner
import PolicyCore
import TurboRecording

/// What `session --render` draws, gathered as the session streams: each lane's first
/// `RenderLimits.defaultMaxMarks` marks (the findings' first `RenderLimits.maxFindings`), the
/// rest counted and said in the picture, and the busy times that break the axis. A picture of
/// millions of lines is drawn in the memory of a short one; a short session's is the whole.
package struct SessionPictureMarks {
    package var offset: Double
    package var lateMs: Double
    package var platform: Platform
    package var summary: AppSessionSummary?
    /// The window of session time drawn (`session --from/--to`): the axis spans it.
    package var window = RenderLimits()
    /// What the logs say of themselves, and the app's own records about its error views.
    package var logs = SessionPictureRecords()

    var connectivity = Lane<(t: Double, online: Bool)>(capacity: RenderLimits.defaultMaxMarks)
    var decisions = Lane<Decision>(capacity: RenderLimits.defaultMaxMarks)
    var surfaces: [String] = []
    var banners = Lane<BannerChange>(capacity: RenderLimits.defaultMaxMarks)
    var toasts = Lane<(t: Double, label: String)>(capacity: RenderLimits.defaultMaxMarks)
    /// The records that explain a latency (v1.1), as ticks in the records lane.
    var records = Lane<(t: Double, native: Bool, text: String)>(capacity: RenderLimits.defaultMaxMarks)
    /// Each log's own findings (v1.1), drawn in their layer's records row.
    var layerFindings = Lane<LayerFindingMark>(capacity: RenderLimits.defaultMaxMarks)
    var drops = Lane<SessionDrop>(capacity: RenderLimits.defaultMaxMarks)
    var edges = Lane<SessionEdge>(capacity: RenderLimits.defaultMaxMarks)
    var findings = Lane<SessionFinding>(capacity: RenderLimits.maxFindings)
    /// Before the window, each surface's last error view's decision and the policy's first retry
    /// after it: what a view still up at the window's start needs to be drawn from it (the
    /// app's records about its views are kept from the session's start).
    var viewsBefore: [String: [Decision]] = [:]
    /// After the window, each surface's first error view's or retry decision: what ends by the
    /// policy a view still up at the window's end, for its hover to say the whole view's times.
    var viewsAfter: [String: Decision] = [:]
    var busy = BusyTimes()
    /// The smallest and largest time of a line.
    var lineTimes: (min: Double, max: Double)?

    package init(offset: Double, lateMs: Double, platform: Platform) {
        self.offset = offset
        self.lateMs = lateMs
        self.platform = platform
    }

    /// The whole session's marks (a short one's: its picture as it always was).
    package init(_ session: AppSession) {
        self.init(offset: session.offset, lateMs: session.settings.lateMs, platform: session.nativeSettings.platform)
        for line in session.lines { add(line) }
        var drops = session.drops[...], edges = session.edges[...]
        for case .connectivity(_, let online) in session.lines {
            if online, let edge = edges.popFirst() { add(.edge(edge)) }
            if !online, let drop = drops.popFirst() { add(.drop(drop)) }
        }
        for finding in session.findings { add(.finding(finding)) }
        for finding in session.layerFindings { add(finding) }
        summary = session.summary
    }

    package mutating func add(_ line: SessionLine) {
        busy.line(line.t)
        lineTimes = (Swift.min(lineTimes?.min ?? line.t, line.t), Swift.max(lineTimes?.max ?? line.t, line.t))
        switch line {
        case .connectivity(let t, let online): connectivity.add((t, online), at: t)
        case .native(var decision):
            decision.surface = MarkText.bounded(decision.surface)
            guard decisions.add(decision, at: decision.t) else { return }
            if !surfaces.contains(where: { $0.utf8.elementsEqual(decision.surface.utf8) }) { surfaces.append(decision.surface) }
        case .web(.banner(var change)):
            change.label = change.label.map(MarkText.bounded)
            banners.add(change, at: change.t)
        case .web(.submit(let decision)):
            if case .toast(let label) = decision.outcome { toasts.add((decision.t, MarkText.bounded(label)), at: decision.t) }
        case .web:
            break
        case .webRecord(let record), .nativeRecord(let record):
            guard records.marks.count < records.capacity else {
                records.add((record.t, line.isNative, ""), at: record.t)
                return
            }
            let fields = record.fields.map { "\($0.key)=\(MarkText.bounded($0.json))" }
            records.add((record.t, line.isNative, ([record.type] + fields).joined(separator: " ")), at: record.t)
        }
    }

    /// A native decision before the window: kept while its view may be up at the window's start.
    package mutating func addBeforeWindow(_ decision: Decision) {
        var decision = decision
        decision.surface = MarkText.bounded(decision.surface)
        switch decision.outcome {
        case .view(let variant) where variant != .none:
            viewsBefore[decision.surface] = [decision]
        case .retry:
            if viewsBefore[decision.surface]?.count == 1 { viewsBefore[decision.surface]?.append(decision) }
        case .view, .deferred:
            break
        }
    }

    /// A native decision after the window: the first on its surface that may end a view.
    package mutating func addAfterWindow(_ decision: Decision) {
        var decision = decision
        decision.surface = MarkText.bounded(decision.surface)
        switch decision.outcome {
        case .view(let variant) where variant != .none:
            if viewsAfter[decision.surface] == nil { viewsAfter[decision.surface] = decision }
        case .retry:
            if viewsAfter[decision.surface] == nil { viewsAfter[decision.surface] = decision }
        case .view, .deferred:
            break
        }
    }

    /// The decisions outside the window that open or end a view drawn in it, in time order.
    var viewsOutside: (before: [Decision], after: [Decision]) {
        func ordered(_ decisions: [Decision]) -> [Decision] { decisions.sorted { ($0.t, $0.surface) < ($1.t, $1.surface) } }
        return (ordered(Array(viewsBefore.values.joined())), ordered(Array(viewsAfter.values)))
    }

    /// A drop, an edge, or a finding (only those the config reports).
    package mutating func add(_ measure: SessionMeasure) {
        switch measure {
        case .drop(let drop):
            if let latency = drop.dropToPill { busy.other(drop.t + latency) }
            drops.add(drop, at: drop.t)
        case .edge(let edge):
            for latency in [edge.edgeToClear, edge.edgeToPage] {
                if let ms = latency?.milliseconds { busy.other(edge.t + ms) }
            }
            edges.add(edge, at: edge.t)
        case .finding(let finding):
            busy.other(finding.t)
            findings.add(finding, at: finding.t)
        }
    }

    package mutating func add(_ finding: LayerFinding) {
        guard layerFindings.marks.count < layerFindings.capacity else {
            layerFindings.add(LayerFindingMark(t: finding.t, native: false, id: "", level: .info, sentence: ""), at: finding.t)
            return
        }
        layerFindings.add(LayerFindingMark(finding), at: finding.t)
    }

    /// What the picture leaves out, lane by lane: "120 decisions from 5000 ms"; empty for a whole one.
    var elided: [String] {
        func part(_ count: Int, _ what: String, _ from: Double?) -> String? {
            count > 0 ? "\(count) \(what)\(from.map { " from \(formatMilliseconds($0)) ms" } ?? "")" : nil
        }
        return [
            part(connectivity.elided, "connectivity lines", connectivity.elidedFrom),
            part(decisions.elided, "error-view decisions", decisions.elidedFrom),
            part(banners.elided, "banner records", banners.elidedFrom), part(toasts.elided, "toasts", toasts.elidedFrom),
            part(drops.elided, "drops", drops.elidedFrom), part(edges.elided, "edges", edges.elidedFrom),
            part(findings.elided, "findings", findings.elidedFrom),
            part(logs.app.elided, "app records about error views", logs.app.elidedFrom.map { $0 + offset }),
        ].compactMap { $0 }
    }
}

/// The times when something happens, which keep the axis from breaking there: every one of a
/// short session's, and past `exactLimit` only what breaks need — the longest gaps between
/// consecutive lines (the other busy times, a latency's end or a finding, are a line's time).
struct BusyTimes {
    static let exactLimit = 50_000
    private(set) var exact: [Double]? = []
    private var lastLine: Double?
    /// The longest gaps between consecutive line times, at most `AxisBreaks.maximumBreaks`.
    private var longest: [AxisBreak] = []

    mutating func line(_ t: Double) {
        if let last = lastLine, t - last >= AxisBreaks.minimumIdle { keep(AxisBreak(from: last, to: t)) }
        lastLine = Swift.max(lastLine ?? t, t)
        other(t)
    }

    mutating func other(_ t: Double) {
        guard exact != nil else { return }
        exact!.append(t)
        if exact!.count > Self.exactLimit { exact = nil }
    }

    private mutating func keep(_ gap: AxisBreak) {
        longest.append(gap)
        guard longest.count > AxisBreaks.maximumBreaks else { return }
        let shortest = longest.indices.min { longest[$0].to - longest[$0].from < longest[$1].to - longest[$1].from }!
        longest.remove(at: shortest)
    }

    /// The gaps worth breaking over `start`…`end` (`first`, the axis's first time, is busy too).
    func gaps(first: Double, firstLine: Double?, start: Double, end: Double) -> [AxisBreak] {
        if let exact { return exact.isEmpty ? [] : AxisBreaks.gaps(busy: exact + [first], start: start, end: end) }
        var candidates = longest
        if let firstLine { candidates.append(AxisBreak(from: Swift.min(first, start), to: firstLine)) }
        if let lastLine { candidates.append(AxisBreak(from: lastLine, to: end)) }
        return AxisBreaks.longest(candidates.filter { $0.to - $0.from > 0 }.sorted { $0.from < $1.from }, span: end - start)
    }
}

/// A log's own finding as the session picture draws it: its id and level, and its sentence
/// as `explain` words it (its `message`), not its JSON line.
struct LayerFindingMark {
    var t: Double
    var native: Bool
    var id: String
    var level: FindingLevel
    var sentence: String

    init(t: Double, native: Bool, id: String, level: FindingLevel, sentence: String) {
        (self.t, self.native, self.id, self.level, self.sentence) = (t, native, id, level, sentence)
    }

    /// The finding's `finding`, `level` and `message`; the JSON line itself only when it has
    /// no message (a line this package did not write).
    init(_ finding: LayerFinding) {
        var members: [String: JSONValue] = [:]
        if case .object(let parsed)? = JSONValue(parsing: finding.jsonLine) { members = parsed }
        func text(_ key: String) -> String? {
            if case .string(let value)? = members[key] { return value }
            return nil
        }
        let id = text("finding") ?? SessionSVG.findingID(finding.jsonLine)
        self.init(
            t: finding.t, native: finding.layer == .native, id: MarkText.bounded(id),
            level: text("level").flatMap(FindingLevel.init(rawValue:)) ?? .warning,
            sentence: MarkText.bounded(text("message") ?? finding.jsonLine))
    }
}
