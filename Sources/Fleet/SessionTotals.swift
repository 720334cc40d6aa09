import AppSession
import Replay
import TurboRecording

/// The app sessions' part of `StatsTotals`: counts, each latency as a `LatencySample`, and for
/// each session finding the sessions `KeptLogs` keeps.
package struct SessionTotals: Sendable {
    package private(set) var read = 0
    package private(set) var failures = KeptFailures()
    package private(set) var drops = 0
    package private(set) var unannounced = 0
    package private(set) var edges = 0
    private var dropToPillSample = LatencySample()
    private var edgeToClearSample = LatencySample()
    private var edgeToPageSample = LatencySample()
    private var clearStuck = 0
    private var pageStuck = 0
    private var findingCounts: [String: (count: Int, logs: KeptLogs<Int>)] = [:]

    package init() {}

    /// Some pair was read, or tried: the report has an app sessions section.
    package var any: Bool { read + failures.count > 0 }

    package mutating func add(_ session: StatsSession) {
        switch session.outcome {
        case .failed(let error):
            failures.add(error)
        case .read(let figures):
            read += 1
            drops += figures.drops
            unannounced += figures.unannounced
            edges += figures.edges
            dropToPillSample.add(figures.dropToPill)
            edgeToClearSample.add(figures.edgeToClear)
            edgeToPageSample.add(figures.edgeToPage)
            clearStuck += figures.clearStuck
            pageStuck += figures.pageStuck
            for (kind, count) in figures.findings where count > 0 {
                // In place: an entry taken out and put back shares its kept logs with the dictionary,
                // and each insert then copies every log kept (a thousand) for every log added.
                findingCounts[kind, default: (0, KeptLogs())].count += count
                findingCounts[kind, default: (0, KeptLogs())].logs.add(session.web, count)
            }
        }
    }

    /// After a merge of the partials at `paths`: a latency read as a sketch though the fleet has
    /// no more than `LatencySample.exactLimit` values of it comes from partials that no
    /// `stats --partial` wrote, and is refused (65), naming the inputs.
    package func refuseSketchesOfTooFew(from paths: [String]) throws {
        let samples = [("dropToPill", dropToPillSample), ("edgeToClear", edgeToClearSample), ("edgeToPage", edgeToPageSample)]
        guard let latency = samples.first(where: \.1.sketchedTooFew)?.0 else { return }
        throw RecordingError(
            .malformed, path: PartialFrame.inputs(paths), line: nil,
            "an app session's \(latency) is a sketch, but the sessions hold no more than \(LatencySample.exactLimit) values of it: "
                + "turbo-replay stats --partial sketches a latency only past that, so these partials were not written by it")
    }

    package var dropToPill: LatencySummary { dropToPillSample.summary(stuck: nil) }
    package var edgeToClear: LatencySummary { edgeToClearSample.summary(stuck: clearStuck) }
    package var edgeToPage: LatencySummary { edgeToPageSample.summary(stuck: pageStuck) }

    /// Every session finding id, its count, and the sessions (by web recording) kept for it.
    package var findings: [(id: String, count: Int, recordings: KeptLogs<Int>)] {
        SessionFigures.findingIDs.map { id in
            let entry = findingCounts[id] ?? (0, KeptLogs())
            return (id, entry.count, entry.logs)
        }
    }
}

/// A session latency over a fleet: every value, exactly, up to `exactLimit` of them (so a
/// fleet of that size reads as the session contract sums one up), and past it a
/// `QuantileSketch` of them all (medians and p90 within 0.5%, a negative value counted as 0),
/// so that memory stays bounded. Which one a fleet gets depends only on its values' count, not
/// on how it was split into partials.
package struct LatencySample: Sendable {
    package static var exactLimit: Int { 100_000 }

    private var values: [Double] = []
    private var sketch: QuantileSketch?
    private var count = 0
    private var max: Double?

    package init() {}

    /// One session's values, or its sketch: the same sample as its values one by one.
    package mutating func add(_ latency: SessionLatency) {
        guard let other = latency.sketch, let otherMax = latency.max else { return add(latency.values) }
        count += latency.count
        max = Swift.max(max ?? otherMax, otherMax)
        if sketch == nil {
            sketch = QuantileSketch(values.lazy.map { Swift.max($0, 0) })
            values = []
        }
        sketch!.add(other)
    }

    package mutating func add(_ more: [Double]) {
        count += more.count
        for value in more { max = Swift.max(max ?? value, value) }
        if var sketch {
            for value in more { sketch.add(Swift.max(value, 0)) }
            self.sketch = sketch
            return
        }
        values += more
        if values.count > Self.exactLimit {
            sketch = QuantileSketch(values.map { Swift.max($0, 0) })
            values = []
        }
    }

    /// Sketched, with no more values than the limit: never so in one run, nor in a merge of the
    /// partials it writes (a partial sketches a session's latency only when its sessions hold
    /// more than the limit of it), so a merge that finds it refuses the partials.
    package var sketchedTooFew: Bool { sketch != nil && count <= Self.exactLimit }

    /// As `LatencySummary` sums up the values: the lower middle, the value at ⌈0.9 × n⌉, the max.
    package func summary(stuck: Int?) -> LatencySummary {
        guard let sketch else { return LatencySummary(values, stuck: stuck) }
        var summary = LatencySummary([], stuck: stuck)
        summary.count = count
        summary.median = sketch.value(atRank: (count - 1) / 2 + 1)
        summary.p90 = sketch.value(atRank: (9 * count + 9) / 10)
        summary.max = max
        return summary
    }
}
