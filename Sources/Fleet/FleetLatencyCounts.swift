import Foundation

/// How many values of each session latency the sessions of one `stats` run have given so far,
/// shared by its workers. Once a latency's count is past `LatencySample.exactLimit`, the
/// fleet's figure of it is read from a sketch whatever else is read, so every session read
/// after that can hold its values as a sketch (`SessionLatency.sketchIfSmaller`): the sessions
/// read before hold at most the limit's worth of values of each latency in all, and each one
/// after holds its values or their sketch, whichever is smaller (a few kilobytes at most), not
/// every latency of every session until the report.
///
/// Which sessions are sketched depends on which finished first; what is written never does: a
/// partial writes every session's latency as a sketch exactly when its sessions together have
/// more than the limit of it (`StatsPartial.write`), and a report's figures are the same from
/// values or sketches (they add up exactly, in any order).
final class FleetLatencyCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var counts = [0, 0, 0]
    private let limit: Int

    init(limit: Int = LatencySample.exactLimit) { self.limit = limit }

    /// `figures` counted in, then each latency sketched whose fleet is now past the limit.
    func add(_ figures: inout SessionFigures) {
        let past = lock.withLock { () -> [Bool] in
            counts[0] += figures.dropToPill.count
            counts[1] += figures.edgeToClear.count
            counts[2] += figures.edgeToPage.count
            return counts.map { $0 > limit }
        }
        if past[0] { figures.dropToPill.sketchIfSmaller() }
        if past[1] { figures.edgeToClear.sketchIfSmaller() }
        if past[2] { figures.edgeToPage.sketchIfSmaller() }
    }
}
