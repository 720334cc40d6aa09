/// The time on error views per surface, in byte order, as a summary gives it: walked, not
/// held. A log of a few surfaces has them in an array; a stream over millions of surfaces
/// hands a walk over its runs on disk (the shell's, `SurfaceTotalsSpool` in Replay), so that
/// the summary is written a surface at a time. The walk can be taken more than once (text
/// says the total before the surfaces).
public struct SurfaceTimes: Sendable {
    /// How many surfaces.
    public let count: Int
    /// The times added up in byte order of the surfaces, as a reader adding the list would.
    public let totalMs: Double
    private let walk: @Sendable (_ body: (String, Double) throws -> Void) throws -> Void

    /// `surfaces` already in byte order, one entry a surface.
    public init(_ surfaces: [(surface: String, ms: Double)]) {
        count = surfaces.count
        totalMs = surfaces.reduce(0) { $0 + $1.ms }
        let held = surfaces.map { SurfaceTime(surface: $0.surface, ms: $0.ms) }
        walk = { body in for entry in held { try body(entry.surface, entry.ms) } }
    }

    /// A walk that gives `count` surfaces in byte order, each once, whose times add up (in that
    /// order, from 0) to `totalMs`.
    public init(count: Int, totalMs: Double, walk: @escaping @Sendable (_ body: (String, Double) throws -> Void) throws -> Void) {
        self.count = count
        self.totalMs = totalMs
        self.walk = walk
    }

    /// Each surface and its time, in byte order.
    public func forEach(_ body: (_ surface: String, _ ms: Double) throws -> Void) throws {
        try walk(body)
    }

    /// Every surface in memory (a walk that fails gives what it gave before failing: only the
    /// tests and small summaries ask).
    public var collected: [(surface: String, ms: Double)] {
        var all: [(surface: String, ms: Double)] = []
        try? walk { all.append((surface: $0, ms: $1)) }
        return all
    }
}

private struct SurfaceTime: Sendable {
    var surface: String
    var ms: Double
}
