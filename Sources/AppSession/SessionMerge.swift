/// One item of the merged timeline as the streaming merge hands it out: a line (a connectivity
/// line with whether an offline error view was up just after it), or the time of a web
/// `connect` record, which the measurer reads and no output prints.
public enum SessionItem: Equatable, Sendable {
    case line(SessionLine, offlineViewUp: Bool)
    case connect(Double)

    public var t: Double {
        switch self {
        case .line(let line, _): return line.t
        case .connect(let t): return t
        }
    }
}

/// The merged timeline of `AppSession.lines`, made while both logs are still being read: each
/// log's lines wait in a small queue until no line either log can still produce would come
/// before them.
///
/// The order is `AppSession`'s: by `t`; at equal `t` the app's record lines, the app's other
/// lines, the page's record lines, the page's other lines; each in the order it was produced.
/// A log never produces a line earlier than the last record it was fed (its timers due before
/// that record have fired), so a line is final once the other queues' logs have been fed past
/// it — at its own time, where the other's lines come after it. Feed the log that is behind
/// (`behind`), so that neither waits long for the other.
public struct SessionMerge: Sendable {
    public enum Queue: Int, Sendable {
        case nativeRecords, nativeLines, webRecords, webLines
    }

    private var queues: [Items] = Array(repeating: Items(), count: 4)
    /// The session time of the last record each log was fed; `nil` before the first.
    private var nativeFed: Double?
    private var webFed: Double?
    private var nativeDone = false
    private var webDone = false

    public init() {}

    public mutating func push(_ item: SessionItem, to queue: Queue) {
        queues[queue.rawValue].append(item)
    }

    /// Each log's last record fed was at session time `t`.
    public mutating func fedNative(at t: Double) { nativeFed = t }
    public mutating func fedWeb(at t: Double) { webFed = t }
    /// A log has produced all it will.
    public mutating func finishNative() { nativeDone = true }
    public mutating func finishWeb() { webDone = true }

    /// The log to feed next: the one fed to an earlier time (the app's at a tie, whose lines
    /// come first at equal times), of those not finished; `nil` when both are.
    public var behind: Queue? {
        switch (nativeDone, webDone) {
        case (true, true): return nil
        case (true, false): return .webLines
        case (false, true): return .nativeLines
        case (false, false): return (webFed ?? -.infinity) < (nativeFed ?? -.infinity) ? .webLines : .nativeLines
        }
    }

    /// How many items wait, all queues together.
    public var waiting: Int { queues.reduce(0) { $0 + $1.count } }

    /// The next item of the merged timeline, if it is final.
    public mutating func next() -> SessionItem? {
        var best: Int?
        for index in 0..<4 {
            guard let head = queues[index].first else { continue }
            if let current = best, queues[current].first!.t <= head.t { continue }
            best = index
        }
        guard let index = best, let item = queues[index].first else { return nil }
        let t = item.t
        // Whether the other log (or this one, for a line after records) can still come first.
        let webPast = webDone || (webFed.map { t < $0 } ?? false)
        let nativePast = nativeDone || (nativeFed.map { t < $0 } ?? false)
        let webAtOrPast = webDone || (webFed.map { t <= $0 } ?? false)
        let final: Bool
        switch Queue(rawValue: index)! {
        case .nativeRecords: final = webAtOrPast
        case .nativeLines: final = nativePast && webAtOrPast
        case .webRecords: final = nativePast
        case .webLines: final = webPast && nativePast
        }
        guard final else { return nil }
        return queues[index].removeFirst()
    }
}

/// A first-in, first-out queue that reuses its storage.
private struct Items: Sendable {
    private var storage: [SessionItem] = []
    private var head = 0

    var count: Int { storage.count - head }
    var first: SessionItem? { head < storage.count ? storage[head] : nil }

    mutating func append(_ item: SessionItem) { storage.append(item) }

    mutating func removeFirst() -> SessionItem {
        let item = storage[head]
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: storage.count <= 1024)
            head = 0
        } else if head >= 1024, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return item
    }
}

extension WebSessionLog {
    /// Moves what the log has produced since the last call into `merge` (its timeline, its
    /// record lines and `connect` times, which are then no longer in the log), and says how
    /// far it was fed: what `session` does after each record, to hold no more than it must.
    public mutating func drain(into merge: inout SessionMerge) {
        // The records and the connects are both at the times of their records: merged by time.
        var connectIndex = 0
        for record in records {
            while connectIndex < connects.count, connects[connectIndex] <= record.t {
                merge.push(.connect(connects[connectIndex]), to: .webRecords)
                connectIndex += 1
            }
            merge.push(.line(.webRecord(record), offlineViewUp: false), to: .webRecords)
        }
        for t in connects[connectIndex...] { merge.push(.connect(t), to: .webRecords) }
        for record in timeline { merge.push(.line(.web(record), offlineViewUp: false), to: .webLines) }
        clearProduced()
        if let lastRecord { merge.fedWeb(at: lastRecord) }
    }
}

extension NativeSessionLog {
    /// Moves what the log has produced since the last call into `merge`, on the session clock
    /// (`offset` added), and says how far it was fed.
    public mutating func drain(into merge: inout SessionMerge, offset: Double) {
        for var record in records {
            record.t += offset
            merge.push(.line(.nativeRecord(record), offlineViewUp: false), to: .nativeRecords)
        }
        for line in lines {
            switch line {
            case .connectivity(let t, let online, let viewUp):
                merge.push(.line(.connectivity(t: t + offset, online: online), offlineViewUp: viewUp), to: .nativeLines)
            case .decision(let decision):
                merge.push(.line(.native(decision.moved(by: offset)), offlineViewUp: false), to: .nativeLines)
            }
        }
        clearProduced()
        if let lastRecord { merge.fedNative(at: lastRecord + offset) }
    }
}

extension Decision {
    /// This decision on the session clock: its `t`, and a deferral's `until`, moved by `offset`.
    public func moved(by offset: Double) -> Decision {
        var decision = self
        decision.t += offset
        if case .deferred(let until) = decision.outcome { decision.outcome = .deferred(until: until + offset) }
        return decision
    }
}
