import PolicyCore

/// The `probe-loop` finding (native-error-policy.md v2): on one surface, two or more automatic
/// retries with trigger `probe` and no edge between them. Taken literally, v1 polls there: the
/// probe's retry fails on a path that is up but cannot reach the server, the app presents a
/// fresh view, and that view arms the probe again.
public struct ProbeLoop: Equatable, Sendable {
    public var surface: String
    /// The run's second probe retry: the moment the retries became a loop.
    public var t: Double
    /// The run's probe retries, all of them.
    public var count: Int
    /// The first and last probe retry of the run.
    public var first: Double
    public var last: Double
    /// The lines of the `presented` records whose views made those retries, in order: the
    /// first `maxLines` of them.
    public var lines: [Int]
    /// How many more lines the run had past `maxLines` (a loop that polls for hours would
    /// otherwise keep a line per retry): said in the message and the JSON, never dropped silently.
    public var moreLines: Int

    /// The most lines a loop keeps: enough to open the log at its first views.
    public static let maxLines = 100

    public init(surface: String, t: Double, count: Int, first: Double, last: Double, lines: [Int], moreLines: Int = 0) {
        self.surface = surface
        self.t = t
        self.count = count
        self.first = first
        self.last = last
        self.lines = lines
        self.moreLines = moreLines
    }

    public static let finding = "probe-loop"
    /// A warning: the app polls a server it cannot reach, every few seconds for as long as the
    /// path stays up, and tells the user it is "retrying automatically" each time.
    public static let level = FindingLevel.warning

    /// What a person reads.
    public var message: String {
        "the settling probe retried \(count) times with no edge between (\(formatMilliseconds(first))–"
            + "\(formatMilliseconds(last)) ms): each failed retry presented a fresh view that armed the probe again, "
            + "a polling loop; under probe-once a view waits for an edge, a foreground or a tap instead"
            + (moreLines > 0 ? " (lines: the first \(lines.count), and \(moreLines) more)" : "")
    }

    /// `t`, `finding`, `level`, `surface`, `count`, `first`, `last`, `lines`, `message`.
    public var jsonLine: String {
        var line = JSONLine()
        line.number("t", t)
        line.string("finding", Self.finding)
        line.string("level", Self.level.rawValue)
        line.string("surface", surface)
        line.integer("count", count)
        line.number("first", first)
        line.number("last", last)
        line.raw("lines", "[" + lines.map(String.init).joined(separator: ",") + "]")
        if moreLines > 0 { line.integer("moreLines", moreLines) }
        line.string("message", message)
        return line.text
    }

    /// The probe loops of a whole recording under `settings`: each record (with its line) is
    /// replayed through a fresh policy and the detector watches both.
    public static func find<S: Sequence>(in records: S, settings: PolicySettings = PolicySettings()) -> [ProbeLoop]
    where S.Element == (t: Double, input: PolicyInput, line: Int) {
        var policy = RetryPolicy(settings: settings)
        var detector = ProbeLoopDetector()
        var decisions: [Decision] = [], lines: [Int?] = []
        for (t, input, line) in records {
            policy.send(input, at: t, line: line, into: &decisions, lines: &lines, watching: &detector)
        }
        let finishing = decisions.count
        policy.finish(into: &decisions, lines: &lines)
        for (decision, line) in zip(decisions[finishing...], lines[finishing...]) { detector.decision(decision, line: line) }
        return detector.finish()
    }
}

/// Follows a replay and finds its probe loops. It must see everything in the order the policy
/// does: the decisions of the timers due before a record, then the record, then the record's
/// own decisions (`RetryPolicy.send(_:at:line:into:lines:watching:)` does that), then the
/// decisions of `finish()`. Each decision comes with its line, which the policy keeps in the
/// view's instance: the detector keeps no table of lines beside it.
public struct ProbeLoopDetector: Equatable, Sendable {
    /// A surface's run of probe retries since the last edge: the first, second and last, and
    /// how many, so that a loop that lasts for hours costs no more than the lines of its
    /// presentations. A caller may hold one elsewhere (`takeIdleRuns`) and give it back.
    public struct Run: Equatable, Sendable {
        public internal(set) var first = 0.0
        public internal(set) var second = 0.0
        public internal(set) var last = 0.0
        public internal(set) var count = 0
        public internal(set) var lines: [Int] = []
        public internal(set) var moreLines = 0
        public internal(set) var lastLine: Int?
        /// When the second retry came, counted across runs: loops come out in that order.
        public internal(set) var order = 0

        init() {}

        /// A run as `takeIdleRuns` handed it out, read back from wherever the caller kept it.
        public init(
            first: Double, second: Double, last: Double, count: Int, lines: [Int], moreLines: Int, lastLine: Int?,
            order: Int
        ) {
            self.first = first
            self.second = second
            self.last = last
            self.count = count
            self.lines = lines
            self.moreLines = moreLines
            self.lastLine = lastLine
            self.order = order
        }

        /// The loop this run is when it ends: `nil` for a run of a single retry.
        public func loop(on surface: String) -> ProbeLoop? {
            guard count >= 2 else { return nil }
            return ProbeLoop(
                surface: surface, t: second, count: count, first: first, last: last, lines: lines, moreLines: moreLines)
        }
    }

    /// A loop with its place among the others: by the time of its second retry, ties in the
    /// order they happened (`Run.order`). A caller that held runs elsewhere merges by it.
    public struct Ended: Sendable {
        public var order: Int
        public var loop: ProbeLoop

        public init(order: Int, loop: ProbeLoop) {
            self.order = order
            self.loop = loop
        }

        /// Whether `self` comes out before `other`.
        public func precedes(_ other: Ended) -> Bool { (loop.t, order) < (other.loop.t, other.order) }
    }

    private var online = false
    /// By the surface's bytes, as the policy keys its views (`ByteString`).
    private var runs: [ByteString: Run] = [:]
    private var found: [Ended] = []
    /// Runs that became loops so far: every later loop's `order` is past it.
    public private(set) var loopsBegun = 0

    public init() {}

    /// Surfaces with anything held: the runs not yet ended.
    package var retainedSurfaces: Int { runs.count }

    /// How many times every run was ended (an edge, a launch): a caller that holds runs
    /// elsewhere (`takeIdleRuns`) ends them too when it changes.
    public private(set) var runsEnded = 0

    /// Takes out every run on a surface `idle` says has no view on screen. Such a run grows
    /// only by a probe retry of a view presented there later, so a caller that gives it back
    /// (`restore`) before it feeds that `presented` gets the same loops as if it had stayed.
    /// One still out when `runsEnded` changes has ended: a run of one retry reports nothing,
    /// a longer one is a loop (`Run.loop(on:)`), to be merged in order with `takeEnded`'s. A
    /// log that probes ever new surfaces and never sees an edge holds them wherever the
    /// caller puts them (on disk), not here.
    public mutating func takeIdleRuns(where idle: (String) -> Bool) -> [(surface: String, run: Run)] {
        var taken: [(surface: String, run: Run)] = []
        for (surface, run) in runs where idle(surface.text) { taken.append((surface.text, run)) }
        for (surface, _) in taken { runs[ByteString(surface)] = nil }
        return taken
    }

    /// Gives back a run `takeIdleRuns` took, as it was.
    public mutating func restore(_ run: Run, on surface: String) {
        runs[ByteString(surface)] = run
    }

    public static func == (a: ProbeLoopDetector, b: ProbeLoopDetector) -> Bool {
        a.online == b.online && a.runs == b.runs && a.found.map(\.loop) == b.found.map(\.loop)
    }

    /// A record the policy reads.
    public mutating func record(_ input: PolicyInput) {
        switch input {
        case .path(let nowOnline):
            guard nowOnline != online else { return }
            online = nowOnline
            // An edge ends every run: a probe retry after it starts a new one.
            if online {
                for surface in runs.keys { close(surface) }
                runsEnded += 1
            }
        case .launch:
            // A new process (v2.1): its views, and so their runs, are gone, and the path is
            // offline until the next record says otherwise. A loop already whole is still one.
            for surface in runs.keys { close(surface) }
            runsEnded += 1
            online = false
        case .presented, .dismissed, .tapRetry, .foreground:
            break
        }
    }

    /// A decision of the policy, with its line: for a retry, the `presented` of the view it
    /// retried (`nil` where the replay was not told lines).
    public mutating func decision(_ decision: Decision, line presented: Int?) {
        guard case .automatic(.probe) = decision.retry else { return }
        var run = runs[ByteString(decision.surface)] ?? Run()
        run.count += 1
        if run.count == 1 { run.first = decision.t }
        if run.count == 2 {
            run.second = decision.t
            loopsBegun += 1
            run.order = loopsBegun
        }
        run.last = decision.t
        if let line = presented, run.lastLine != line {
            run.lastLine = line
            if run.lines.count < ProbeLoop.maxLines { run.lines.append(line) } else { run.moreLines += 1 }
        }
        runs[ByteString(decision.surface)] = run
    }

    /// The loops whose runs have ended since the last call (an edge ends them), in the order
    /// of their second probe retry: for a report that prints each loop as soon as it is whole.
    public mutating func takeEnded() -> [ProbeLoop] { takeEndedInOrder().map(\.loop) }

    /// `takeEnded()`, each loop with its place, for a caller that merges its own in.
    public mutating func takeEndedInOrder() -> [Ended] {
        guard !found.isEmpty else { return [] }
        defer { found.removeAll() }
        return found.sorted { $0.precedes($1) }
    }

    /// The end of the recording: the runs still open are closed. Every loop found, by the
    /// time of its second probe retry (ties in the order they happened).
    public mutating func finish() -> [ProbeLoop] { finishInOrder().map(\.loop) }

    /// `finish()`, each loop with its place.
    public mutating func finishInOrder() -> [Ended] {
        for surface in runs.keys { close(surface) }
        return takeEndedInOrder()
    }

    private mutating func close(_ surface: ByteString) {
        guard let run = runs.removeValue(forKey: surface), let loop = run.loop(on: surface.text) else { return }
        found.append(Ended(order: run.order, loop: loop))
    }
}

extension RetryPolicy {
    /// `send(_:at:line:into:lines:)` for a replay that also looks for probe loops: the
    /// detector sees the decisions of the timers due before the record, the record, then the
    /// record's own, each with its line (appended to `lines` too, in step with `output`).
    public mutating func send(
        _ input: PolicyInput, at t: Double, line: Int, into output: inout [Decision], lines: inout [Int?],
        watching detector: inout ProbeLoopDetector
    ) {
        let start = output.count
        let linesStart = lines.count
        advance(to: t, into: &output, lines: &lines)
        for (decision, line) in zip(output[start...], lines[linesStart...]) { detector.decision(decision, line: line) }
        detector.record(input)
        let handled = output.count
        let linesHandled = lines.count
        send(input, at: t, line: line, into: &output, lines: &lines)
        for (decision, line) in zip(output[handled...], lines[linesHandled...]) { detector.decision(decision, line: line) }
    }

    /// `advance(to:into:lines:)` for a replay that also looks for probe loops.
    public mutating func advance(
        to t: Double, into output: inout [Decision], lines: inout [Int?], watching detector: inout ProbeLoopDetector
    ) {
        let start = output.count
        let linesStart = lines.count
        advance(to: t, into: &output, lines: &lines)
        for (decision, line) in zip(output[start...], lines[linesStart...]) { detector.decision(decision, line: line) }
    }
}
