import NativeErrorPolicy
import OfflineBanner
import PolicyCore

/// What the session measures against: the design's "within ~1–2 s".
public struct SessionSettings: Equatable, Sendable {
    /// A latency greater than this is a finding. Milliseconds, 0 or more.
    public var lateMs: Double
    /// How far a causal pair may run backwards before the clocks are said to disagree
    /// (`clock-skew`). Milliseconds, 0 or more.
    public var skewToleranceMs: Double

    public static let defaultLateMs: Double = 2000
    public static let defaultSkewToleranceMs: Double = 1000

    public init(lateMs: Double = defaultLateMs, skewToleranceMs: Double = defaultSkewToleranceMs) {
        self.lateMs = lateMs
        self.skewToleranceMs = skewToleranceMs
    }
}

/// One line of the merged timeline, on the session clock (the web recording's).
public enum SessionLine: Equatable, Sendable {
    /// The app-wide connectivity changed.
    case connectivity(t: Double, online: Bool)
    /// An error-view decision, its `t` (and `until`) moved onto the session clock.
    case native(Decision)
    /// A banner timeline record, as the page's recording has it.
    case web(TimelineRecord)
    /// A record of the page's that explains a latency (v1.1): `connect`, `pagehide`, …
    case webRecord(SessionRecord)
    /// A record of the app's that explains a latency (v1.1): `bridge`, `launch`; `t` moved.
    case nativeRecord(SessionRecord)

    public var t: Double {
        switch self {
        case .connectivity(let t, _): return t
        case .native(let decision): return decision.t
        case .web(let record): return record.t
        case .webRecord(let record), .nativeRecord(let record): return record.t
        }
    }

    public var isNative: Bool {
        switch self {
        case .web, .webRecord: return false
        case .connectivity, .native, .nativeRecord: return true
        }
    }

    /// A v1.1 record line, which a v1 reader skips.
    public var isRecord: Bool {
        switch self {
        case .webRecord, .nativeRecord: return true
        case .connectivity, .native, .web: return false
        }
    }
}

/// A measured latency, or an edge after which the awaited thing never came before the next drop.
public enum Latency: Equatable, Sendable {
    case measured(Double)
    case stuck

    public var milliseconds: Double? {
        if case .measured(let ms) = self { return ms }
        return nil
    }
}

/// A connectivity line `offline`: the network went away, and did the pill follow?
public struct SessionDrop: Equatable, Sendable {
    public var t: Double
    /// The next connectivity line `online`, which ends the drop's period; `nil`: the session end.
    public var edge: Double?
    /// `dropToPill`; `nil` when the drop is unannounced (no pill in its period).
    public var dropToPill: Double?
    /// When the pill was up for this drop: the offline banner record that raised it, or the
    /// drop itself when the pill was already up; for a skewed drop, the pill that came before it.
    public var pill: Double?
    /// The page's own `offline` raised the pill this long before the app's drop, more than the
    /// tolerance: the clocks disagree (`clock-skew`), and `dropToPill` is not measured.
    public var skewMs: Double?
    /// What the drop waited for fell past the end of a cut log: not measured, and not unannounced.
    public var pastCut: Bool

    public var isUnannounced: Bool { dropToPill == nil && skewMs == nil && !pastCut }

    public init(t: Double, edge: Double?, dropToPill: Double? = nil, pill: Double? = nil, skewMs: Double? = nil, pastCut: Bool = false) {
        self.t = t
        self.edge = edge
        self.dropToPill = dropToPill
        self.pill = pill
        self.skewMs = skewMs
        self.pastCut = pastCut
    }
}

/// A connectivity line `online` (the network came back), and what followed it.
public struct SessionEdge: Equatable, Sendable {
    public var t: Double
    /// The next connectivity line `offline`, if any.
    public var nextDrop: Double?
    /// `edgeToClear`, when the banner state at the edge is `offline`; `nil` otherwise.
    public var edgeToClear: Latency?
    /// `edgeToPage`, when an offline error view was up at the edge; `nil` otherwise.
    public var edgeToPage: Latency?

    public init(t: Double, nextDrop: Double?, edgeToClear: Latency? = nil, edgeToPage: Latency? = nil) {
        self.t = t
        self.nextDrop = nextDrop
        self.edgeToClear = edgeToClear
        self.edgeToPage = edgeToPage
    }
}

/// The three findings, in the contract's table order (which is also their order at equal times).
public enum SessionFindingKind: String, CaseIterable, Equatable, Sendable {
    case latePill = "late-pill"
    case pillOutlivedNetwork = "pill-outlived-network"
    case slowRecovery = "slow-recovery"

    /// The key that names what the finding is about: a drop or an edge.
    public var anchorKey: String { self == .latePill ? "drop" : "edge" }

    var order: Int { Self.allCases.firstIndex(of: self)! }
}

public struct SessionFinding: Equatable, Sendable {
    /// The pill's time for `late-pill`, the edge's for the others.
    public var t: Double
    public var kind: SessionFindingKind
    /// The drop's or edge's time.
    public var anchor: Double
    /// `nil` when the edge is stuck.
    public var latencyMs: Double?
}

/// count, median, p90 and max of one latency over a session, and, for the edge latencies,
/// the count of stuck edges.
public struct LatencySummary: Equatable, Sendable {
    public var count: Int
    public var median: Double?
    public var p90: Double?
    public var max: Double?
    /// `nil` for `dropToPill`, which has no stuck drops (an unannounced drop is counted apart).
    public var stuck: Int?

    /// median: the lower middle of the sorted values; p90: the value at index ⌈0.9 × n⌉ − 1.
    public init(_ values: [Double], stuck: Int?) {
        let sorted = values.sorted()
        count = sorted.count
        self.stuck = stuck
        guard let ranks = Self.ranks(count: sorted.count) else { return }
        median = sorted[ranks.median]
        // ⌈9n/10⌉ in integers: exact, where 0.9 × n in doubles need not be.
        p90 = sorted[ranks.p90]
        max = sorted.last
    }

    /// One already worked out elsewhere (a streamed session's, from values kept on disk).
    public init(count: Int, median: Double?, p90: Double?, max: Double?, stuck: Int?) {
        self.count = count
        self.median = median
        self.p90 = p90
        self.max = max
        self.stuck = stuck
    }

    /// The positions in the sorted values of the median and the p90, for `count` values.
    public static func ranks(count: Int) -> (median: Int, p90: Int)? {
        count == 0 ? nil : ((count - 1) / 2, (9 * count + 9) / 10 - 1)
    }
}

public struct AppSessionSummary: Equatable, Sendable {
    public var drops: Int
    public var unannounced: Int
    public var edges: Int
    public var dropToPill: LatencySummary
    public var edgeToClear: LatencySummary
    public var edgeToPage: LatencySummary
    /// Every kind, zero included.
    public var findings: [SessionFindingKind: Int]
    /// The session end; `nil` when neither log has a timed record.
    public var end: Double?
    /// The native error views (v1.1): how long the user looked at each, open ones to the end.
    public var errorViews: ErrorViewSummary
    /// The causal pairs that ran backwards (v1.2), if any: not in the summary line, a finding of its own.
    public var clockSkew: ClockSkew? = nil

    public init(
        drops: Int, unannounced: Int, edges: Int, dropToPill: LatencySummary, edgeToClear: LatencySummary,
        edgeToPage: LatencySummary, findings: [SessionFindingKind: Int], end: Double?, errorViews: ErrorViewSummary
    ) {
        self.drops = drops
        self.unannounced = unannounced
        self.edges = edges
        self.dropToPill = dropToPill
        self.edgeToClear = edgeToClear
        self.edgeToPage = edgeToPage
        self.findings = findings
        self.end = end
        self.errorViews = errorViews
    }
}

/// One app session: the page's recording and the app's log read on one clock
/// (app-session.md). Each log was replayed by itself; this puts the two results side by side,
/// measures `dropToPill`, `edgeToClear` and `edgeToPage`, and says which are late.
///
///     let session = AppSession(web: web, native: native, offset: -1000)
///     session.lines          // the merged timeline
///     session.findings       // late-pill, pill-outlived-network, slow-recovery
///     session.summary
public struct AppSession: Equatable, Sendable {
    /// Δ: a native time `t` is at session time `t + offset`.
    public let offset: Double
    public let settings: SessionSettings
    /// The error view's settings the native log was replayed with (its platform from its `meta`).
    public let nativeSettings: PolicySettings
    public let lines: [SessionLine]
    /// Each layer's own findings (v1.1), on the session clock: web before native at equal `t`.
    public let layerFindings: [LayerFinding]
    public let drops: [SessionDrop]
    public let edges: [SessionEdge]
    public private(set) var findings: [SessionFinding]
    public private(set) var summary: AppSessionSummary

    /// `cutAt`: where each log cut by a crash ends, on the session clock (its last record's
    /// time): nothing past the earliest is measured as if it were known.
    public init(
        web: WebSessionLog, native: NativeSessionLog, offset: Double, settings: SessionSettings = SessionSettings(),
        layerFindings: [LayerFinding] = [], cutAt: [Double] = []
    ) {
        self.offset = offset
        self.settings = settings
        nativeSettings = native.settings
        self.layerFindings = LayerFinding.ordered(layerFindings)
        let moved = native.lines.map { Self.move($0, by: offset) }
        let nativeRecords = native.records.map { record in
            var record = record
            record.t += offset
            return SessionLine.nativeRecord(record)
        }
        lines = Self.merge(
            Self.merge(nativeRecords, moved.map(\.line)),
            Self.merge(web.records.map(SessionLine.webRecord), web.timeline.map(SessionLine.web)))

        var end: Double? = lines.map(\.t).max()
        for last in [web.lastRecord, native.lastRecord.map { $0 + offset }] {
            if let last { end = Swift.max(end ?? last, last) }
        }

        let banners = BannerRecords(web.timeline)
        let connects = web.connects
        let known = SessionCoverage(horizon: cutAt.min() ?? .infinity, lateMs: settings.lateMs)
        // The connectivity lines, in order, on the session clock.
        let changes = moved.compactMap(\.connectivity)
        var drops: [SessionDrop] = []
        var edges: [SessionEdge] = []
        var skew = ClockSkew(offset: offset, toleranceMs: settings.skewToleranceMs)
        for (index, change) in changes.enumerated() {
            let next = index + 1 < changes.count ? changes[index + 1].t : nil
            if change.online {
                edges.append(
                    Self.edge(at: change.t, nextDrop: next, viewUp: change.offlineViewUp, banners: banners, connects: connects, known: known))
            } else {
                let previous = index > 0 ? changes[index - 1].t : nil
                // Up at the app's first line (an instant of its own), the page's own pill is carried
                // to the drop after it: the app's log had not begun, or had just, when the page lost
                // the network.
                let carried = index == 1 && changes[0].t < change.t ? banners.ownPillUp(at: changes[0].t) : nil
                let drop = Self.drop(
                    at: change.t, edge: next, previous: previous, carried: carried, banners: banners, known: known, skew: &skew)
                drops.append(drop)
            }
        }
        self.drops = drops
        self.edges = edges

        let findings = Self.findings(drops: drops, edges: edges, lateMs: settings.lateMs)
        self.findings = findings
        var counts: [SessionFindingKind: Int] = [:]
        for kind in SessionFindingKind.allCases { counts[kind] = 0 }
        for finding in findings { counts[finding.kind, default: 0] += 1 }
        summary = AppSessionSummary(
            drops: drops.count, unannounced: drops.filter(\.isUnannounced).count, edges: edges.count,
            dropToPill: LatencySummary(drops.compactMap(\.dropToPill), stuck: nil),
            edgeToClear: LatencySummary(
                edges.compactMap { $0.edgeToClear?.milliseconds },
                stuck: edges.filter { $0.edgeToClear == .stuck }.count),
            edgeToPage: LatencySummary(
                edges.compactMap { $0.edgeToPage?.milliseconds },
                stuck: edges.filter { $0.edgeToPage == .stuck }.count),
            findings: counts, end: end,
            errorViews: native.errorViews.summary(end: (end ?? 0) - offset))
        summary.clockSkew = skew.count > 0 ? skew : nil
    }

    // MARK: - The merged timeline

    private struct Moved {
        var line: SessionLine
        var connectivity: (t: Double, online: Bool, offlineViewUp: Bool)?
    }

    private static func move(_ line: NativeLine, by offset: Double) -> Moved {
        switch line {
        case .connectivity(let t, let online, let viewUp):
            return Moved(line: .connectivity(t: t + offset, online: online), connectivity: (t + offset, online, viewUp))
        case .decision(var decision):
            decision.t += offset
            if case .deferred(let until) = decision.outcome { decision.outcome = .deferred(until: until + offset) }
            return Moved(line: .native(decision), connectivity: nil)
        }
    }

    /// By `t`; at equal `t`, `first`'s lines before `second`'s; each in its own order. Both
    /// sides' times never decrease (adding Δ keeps that), so this is a merge of two sorted
    /// lists. The session merges each layer's record lines before its other lines, then the
    /// native layer before the web one.
    private static func merge(_ first: [SessionLine], _ second: [SessionLine]) -> [SessionLine] {
        var merged: [SessionLine] = []
        merged.reserveCapacity(first.count + second.count)
        var a = 0, b = 0
        while a < first.count || b < second.count {
            if b == second.count || (a < first.count && first[a].t <= second[b].t) {
                merged.append(first[a])
                a += 1
            } else {
                merged.append(second[b])
                b += 1
            }
        }
        return merged
    }

    // MARK: - Measures

    /// The web banner records (those with a `banner` key), by time.
    private struct BannerRecords {
        var times: [Double] = []
        var states: [BannerState] = []
        var causes: [BannerCause] = []

        init(_ timeline: [TimelineRecord]) {
            for case .banner(let change) in timeline {
                times.append(change.t)
                states.append(change.banner)
                causes.append(change.cause)
            }
        }

        /// The pill up at `time`, when the page's own `offline` raised it.
        func ownPillUp(at time: Double) -> Double? {
            let index = firstIndex(atOrAfter: time.nextUp) - 1
            return index >= 0 && causes[index] == .offline ? times[index] : nil
        }

        /// The first pill the page's own `offline` raised strictly after `after` (any time, when
        /// `nil`) and strictly before `before`.
        func firstOwnPill(after: Double?, before: Double) -> Double? {
            var index = after.map { firstIndex(atOrAfter: $0.nextUp) } ?? 0
            while index < times.count, times[index] < before {
                if causes[index] == .offline { return times[index] }
                index += 1
            }
            return nil
        }

        /// The index of the first record with `t` at or after `time` (`times.count` if none).
        func firstIndex(atOrAfter time: Double) -> Int {
            var low = 0, high = times.count
            while low < high {
                let mid = (low + high) / 2
                if times[mid] < time { low = mid + 1 } else { high = mid }
            }
            return low
        }

        /// The banner of the last record at or before `time`; hidden before the first.
        func state(at time: Double) -> BannerState {
            var low = 0, high = times.count
            while low < high {
                let mid = (low + high) / 2
                if times[mid] <= time { low = mid + 1 } else { high = mid }
            }
            return low == 0 ? .hidden : states[low - 1]
        }

        /// The `t` of the first record at or after `time` whose banner passes `test`.
        func first(atOrAfter time: Double, where test: (BannerState) -> Bool) -> Double? {
            var index = firstIndex(atOrAfter: time)
            while index < times.count {
                if test(states[index]) { return times[index] }
                index += 1
            }
            return nil
        }
    }

    private static func drop(
        at t: Double, edge: Double?, previous: Double?, carried: Double?, banners: BannerRecords, known: SessionCoverage,
        skew: inout ClockSkew
    ) -> SessionDrop {
        var drop = SessionDrop(t: t, edge: edge)
        guard known.covers(t) else {
            // Past a cut log's end: what the page showed then is not in its log.
            drop.pastCut = true
            return drop
        }
        if let pill = carried ?? banners.firstOwnPill(after: previous, before: t), let backwards = skew.backwards(drop: t, pill: pill) {
            skew.add(ClockSkew.Pair(drop: t, pill: pill))
            drop.skewMs = backwards
            drop.pill = pill
            return drop
        }
        if banners.state(at: t) == .offline {
            // A failed request raised the pill first.
            drop.dropToPill = 0
            drop.pill = t
        } else if let pill = banners.first(atOrAfter: t, where: { $0 == .offline }), edge.map({ pill < $0 }) ?? true, known.covers(pill) {
            drop.dropToPill = pill - t
            drop.pill = pill
        } else if known.reachesPast(until: edge) {
            drop.pastCut = true
        }
        return drop
    }

    private static func edge(
        at t: Double, nextDrop: Double?, viewUp: Bool, banners: BannerRecords,
        connects: [Double], known: SessionCoverage
    ) -> SessionEdge {
        /// Measured when it came strictly before the next drop (or at all, when there is none),
        /// within what the logs cover; past a cut log's end, stuck only when already late.
        func latency(to found: Double?) -> Latency? {
            if let found, nextDrop.map({ found < $0 }) ?? true, known.covers(found) { return .measured(found - t) }
            return known.stuck(from: t, until: nextDrop) ? .stuck : nil
        }
        var edge = SessionEdge(t: t, nextDrop: nextDrop)
        if banners.state(at: t) == .offline {
            edge.edgeToClear = latency(to: banners.first(atOrAfter: t) { $0 != .offline })
        }
        if viewUp {
            edge.edgeToPage = latency(to: connects.first { $0 >= t })
        }
        return edge
    }

    private static func findings(drops: [SessionDrop], edges: [SessionEdge], lateMs: Double) -> [SessionFinding] {
        var found: [SessionFinding] = []
        for drop in drops {
            if let latency = drop.dropToPill, let pill = drop.pill, latency > lateMs {
                found.append(SessionFinding(t: pill, kind: .latePill, anchor: drop.t, latencyMs: latency))
            }
        }
        for edge in edges {
            for (kind, latency) in [(SessionFindingKind.pillOutlivedNetwork, edge.edgeToClear), (.slowRecovery, edge.edgeToPage)] {
                switch latency {
                case .stuck?:
                    found.append(SessionFinding(t: edge.t, kind: kind, anchor: edge.t, latencyMs: nil))
                case .measured(let ms)? where ms > lateMs:
                    found.append(SessionFinding(t: edge.t, kind: kind, anchor: edge.t, latencyMs: ms))
                default:
                    break
                }
            }
        }
        // By t, then the drop's or edge's time, then the table's order; otherwise as found
        // (drops before edges, each in time order): a stable sort, as the order of the
        // contract leaves nothing else to decide.
        return found.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if x.t != y.t { return x.t < y.t }
            if x.anchor != y.anchor { return x.anchor < y.anchor }
            if x.kind != y.kind { return x.kind.order < y.kind.order }
            return a.offset < b.offset
        }.map(\.element)
    }
}

extension AppSession {
    /// This session with only the findings `keep` keeps, counted again: how a config that
    /// switches a finding off (`"findings": {"late-pill": "off"}`) reaches every report of it.
    public func keepingFindings(_ keep: (SessionFindingKind) -> Bool) -> AppSession {
        var copy = self
        copy.findings = findings.filter { keep($0.kind) }
        for kind in SessionFindingKind.allCases where !keep(kind) { copy.summary.findings[kind] = 0 }
        return copy
    }
}
