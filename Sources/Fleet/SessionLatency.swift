import Replay

/// One latency of one app session as `stats` keeps it: every value, in the session's order, up
/// to `LatencySample.exactLimit` of them. Past that, the fleet's figure is read from a sketch
/// whatever else the fleet holds (`LatencySample`), so the session keeps what the sketch needs
/// instead: the count, the largest value and the `QuantileSketch` of them all. A session of a
/// day's flaps then holds a few kilobytes, not its every latency, and the fleet's figures are
/// the same bytes (sketches add up exactly, in any order). The same holds once the fleet's
/// sessions together have more than the limit (`FleetLatencyCounts`): each is sketched then.
package struct SessionLatency: Equatable, Sendable {
    /// Every value, in order; empty once sketched.
    package private(set) var values: [Double] = []
    /// The values' sketch (each negative one counted as 0), once there are more than the limit,
    /// or once the fleet's sessions are past it (`sketched`, `sketchIfSmaller`).
    package private(set) var sketch: QuantileSketch?
    package private(set) var count = 0
    package private(set) var max: Double?
    /// `LatencySample.exactLimit`, the fleet's; another only in tests, to reach it with few values.
    package let limit: Int

    package init(limit: Int = LatencySample.exactLimit) {
        self.limit = limit
    }

    package init(_ values: some Sequence<Double>) {
        self.init()
        for value in values { append(value) }
    }

    /// A sketched latency as a partial carries it; `nil` when its parts disagree. (Whether the
    /// fleet it came from had enough values to be sketched is the merge's to check:
    /// `LatencySample.sketchedTooFew`.)
    package init?(count: Int, max: Double, sketch: QuantileSketch) {
        guard count >= 1, sketch.count == count, sketch.max == Swift.max(max, 0) else { return nil }
        self.limit = LatencySample.exactLimit
        self.count = count
        self.max = max
        self.sketch = sketch
    }

    /// The same latency as a sketch: what a session is once its fleet has more than
    /// `LatencySample.exactLimit` values of it, so that the fleet's figure is a sketch whatever
    /// the session holds. Unchanged when empty or already sketched.
    package var sketched: SessionLatency {
        var copy = self
        if copy.sketch == nil, !copy.values.isEmpty {
            copy.sketch = QuantileSketch(copy.values.lazy.map { Swift.max($0, 0) })
            copy.values = []
        }
        return copy
    }

    /// Sketched when that takes less memory than the values (a bucket is two words, a value
    /// one): for a session whose fleet is past the limit, so that the fleet's sessions hold a
    /// few kilobytes each, not their every value, while their figures stay the same.
    package mutating func sketchIfSmaller() {
        guard sketch == nil, values.count > 64 else { return }
        let sketch = self.sketched
        if 2 * sketch.sketch!.bins.count < values.count { self = sketch }
    }

    package mutating func append(_ value: Double) {
        count += 1
        max = Swift.max(max ?? value, value)
        if sketch != nil {
            sketch!.add(Swift.max(value, 0))
            return
        }
        values.append(value)
        if values.count > limit {
            sketch = QuantileSketch(values.lazy.map { Swift.max($0, 0) })
            values = []
        }
    }
}
