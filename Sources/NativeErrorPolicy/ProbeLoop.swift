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
    /// A run's probe retries: the first, second and last, and how many, so that a loop that
    /// lasts for hours costs no more than the lines of its presentations.
    private struct Run: Equatable, Sendable {
        var first = 0.0
        var second = 0.0
        var last = 0.0
        var count = 0
        var lines: [Int] = []
        var moreLines = 0
        var lastLine: Int?
        /// When the second retry came, counted across runs: findings come out in that order.
        var order = 0
    }

    private var online = false
    /// By the surface's bytes, as the policy keys its views (`ByteString`).
    private var runs: [ByteString: Run] = [:]
    private var found: [(second: Int, loop: ProbeLoop)] = []
    private var seconds = 0

    public init() {}

    /// Surfaces with anything held: the runs not yet ended.
    package var retainedSurfaces: Int { runs.count }

    /// How many times every run was ended (an edge, a launch): a caller that holds runs of one
    /// retry elsewhere (`takeSingles`) lets them go when it changes, as they end with nothing
    /// to report.
    public private(set) var runsEnded = 0

    /// A run of a single probe retry, taken out of the detector to be held elsewhere.
    public struct Single: Equatable, Sendable {
        public var surface: String
        /// The retry's time.
        public var t: Double
        /// The line of the `presented` whose view made it.
        public var line: Int?

        public init(surface: String, t: Double, line: Int?) {
            self.surface = surface
            self.t = t
            self.line = line
        }
    }

    /// Takes out every run of a single probe retry on a surface `idle` says has no view on
    /// screen. Such a run grows only by a probe retry of a view presented there later, so a
    /// caller that gives it back (`restoreSingle`) before it feeds that `presented` gets the
    /// same loops as if it had stayed; one still out at an edge or a launch ends with nothing
    /// to report. A log that probes ever new surfaces and never sees an edge holds them
    /// wherever the caller puts them (on disk), not here.
    public mutating func takeSingles(where idle: (String) -> Bool) -> [Single] {
        var taken: [Single] = []
        for (surface, run) in runs where run.count == 1 && idle(surface.text) {
            taken.append(Single(surface: surface.text, t: run.first, line: run.lastLine))
        }
        for single in taken { runs[ByteString(single.surface)] = nil }
        return taken
    }

    /// Gives back a run `takeSingles` took, as it was.
    public mutating func restoreSingle(_ single: Single) {
        var run = Run()
        run.count = 1
        run.first = single.t
        run.last = single.t
        run.lastLine = single.line
        if let line = single.line { run.lines = [line] }
        runs[ByteString(single.surface)] = run
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
            seconds += 1
            run.order = seconds
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
    public mutating func takeEnded() -> [ProbeLoop] {
        guard !found.isEmpty else { return [] }
        defer { found.removeAll() }
        return found.sorted { ($0.loop.t, $0.second) < ($1.loop.t, $1.second) }.map(\.loop)
    }

    /// The end of the recording: the runs still open are closed. Every loop found, by the
    /// time of its second probe retry (ties in the order they happened).
    public mutating func finish() -> [ProbeLoop] {
        for surface in runs.keys { close(surface) }
        return found.sorted { ($0.loop.t, $0.second) < ($1.loop.t, $1.second) }.map(\.loop)
    }

    private mutating func close(_ surface: ByteString) {
        guard let run = runs.removeValue(forKey: surface) else { return }
        guard run.count >= 2 else { return }
        found.append(
            (
                run.order,
                ProbeLoop(
                    surface: surface.text, t: run.second, count: run.count,
                    first: run.first, last: run.last, lines: run.lines, moreLines: run.moreLines)
            ))
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
