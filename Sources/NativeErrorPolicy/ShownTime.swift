/// What the app's own log says ended an error view, besides the records the retry policy
/// reads (`dismissed`, `tap-retry`, `presented`, `launch`).
public enum AppViewRecord: Equatable, Sendable {
    /// `app-retry` on a surface: the app says it retried there, automatically or on a tap.
    case retried(surface: String)
    /// A page loaded (`finish`: a full page load finished; a `page-load` `connect` from the
    /// page): the log does not say on which surface, so every view on screen ends.
    case pageLoaded
}

/// How long each error view was on screen as the app's own log tells it (`shownMs`): from its
/// `presented` to the first of the app's retry on its surface (`app-retry`, automatic or
/// manual, or the user's `tap-retry`), a `dismissed` or another `presented` there, a page
/// loading, a `launch` (a new process takes the view with it), or the log's end (then it is
/// *open*). The policy's figure (`policyMs`, `ErrorViewTime`) ends a view at the retry the
/// contract would have made instead: an app that missed a retry kept its user on the view
/// longer than the policy says, an app that retried a server view by itself shorter.
///
/// The views are those the policy shows (`offline` and `server`; a 401 shows none), so both
/// figures count the same views. `ErrorViewTime` drives it.
public struct ShownTime: Equatable, Sendable {
    /// The views on screen now, by surface, with the time each came up.
    private var onScreen: [ByteString: Double] = [:]
    /// The closed views' times not yet taken, in the order they closed.
    private var closed: [Double] = []

    public init() {}

    public var open: Int { onScreen.count }

    /// Entries held (the growth tests read it).
    package var held: Int { onScreen.count + closed.count }

    mutating func opened(_ surface: ByteString, at t: Double) {
        close(surface, at: t)
        onScreen[surface] = t
    }

    mutating func close(_ surface: ByteString, at t: Double) {
        guard let since = onScreen.removeValue(forKey: surface) else { return }
        closed.append(Swift.max(0, t - since))
    }

    /// Every view ends at `t`, in the byte order of their surfaces: a fixed order, so that the
    /// times add up to the same bits in every process (a dictionary's order is its hash seed's).
    mutating func closeAll(at t: Double) {
        for surface in onScreen.keys.sorted() { close(surface, at: t) }
    }

    /// Hands out each view closed since the last call, in the order they closed, and holds
    /// them no more.
    public mutating func takeClosed(_ body: (Double) throws -> Void) rethrows {
        for duration in closed { try body(duration) }
        closed.removeAll(keepingCapacity: closed.count <= 1024)
    }

    /// The views still on screen, counted open up to `end`, in the byte order of their surfaces.
    public func openDurations(end: Double) -> [Double] {
        onScreen.sorted { $0.key < $1.key }.map { Swift.max(0, end - $0.value) }
    }

    /// Every view so far, closed ones not taken and the open ones up to `end`.
    public func summary(end: Double) -> ShownSummary {
        ShownSummary(closed + openDurations(end: end), open: onScreen.count)
    }
}

/// The views' time on screen as the app's log tells it (`shownMs`), summed up.
public struct ShownSummary: Equatable, Sendable {
    public var count: Int
    /// Views still on screen at the end, by the app's log.
    public var open: Int
    /// All of it, added in the order the views closed, then the open ones.
    public var totalMs: Double
    /// The lower middle of the sorted times, the value at index ⌈0.9 × n⌉ − 1, and the largest;
    /// `nil` without views.
    public var median: Double?
    public var p90: Double?
    public var max: Double?

    /// `durations` in the order they are added up (closed in order, then open).
    public init(_ durations: [Double], open: Int) {
        count = durations.count
        self.open = open
        totalMs = durations.reduce(0, +)
        let sorted = durations.sorted()
        guard let ranks = QuantileRanks(count: sorted.count) else { return }
        median = sorted[ranks.median]
        p90 = sorted[ranks.p90]
        max = sorted.last
    }

    /// A summary whose order statistics were found elsewhere (on disk, `session`'s stream).
    public init(count: Int, open: Int, totalMs: Double, median: Double?, p90: Double?, max: Double?) {
        self.count = count
        self.open = open
        self.totalMs = totalMs
        self.median = median
        self.p90 = p90
        self.max = max
    }
}
