/// A log's `log-gap` findings as `stats` lists them beside its path (`StatsTotals.gaps`): each
/// missing range as `LogGap.range` writes it, in the log's order. Ordered by its ranges, so a
/// listing of logs by path keeps the same ones whichever order they come in.
package struct GapRanges: Comparable, Sendable {
    package var ranges: [String]

    package init(_ ranges: [String]) { self.ranges = ranges }

    package static func < (a: GapRanges, b: GapRanges) -> Bool { a.ranges.lexicographicallyPrecedes(b.ranges) }
}
