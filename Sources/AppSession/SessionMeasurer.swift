import OfflineBanner

/// What the measurer says, as soon as it is sure: each drop and edge (in the order of their
/// connectivity lines), and each finding (in the findings' order: `t`, then the drop's or
/// edge's time, then the table's order).
public enum SessionMeasure: Equatable, Sendable {
    case drop(SessionDrop)
    case edge(SessionEdge)
    case finding(SessionFinding)
}

/// The session's measures, taken line by line as the merged timeline goes by (app-session.md
/// "What is measured"): what `AppSession` computes from the whole timeline, in a state that
/// does not grow with the log.
///
/// Feed it the merged timeline's lines in order (a connectivity line with whether an offline
/// error view was up just after it), the time of each web `connect` record where it falls
/// among them, then `finish`.
///
/// Drops and edges alternate, so at most one is waiting for what follows it (its pill, the
/// pill's leaving, a page), and it is settled by the next connectivity line at the latest:
/// what it waits for counts only strictly before that line. One thing needs care: the banner's
/// state *at* a connectivity line's time includes the page's records at that very time, which
/// the merge puts after the app's lines. So the connectivity lines of one instant wait until the
/// timeline has passed that instant; all but the last of them are followed by another line at
/// the same time, and so depend on nothing but the banner's state then.
public struct SessionMeasurer: Sendable {
    public let lateMs: Double

    /// The banner's state after the last banner record seen, its time and cause.
    private var banner: BannerState = .hidden
    /// The first pill the page's own `offline` raised since the last connectivity line's instant.
    private var ownPill: Double?
    /// The page's own pill, when it is the one up now; and whether the app's first line has come.
    private var ownPillUp: Double?
    private var firstLineSeen = false
    private var coverage: SessionCoverage
    /// The pills that came before their drops (`clock-skew`).
    public private(set) var clockSkew: ClockSkew
    /// The time of the last banner or connect record seen, and what was seen at that time.
    private var webT: Double?
    private var offlineAtWebT = false
    private var notOfflineAtWebT = false
    private var connectAtWebT = false

    /// The connectivity lines of the current instant, waiting for it to pass (two bytes a line:
    /// many lines at one instant are a log's oddity, never its length).
    private var instant: Double?
    private var instantLines: [(online: Bool, viewUp: Bool)] = []
    /// The drop or edge of a past instant, waiting for what follows it.
    private var pending: Pending?

    private var order = FindingOrder()

    public private(set) var drops = 0
    public private(set) var unannounced = 0
    public private(set) var edges = 0
    public private(set) var stuckClears = 0
    public private(set) var stuckPages = 0
    /// Every kind, zero included.
    public private(set) var findingCounts: [SessionFindingKind: Int] = Dictionary(
        uniqueKeysWithValues: SessionFindingKind.allCases.map { ($0, 0) })

    private enum Pending {
        /// `pill`: the first offline banner record at or after the drop (none yet: `nil`).
        case drop(t: Double, pill: Double?)
        /// The pill came before the drop by `skewMs`: nothing to wait for.
        case skewedDrop(t: Double, pill: Double, skewMs: Double)
        /// `clear`: whether the pill was up, and the first record that was not the pill;
        /// `page`: whether an offline view was up, and the first `connect`.
        case edge(t: Double, pillUp: Bool, clear: Double?, viewUp: Bool, page: Double?)
    }

    /// What waits: the current instant's connectivity lines, the pending drop or edge, the
    /// findings of one time waiting for their order. What the growth test counts.
    public var held: Int { instantLines.count + (pending == nil ? 0 : 1) + order.held }

    public init(lateMs: Double = SessionSettings.defaultLateMs, skewToleranceMs: Double = SessionSettings.defaultSkewToleranceMs) {
        self.lateMs = lateMs
        coverage = SessionCoverage(lateMs: lateMs)
        clockSkew = ClockSkew(offset: 0, toleranceMs: skewToleranceMs)
    }

    /// A log cut by a crash ends at `t` (its last record, on the session clock): nothing past it
    /// is measured as if it were known. Said before the lines after `t` are fed.
    public mutating func logCut(at t: Double) {
        coverage.horizon = Swift.min(coverage.horizon, t)
    }

    /// One line of the merged timeline. `offlineViewUp` is read for an `online` connectivity line.
    public mutating func feed(_ line: SessionLine, offlineViewUp: Bool = false, into out: inout [SessionMeasure]) {
        pass(line.t, into: &out)
        switch line {
        case .connectivity(let t, let online):
            if instant == nil {
                // A new instant: what waited is settled by this line, strictly before it.
                settlePending(next: t, into: &out)
                instant = t
            }
            instantLines.append((online, offlineViewUp))
        case .web(.banner(let change)):
            seenWeb(at: change.t)
            banner = change.banner
            if change.cause == .offline, ownPill == nil { ownPill = change.t }
            ownPillUp = change.cause == .offline ? change.t : nil
            if change.banner == .offline { offlineAtWebT = true } else { notOfflineAtWebT = true }
            watch(banner: change.banner, at: change.t)
        default:
            break
        }
    }

    /// A web `connect` record at `t`, where it falls in the merged timeline.
    public mutating func connect(at t: Double, into out: inout [SessionMeasure]) {
        pass(t, into: &out)
        seenWeb(at: t)
        connectAtWebT = true
        if case .edge(let at, let pillUp, let clear, true, nil)? = pending, t > at {
            pending = .edge(t: at, pillUp: pillUp, clear: clear, viewUp: true, page: t)
        }
    }

    /// The end of the session: what waits is settled with no next line.
    public mutating func finish(into out: inout [SessionMeasure]) {
        closeInstant(into: &out)
        settlePending(next: nil, into: &out)
        order.flush(into: &out)
    }

    // MARK: - Time

    /// Anything at a time after the waiting instant closes it.
    private mutating func pass(_ t: Double, into out: inout [SessionMeasure]) {
        if let instant, t > instant { closeInstant(into: &out) }
    }

    private mutating func seenWeb(at t: Double) {
        guard webT != t else { return }
        webT = t
        (offlineAtWebT, notOfflineAtWebT, connectAtWebT) = (false, false, false)
    }

    /// A banner record after the waiting line's instant: the first that answers it, kept.
    private mutating func watch(banner state: BannerState, at t: Double) {
        switch pending {
        case .drop(let at, nil)? where t > at && state == .offline:
            pending = .drop(t: at, pill: t)
        case .edge(let at, true, nil, let viewUp, let page)? where t > at && state != .offline:
            pending = .edge(t: at, pillUp: true, clear: t, viewUp: viewUp, page: page)
        default:
            break
        }
    }

    /// The instant has passed: the banner's state at it is known. Each line but the last is
    /// followed by one at the same time; the last waits for what comes next.
    private mutating func closeInstant(into out: inout [SessionMeasure]) {
        guard let t = instant else { return }
        instant = nil
        let atT = webT == t
        let pillUp = banner == .offline
        for (index, line) in instantLines.enumerated() {
            // Only the instant's first line has a pill since the line before it.
            if !line.online, index == 0, coverage.covers(t), let pill = ownPill, let skewMs = clockSkew.backwards(drop: t, pill: pill) {
                clockSkew.add(ClockSkew.Pair(drop: t, pill: pill))
                guard index + 1 == instantLines.count else {
                    emit(drop: SessionDrop(t: t, edge: t, pill: pill, skewMs: skewMs), into: &out)
                    continue
                }
                pending = .skewedDrop(t: t, pill: pill, skewMs: skewMs)
            } else if line.online {
                pending = .edge(
                    t: t, pillUp: pillUp, clear: pillUp && atT && notOfflineAtWebT ? t : nil, viewUp: line.viewUp,
                    page: line.viewUp && atT && connectAtWebT ? t : nil)
            } else if pillUp {
                // A failed request raised the pill first: measured, whatever comes next.
                guard index + 1 == instantLines.count else {
                    let known = coverage.covers(t)
                    emit(drop: SessionDrop(t: t, edge: t, dropToPill: known ? 0 : nil, pill: known ? t : nil, pastCut: !known), into: &out)
                    continue
                }
                pending = .drop(t: t, pill: t)
            } else {
                pending = .drop(t: t, pill: atT && offlineAtWebT ? t : nil)
            }
            if index + 1 < instantLines.count { settlePending(next: t, into: &out) }
        }
        // Up at the app's first line, the page's own pill is carried to the drop after it: the
        // app's log had not begun, or had just, when the page lost the network.
        ownPill = firstLineSeen || instantLines.count > 1 ? nil : ownPillUp
        firstLineSeen = true
        instantLines.removeAll(keepingCapacity: instantLines.count <= 64)
    }

    /// The waiting drop or edge, given the next connectivity line's time (`nil`: the end).
    private mutating func settlePending(next: Double?, into out: inout [SessionMeasure]) {
        guard let waiting = pending else { return }
        pending = nil
        /// Counts only strictly before the next line (or at all, when there is none).
        func before(_ found: Double?) -> Double? {
            guard let found, next.map({ found < $0 }) ?? true else { return nil }
            return found
        }
        let coverage = self.coverage
        /// Measured within what the logs cover; past a cut log's end, stuck only when already late.
        func latency(from t: Double, to found: Double?) -> Latency? {
            if let found = before(found), coverage.covers(found) { return .measured(found - t) }
            return coverage.stuck(from: t, until: next) ? .stuck : nil
        }
        switch waiting {
        case .drop(let t, let pill):
            var drop = SessionDrop(t: t, edge: next)
            if let pill = before(pill), coverage.covers(pill) {
                drop.dropToPill = pill - t
                drop.pill = pill
            } else if !coverage.covers(t) || coverage.reachesPast(until: next) {
                drop.pastCut = true
            }
            emit(drop: drop, into: &out)
        case .skewedDrop(let t, let pill, let skewMs):
            emit(drop: SessionDrop(t: t, edge: next, pill: pill, skewMs: skewMs), into: &out)
        case .edge(let t, let pillUp, let clear, let viewUp, let page):
            var edge = SessionEdge(t: t, nextDrop: next)
            if pillUp { edge.edgeToClear = latency(from: t, to: clear) }
            if viewUp { edge.edgeToPage = latency(from: t, to: page) }
            emit(edge: edge, into: &out)
        }
    }

    // MARK: - What comes out

    private mutating func emit(drop: SessionDrop, into out: inout [SessionMeasure]) {
        drops += 1
        if drop.isUnannounced { unannounced += 1 }
        out.append(.drop(drop))
        if let latency = drop.dropToPill, let pill = drop.pill, latency > lateMs {
            found(SessionFinding(t: pill, kind: .latePill, anchor: drop.t, latencyMs: latency), into: &out)
        }
    }

    private mutating func emit(edge: SessionEdge, into out: inout [SessionMeasure]) {
        edges += 1
        if edge.edgeToClear == .stuck { stuckClears += 1 }
        if edge.edgeToPage == .stuck { stuckPages += 1 }
        out.append(.edge(edge))
        for (kind, latency) in [(SessionFindingKind.pillOutlivedNetwork, edge.edgeToClear), (.slowRecovery, edge.edgeToPage)] {
            switch latency {
            case .stuck?:
                found(SessionFinding(t: edge.t, kind: kind, anchor: edge.t, latencyMs: nil), into: &out)
            case .measured(let ms)? where ms > lateMs:
                found(SessionFinding(t: edge.t, kind: kind, anchor: edge.t, latencyMs: ms), into: &out)
            default:
                break
            }
        }
    }

    private mutating func found(_ finding: SessionFinding, into out: inout [SessionMeasure]) {
        findingCounts[finding.kind, default: 0] += 1
        order.add(finding, into: &out)
    }
}

/// The findings come out of the measurer in their order, but for one case: several edges at
/// one instant (with drops between them at the same time) each give a finding at that time
/// and anchor, and the table's order puts all of one kind before the next. So the findings of
/// one (t, anchor) wait together, as runs of equal findings per kind, until another comes.
struct FindingOrder: Sendable {
    private var key: (t: Double, anchor: Double)?
    /// Per kind in the table's order: runs of (latency, count).
    private var runs: [[(latencyMs: Double?, count: Int)]] = Array(repeating: [], count: SessionFindingKind.allCases.count)

    var held: Int { runs.reduce(0) { $0 + $1.count } }

    mutating func add(_ finding: SessionFinding, into out: inout [SessionMeasure]) {
        if let key, key != (finding.t, finding.anchor) { flush(into: &out) }
        key = (finding.t, finding.anchor)
        let kind = finding.kind.order
        if let last = runs[kind].last, last.latencyMs == finding.latencyMs {
            runs[kind][runs[kind].count - 1].count += 1
        } else {
            runs[kind].append((finding.latencyMs, 1))
        }
    }

    mutating func flush(into out: inout [SessionMeasure]) {
        guard let key else { return }
        for (order, kind) in SessionFindingKind.allCases.enumerated() {
            for run in runs[order] {
                for _ in 0..<run.count {
                    out.append(.finding(SessionFinding(t: key.t, kind: kind, anchor: key.anchor, latencyMs: run.latencyMs)))
                }
            }
            runs[order].removeAll(keepingCapacity: true)
        }
        self.key = nil
    }
}
