import NativeErrorPolicy
import OfflineBanner
import PolicyCore

/// The page's side of a session, as the session reads it: the banner's timeline (the web
/// recording replayed by itself, exactly as the banner contract says), the times of its
/// `connect` records (a page came up), and the time of its last record.
///
/// Feed it the recording's timed records in order, `nil` for a record the banner does not
/// read, then `finish()`; or build it from a timeline already replayed.
public struct WebSessionLog: Equatable, Sendable {
    public private(set) var timeline: [TimelineRecord] = []
    /// The `t` of every `connect` record, in order, whether or not the controller was connected.
    public private(set) var connects: [Double] = []
    /// The largest `t` of the recording's records (their times never decrease).
    public private(set) var lastRecord: Double?
    /// The smallest: with `lastRecord`, the span the recording covers.
    public private(set) var firstRecord: Double?
    /// The records that explain a latency (v1.1), in order.
    public private(set) var records: [SessionRecord] = []
    private var banner: OfflineBanner?

    /// An empty log that replays what it is fed through a fresh banner with `settings`.
    public init(settings: BannerSettings = BannerSettings()) {
        banner = OfflineBanner(settings: settings)
    }

    /// A log whose banner timeline was replayed elsewhere.
    public init(timeline: [TimelineRecord], connects: [Double], lastRecord: Double?) {
        self.timeline = timeline
        self.connects = connects
        self.lastRecord = lastRecord
    }

    /// One timed record of the web recording: its input, if the banner reads it, at `t`, and
    /// its record line when the session lists it.
    public mutating func feed(_ input: BannerInput?, at t: Double, record: SessionRecord? = nil) {
        if let record { records.append(record) }
        precondition(banner != nil, "a log built from a finished timeline takes no more records")
        if firstRecord == nil { firstRecord = t }
        lastRecord = t
        if case .connect = input { connects.append(t) }
        if let input {
            banner!.send(input, at: t, into: &timeline)
        } else {
            banner!.advance(to: t, into: &timeline)
        }
    }

    /// The end of the recording: the page stays open, so every pending timer fires.
    public mutating func finish() {
        banner?.finish(into: &timeline)
        banner = nil
    }
    /// Forgets the lines and records produced so far (`drain` has passed them on).
    mutating func clearProduced() {
        timeline.removeAll(keepingCapacity: timeline.count <= 256)
        connects.removeAll(keepingCapacity: connects.count <= 256)
        records.removeAll(keepingCapacity: records.count <= 256)
    }
}

/// One line of the native side, on the native clock: a decision of the error-view policy,
/// or a change of the app-wide connectivity.
public enum NativeLine: Equatable, Sendable {
    /// A `path` record that changed connectivity. `offlineViewUp`: just after the policy handled
    /// it, an `offline` error view was on screen on some surface.
    case connectivity(t: Double, online: Bool, offlineViewUp: Bool)
    case decision(Decision)

    public var t: Double {
        switch self {
        case .connectivity(let t, _, _): return t
        case .decision(let decision): return decision.t
        }
    }
}

/// The app's side of a session, as the session reads it: the native log replayed by itself
/// through the error-view policy, with a connectivity line where each `path` record that
/// changes connectivity is handled, and the time of its last record.
///
/// Feed it the log's timed records in order, `nil` for a record the policy does not read,
/// then `finish()`.
public struct NativeSessionLog: Equatable, Sendable {
    public private(set) var lines: [NativeLine] = []
    /// The largest `t` of the log's records, on the native clock.
    public private(set) var lastRecord: Double?
    /// The smallest: with `lastRecord`, the span the log covers.
    public private(set) var firstRecord: Double?
    /// The records that explain a latency (v1.1), in order, on the native clock.
    public private(set) var records: [SessionRecord] = []
    /// The time on each error view (v1.1), tallied as the policy runs.
    public private(set) var errorViews = ErrorViewTime()
    private var policy: RetryPolicy
    private var decided: [Decision] = []

    /// `keepingClosedViews: false`: each closed error view's time waits for
    /// `takeClosedViews`, and `errorViews` keeps only the views on screen (a streamed session
    /// adds the times up on disk).
    public init(settings: PolicySettings = PolicySettings(), keepingClosedViews: Bool = true) {
        policy = RetryPolicy(settings: settings)
        errorViews = ErrorViewTime(keepingClosedViews: keepingClosedViews)
    }

    public var settings: PolicySettings { policy.settings }

    /// Hands out each error view closed since the last call, its surface and time on screen.
    public mutating func takeClosedViews(_ body: (ByteString, Double) throws -> Void) rethrows {
        try errorViews.takeClosedViews(body)
    }

    /// Error views open now (O(1)): the shell bounds them record by record.
    public var openViews: Int { policy.openViews }

    /// One timed record of the native log: its input, if the policy reads it, at `t`.
    public mutating func feed(_ input: PolicyInput?, at t: Double, record: SessionRecord? = nil) {
        if firstRecord == nil { firstRecord = t }
        lastRecord = t
        if let record { records.append(record) }
        let wasOnline = policy.online
        decided.removeAll(keepingCapacity: true)
        if let input {
            errorViews.send(input, at: t, through: &policy, into: &decided)
        } else {
            policy.advance(to: t, into: &decided)
            for decision in decided { errorViews.decided(decision) }
        }
        // The timers due at or before the record, and the record itself, decide first; the
        // connectivity line comes when the `path` record is handled, after them.
        lines.append(contentsOf: decided.map(NativeLine.decision))
        if case .path(let online) = input, online != wasOnline {
            // Counted, not listed: a path change over many open views costs nothing more.
            let offlineViewUp = policy.offlineViews > 0
            lines.append(.connectivity(t: t, online: online, offlineViewUp: offlineViewUp))
        }
    }

    /// The end of the log: every pending timer and wait fires.
    public mutating func finish() {
        decided.removeAll(keepingCapacity: true)
        errorViews.finish(through: &policy, into: &decided)
        lines.append(contentsOf: decided.map(NativeLine.decision))
    }
    /// Forgets the lines and records produced so far (`drain` has passed them on).
    mutating func clearProduced() {
        lines.removeAll(keepingCapacity: lines.count <= 256)
        records.removeAll(keepingCapacity: records.count <= 256)
    }
}

extension NativeSessionLog: ProbedSurfacesHolder {
    public var probeEpoch: Int { policy.probeEpoch }
    public var probedCount: Int { policy.probedCount }
    public mutating func takeProbedSinceEdge() -> [String] { policy.takeProbedSinceEdge() }
    public mutating func restoreProbed(_ surface: String) { policy.restoreProbed(surface) }
}
