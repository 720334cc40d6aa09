import TurboRecording

/// The logs a report lists under one figure (a finding, a launch figure, the slowest launches,
/// the cut logs), kept in bounded memory: the first `capacity` in the report's order, and how
/// many logs and occurrences there were in all. The order is total (figure, then path), so which logs are
/// kept does not depend on the order they come in: a single run and any merge keep the same.
package struct KeptLogs<Value: Comparable & Sendable>: Sendable {
    /// How many logs a listing keeps: the report's `--all` lists these.
    package static var capacity: Int { 1000 }

    package private(set) var entries: [(path: String, count: Value)] = []
    /// Every log counted, kept or not.
    package private(set) var logs = 0
    private let order: Order

    /// The report's order of a listing.
    package enum Order: Sendable {
        /// Larger values first (most occurrences, slowest), then by path: a figure's logs.
        case largestFirst
        /// By path, then value: a listing of logs by name (the cut logs, with their cut line).
        case byPath
    }

    package init(order: Order = .largestFirst) { self.order = order }

    private func precedes(_ a: (path: String, count: Value), _ b: (path: String, count: Value)) -> Bool {
        switch order {
        case .largestFirst: a.count != b.count ? a.count > b.count : a.path < b.path
        case .byPath: a.path != b.path ? a.path < b.path : a.count < b.count
        }
    }

    package mutating func add(_ path: String, _ value: Value) {
        logs += 1
        let entry = (path: path, count: value)
        if entries.count == Self.capacity {
            guard precedes(entry, entries[entries.count - 1]) else { return }
            entries.removeLast()
        }
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if precedes(entries[middle], entry) { low = middle + 1 } else { high = middle }
        }
        entries.insert(entry, at: low)
    }

    /// Logs counted but not kept.
    package var dropped: Int { logs - entries.count }
}

/// The logs that could not be read, kept in bounded memory: the first `KeptLogs.capacity` by
/// path (then line), and how many there were of each kind.
package struct KeptFailures: Equatable, Sendable {
    package private(set) var entries: [RecordingError] = []
    package private(set) var malformed = 0
    package private(set) var unreadable = 0

    package init() {}

    package init(_ failures: [RecordingError]) {
        for failure in failures { add(failure) }
    }

    package var count: Int { malformed + unreadable }
    package var dropped: Int { count - entries.count }

    private static func precedes(_ a: RecordingError, _ b: RecordingError) -> Bool {
        if a.path != b.path { return a.path < b.path }
        if a.line != b.line { return (a.line ?? 0) < (b.line ?? 0) }
        return a.message < b.message
    }

    package mutating func add(_ failure: RecordingError) {
        if failure.kind == .malformed { malformed += 1 } else { unreadable += 1 }
        if entries.count == KeptLogs<Int>.capacity {
            guard Self.precedes(failure, entries[entries.count - 1]) else { return }
            entries.removeLast()
        }
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if Self.precedes(entries[middle], failure) { low = middle + 1 } else { high = middle }
        }
        entries.insert(failure, at: low)
    }
}
