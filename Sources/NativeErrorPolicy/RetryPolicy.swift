import PolicyCore

/// The native error view's auto-retry policy as a value: the error views on screen,
/// connectivity and the app-wide cooldown, with transitions as pure functions of
/// (state, input, time). Time is virtual: nothing here reads a clock, and settles, probes and
/// cooldown waits are due times that fire when the caller moves time past them.
///
///     var policy = RetryPolicy(settings: PolicySettings(platform: .android))
///     policy.send(.presented(surface: "tab:home", error: .web(.code(-2))), at: 120)
///                                         // [view offline on tab:home at 120]
///     policy.send(.path(online: true), at: 5200)   // []: the settle is due at 5600
///     policy.finish()                     // [retry auto (edge) on tab:home at 5600]
///
/// A field log can hold a great many surfaces (one per screen a user opened): instances are
/// found by surface in a dictionary and pending timers kept in a heap, so each record costs
/// the same however many views are on screen, apart from the edges and foregrounds that
/// start a timer on every offline view.
public struct RetryPolicy: TimedPolicy, Equatable, Sendable {
    public private(set) var settings: PolicySettings
    /// Connectivity, app-wide. Offline until the first `path` record says otherwise.
    public private(set) var online = false
    /// When the last automatic retry happened, for the cooldown.
    public private(set) var lastAutomaticRetry: Double?
    /// Under `probe-once`: the surfaces that have had an automatic retry with trigger `probe`
    /// since the last edge (or the start). Empty under v1.
    public private(set) var probedSinceEdge: Set<ByteString> = []
    /// How many times the probes since the last edge were forgotten (an edge, a launch): a
    /// caller that holds some of them elsewhere (`takeProbedSinceEdge`) lets them go when it
    /// changes.
    public private(set) var probeEpoch = 0
    /// Keyed by the surface's bytes: two spellings of `tab:café` are two surfaces (`ByteString`).
    private var bySurface: [ByteString: ErrorViewInstance] = [:]
    /// The offline instances in the order they were presented (an edge starts their settles in
    /// that order). Entries of instances since removed stay until the next compaction.
    private var offlineOrder: [(surface: String, serial: UInt64)] = []
    private var liveOffline = 0
    private var nextSerial: UInt64 = 0
    /// Every pending settle, probe and wait, earliest first. A timer cancelled or replaced
    /// stays in the heap until it reaches the top, where it is recognised and dropped.
    private var queue = TimerHeap()
    /// How many of the heap's entries are still pending: the heap is rebuilt when most are stale.
    private var pending = 0
    private var timers = TimerSequence()
    private var clock = VirtualClock()
    /// The line each decision of the call under way rests on, in step with the decisions it
    /// appends (`decide`): the `presented` of the view it is about. Empty between calls.
    private var decidedLines: [Int?] = []
    /// The line of the record being sent, for the view it presents (nil: not told).
    private var inputLine: Int?
    /// Elementary steps taken (heap moves, order entries visited): what a test holds to a
    /// linear bound. Not part of the policy's state.
    var work = 0

    public init(settings: PolicySettings = PolicySettings()) {
        self.settings = settings
    }

    /// The error views on screen, in the order they were presented; at most one per surface.
    public var instances: [ErrorViewInstance] {
        bySurface.values.sorted { $0.serial < $1.serial }
    }

    /// How many error views are on screen: at most one per surface. O(1), for a caller that
    /// bounds them record by record (the shell's `--max-open-views`).
    public var openViews: Int { bySurface.count }

    /// How many of them are `offline` views.
    public var offlineViews: Int { liveOffline }

    /// The instance on `surface`, if one is on screen.
    public func instance(on surface: String) -> ErrorViewInstance? {
        bySurface[ByteString(surface)]
    }

    /// Takes out the surfaces probed since the last edge, to be held elsewhere. What the set
    /// decides is read only when a view is presented on its surface: a caller that gives the
    /// surface back (`restoreProbed`) before it sends that `presented` gets the same decisions,
    /// and one that lets them all go when `probeEpoch` changes forgets them when the policy
    /// does. A log that probes ever new surfaces under `probe-once` and sees no edge holds them
    /// wherever the caller puts them (on disk), not here.
    public mutating func takeProbedSinceEdge() -> [String] {
        defer { probedSinceEdge.removeAll() }
        return probedSinceEdge.map(\.text)
    }

    /// Gives back a surface `takeProbedSinceEdge` took.
    public mutating func restoreProbed(_ surface: String) {
        probedSinceEdge.insert(ByteString(surface))
    }

    /// The earliest pending due time of any settle, probe or wait.
    public var now: Double { clock.now }

    public var nextDue: Double? {
        queue.top?.timer.due
    }

    public static func == (a: RetryPolicy, b: RetryPolicy) -> Bool {
        a.settings == b.settings && a.online == b.online && a.lastAutomaticRetry == b.lastAutomaticRetry
            && a.probedSinceEdge == b.probedSinceEdge && a.bySurface == b.bySurface && a.timers == b.timers
    }

    /// The decision timeline of a whole recording: every input in order, then `finish()`.
    public static func timeline<S: Sequence>(
        of records: S, settings: PolicySettings = PolicySettings()
    ) -> [Decision] where S.Element == (t: Double, input: PolicyInput) {
        RetryPolicy(settings: settings).timeline(of: records)
    }

    /// Fires every settle, probe and wait due at or before `t`, then handles `input` at `t`,
    /// appending the decisions to `output` (`send(_:at:)` returns them instead).
    public mutating func send(_ input: PolicyInput, at t: Double, into output: inout [Decision]) {
        inputLine = nil
        handle(input, at: t, into: &output)
        decidedLines.removeAll(keepingCapacity: true)
    }

    /// `send(_:at:into:)` for a record at `line`: the view it presents keeps the line, and each
    /// decision's line goes to `lines`, in step with `output` (a view's is its `presented`
    /// record's; a retry's or a wait's, the `presented` of the view it is about). What the
    /// findings say a decision rests on is kept once, in the instance, not in tables beside it.
    public mutating func send(_ input: PolicyInput, at t: Double, line: Int, into output: inout [Decision], lines: inout [Int?]) {
        inputLine = line
        handle(input, at: t, into: &output)
        inputLine = nil
        takeLines(into: &lines)
    }

    /// `advance(to:into:)`, with each decision's line (see `send(_:at:line:into:lines:)`).
    public mutating func advance(to t: Double, into output: inout [Decision], lines: inout [Int?]) {
        advanceKeepingLines(to: t, into: &output)
        takeLines(into: &lines)
    }

    /// `finish(into:)`, with each decision's line (see `send(_:at:line:into:lines:)`).
    public mutating func finish(into output: inout [Decision], lines: inout [Int?]) {
        finishKeepingLines(into: &output)
        takeLines(into: &lines)
    }

    /// Moves the lines of the call's decisions to `lines`; the line-less calls drop them.
    mutating func takeLines(into lines: inout [Int?]) {
        lines.append(contentsOf: decidedLines)
        decidedLines.removeAll(keepingCapacity: true)
    }

    /// Appends a decision, and the line it rests on, in step.
    private mutating func decide(_ decision: Decision, line: Int?, into output: inout [Decision]) {
        output.append(decision)
        decidedLines.append(line)
    }

    private mutating func handle(_ input: PolicyInput, at t: Double, into output: inout [Decision]) {
        advanceKeepingLines(to: t, into: &output)
        defer { dropStaleTimers() }
        switch input {
        case .path(let nowOnline):
            guard nowOnline != online else { return }
            online = nowOnline
            if online {
                probedSinceEdge.removeAll()
                probeEpoch += 1
            }
            for (surface, serial) in offlineOrder {
                work += 1
                guard bySurface[ByteString(surface)]?.serial == serial else { continue }
                if online {
                    startSettle(on: surface, at: t, trigger: .edge)
                } else {
                    // A cooldown wait stays: it ends with nothing if still offline then.
                    clear(.settle, on: surface)
                    clear(.probe, on: surface)
                }
            }
        case .presented(let surface, let error):
            remove(surface)
            let variant = settings.classify(error)
            var armsProbe = variant == .offline && online
            var probeKey: Bool?
            if armsProbe && settings.variants.contains(.probeOnce) && probedSinceEdge.contains(ByteString(surface)) {
                // Its surface's probe already retried once since the last edge, and failed.
                armsProbe = false
                probeKey = false
            }
            decide(Decision(t: t, surface: surface, outcome: .view(variant), probe: probeKey), line: inputLine, into: &output)
            guard variant != .none else { return }
            nextSerial += 1
            bySurface[ByteString(surface)] = ErrorViewInstance(surface: surface, serial: nextSerial, line: inputLine, variant: variant)
            if variant == .offline {
                offlineOrder.append((surface, nextSerial))
                liveOffline += 1
            }
            if armsProbe {
                start(.probe, on: surface, dueAt: t + settings.probe, trigger: .probe)
            }
        case .tapRetry(let surface):
            if let instance = remove(surface) {
                decide(Decision(t: t, surface: surface, outcome: .retry(.manual)), line: instance.line, into: &output)
            }
        case .dismissed(let surface):
            remove(surface)
        case .launch:
            startOver()
        case .foreground:
            guard settings.platform == .ios && online else { return }
            // A pending probe does not matter: whichever fires first retries.
            for (surface, serial) in offlineOrder {
                work += 1
                guard bySurface[ByteString(surface)]?.serial == serial else { continue }
                startSettle(on: surface, at: t, trigger: .foreground)
            }
        }
    }

    /// A new process (v2.1): every view on every surface is gone with its timers and waits, with
    /// no decision for them (a process that died under an error view took the view with it), the
    /// cooldown and the probes since the last edge are forgotten, and connectivity is offline
    /// until the next `path`. Only time stays: it cannot go back across a launch either.
    private mutating func startOver() {
        var fresh = RetryPolicy(settings: settings)
        fresh.clock = clock
        fresh.work = work
        fresh.decidedLines = decidedLines
        fresh.inputLine = inputLine
        fresh.probeEpoch = probeEpoch + 1
        self = fresh
    }

    /// Fires, in order, every settle, probe and wait due at or before `t`. Each decision
    /// carries its timer's due time.
    public mutating func advance(to t: Double, into output: inout [Decision]) {
        advanceKeepingLines(to: t, into: &output)
        decidedLines.removeAll(keepingCapacity: true)
    }

    /// `advance(to:into:)` inside a call that hands out the lines at its end.
    mutating func advanceKeepingLines(to t: Double, into output: inout [Decision]) {
        dropStaleTimers()
        while let next = queue.top, next.timer.due <= t {
            fire(next, into: &output)
        }
        // Nothing pending is due before a time already reached: a `t` that goes back fires
        // nothing and stops here.
        clock.move(to: t)
    }

    /// The end of the recording: every pending settle, probe and wait fires, including those
    /// started while doing so (a wait that ends in another wait).
    public mutating func finish(into output: inout [Decision]) {
        finishKeepingLines(into: &output)
        decidedLines.removeAll(keepingCapacity: true)
    }

    /// `finish(into:)` inside a call that hands out the lines at its end.
    mutating func finishKeepingLines(into output: inout [Decision]) {
        dropStaleTimers()
        while let next = queue.top {
            clock.move(to: next.timer.due)
            fire(next, into: &output)
        }
    }

    // MARK: - Transitions

    /// Takes `next` (the heap's top, still pending) off the heap and acts on it.
    private mutating func fire(_ next: QueuedTimer, into output: inout [Decision]) {
        queue.pop(work: &work)
        let t = next.timer.due
        clear(next.slot, on: next.surface)
        switch next.slot {
        case .settle, .probe:
            askForAutomaticRetry(on: next.surface, trigger: next.trigger, at: t, into: &output)
        case .wait:
            // Offline now: the wait ends with nothing, and the next edge starts a settle.
            if online {
                askForAutomaticRetry(on: next.surface, trigger: next.trigger, at: t, into: &output)
            }
        }
        dropStaleTimers()
    }

    /// The cooldown rule: retry, or wait for the cooldown's expiry with the same trigger.
    private mutating func askForAutomaticRetry(
        on surface: String, trigger: RetryTrigger, at t: Double, into output: inout [Decision]
    ) {
        if let cooldown = settings.cooldown, let last = lastAutomaticRetry, t < last + cooldown {
            let until = last + cooldown
            clear(.settle, on: surface)
            clear(.probe, on: surface)
            start(.wait, on: surface, dueAt: until, trigger: trigger)
            let line = bySurface[ByteString(surface)]?.line
            decide(Decision(t: t, surface: surface, outcome: .deferred(until: until)), line: line, into: &output)
        } else {
            // Single-shot: the retry takes the instance and everything it had pending.
            lastAutomaticRetry = t
            let line = remove(surface)?.line
            if trigger == .probe && settings.variants.contains(.probeOnce) { probedSinceEdge.insert(ByteString(surface)) }
            decide(Decision(t: t, surface: surface, outcome: .retry(.automatic(trigger))), line: line, into: &output)
        }
    }

    private mutating func startSettle(on surface: String, at t: Double, trigger: RetryTrigger) {
        guard let instance = bySurface[ByteString(surface)], instance.settle == nil && instance.wait == nil else { return }
        start(.settle, on: surface, dueAt: t + settings.settle, trigger: trigger)
    }

    // MARK: - Timers and instances

    private mutating func start(_ slot: TimerSlot, on surface: String, dueAt due: Double, trigger: RetryTrigger) {
        clear(slot, on: surface)
        let timer = PolicyTimer(timer: timers.start(dueAt: due), trigger: trigger)
        bySurface[ByteString(surface)]![slot] = timer
        pending += 1
        queue.push(QueuedTimer(timer: timer.timer, trigger: trigger, surface: surface, slot: slot), work: &work)
    }

    /// Cancels the instance's timer in `slot`, if it has one (its heap entry goes stale).
    private mutating func clear(_ slot: TimerSlot, on surface: String) {
        guard bySurface[ByteString(surface)]?[slot] != nil else { return }
        bySurface[ByteString(surface)]![slot] = nil
        pending -= 1
    }

    /// Takes the surface's instance off screen, with its timers and wait, and returns it.
    @discardableResult
    private mutating func remove(_ surface: String) -> ErrorViewInstance? {
        guard let instance = bySurface.removeValue(forKey: ByteString(surface)) else { return nil }
        pending -= [instance.settle, instance.probe, instance.wait].count(where: { $0 != nil })
        if instance.variant == .offline {
            liveOffline -= 1
            if offlineOrder.count > 2 * liveOffline + 32 {
                work += offlineOrder.count
                let onScreen = bySurface
                offlineOrder.removeAll { onScreen[ByteString($0.surface)]?.serial != $0.serial }
            }
        }
        return instance
    }

    /// Whether a heap entry is still the timer its instance has pending in that slot.
    private func isPending(_ entry: QueuedTimer) -> Bool {
        bySurface[ByteString(entry.surface)]?[entry.slot]?.timer.startOrder == entry.timer.startOrder
    }

    /// Drops cancelled timers off the top of the heap, so that its top is the next to fire,
    /// and rebuilds it once stale entries outnumber pending ones (a long stream of edges and
    /// drops over many views would otherwise grow it without end).
    private mutating func dropStaleTimers() {
        if queue.count > 2 * pending + 64 {
            var live: [QueuedTimer] = []
            live.reserveCapacity(pending)
            for entry in queue.entries where isPending(entry) { live.append(entry) }
            work += queue.count
            queue = TimerHeap(live, work: &work)
        }
        while let top = queue.top, !isPending(top) {
            queue.pop(work: &work)
        }
    }
}

/// Which of an instance's three timers.
enum TimerSlot: Sendable { case settle, probe, wait }

extension ErrorViewInstance {
    subscript(slot: TimerSlot) -> PolicyTimer? {
        get {
            switch slot {
            case .settle: return settle
            case .probe: return probe
            case .wait: return wait
            }
        }
        set {
            switch slot {
            case .settle: settle = newValue
            case .probe: probe = newValue
            case .wait: wait = newValue
            }
        }
    }
}

/// A pending timer as the heap holds it: when, and whose.
struct QueuedTimer: Sendable {
    var timer: DueTimer
    var trigger: RetryTrigger
    var surface: String
    var slot: TimerSlot
}

/// A binary min-heap of timers by due time, ties in start order.
struct TimerHeap: Sendable {
    private(set) var entries: [QueuedTimer] = []

    init() {}

    init(_ entries: [QueuedTimer], work: inout Int) {
        self.entries = entries
        for index in stride(from: entries.count / 2 - 1, through: 0, by: -1) { siftDown(index, work: &work) }
    }

    var count: Int { entries.count }
    var top: QueuedTimer? { entries.first }

    mutating func push(_ entry: QueuedTimer, work: inout Int) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            work += 1
            let parent = (child - 1) / 2
            guard entries[child].timer.firesBefore(entries[parent].timer) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop(work: inout Int) {
        guard !entries.isEmpty else { return }
        let last = entries.removeLast()
        guard !entries.isEmpty else { return }
        entries[0] = last
        siftDown(0, work: &work)
    }

    private mutating func siftDown(_ start: Int, work: inout Int) {
        var parent = start
        while true {
            work += 1
            let left = 2 * parent + 1, right = left + 1
            var first = parent
            if left < entries.count && entries[left].timer.firesBefore(entries[first].timer) { first = left }
            if right < entries.count && entries[right].timer.firesBefore(entries[first].timer) { first = right }
            if first == parent { return }
            entries.swapAt(parent, first)
            parent = first
        }
    }
}
