import Fleet

/// A native policy's part of `stats`'s report, from its totals (`NativeStatsSection.Totals`):
/// its lines in the text, its members of the JSON report's `native` object and its columns of
/// `stats --per-log`, each after the part before it in registry order. The composition's totals (`NativeStatsSections.All`)
/// conform only when every part's do, so a part without its report stops the compiler.
package protocol StatsReportSection {
    /// Its lines of the report for a person; logs listed at most `listing` a figure (nil: all).
    func text(listing: Int?) -> [String]
    /// Its members of the JSON report's `native` object.
    var json: [(String, String)] { get }
    /// Its columns of `stats --per-log`, each with its cell of a native log's row.
    static var perLogColumns: [(name: String, cell: @Sendable (NativeLogSummary) -> PerLogTable.Cell)] { get }
}

extension NativeStatsTotalsPair: StatsReportSection where A: StatsReportSection, B: StatsReportSection {
    package func text(listing: Int?) -> [String] { a.text(listing: listing) + b.text(listing: listing) }
    package var json: [(String, String)] { a.json + b.json }
    package static var perLogColumns: [(name: String, cell: @Sendable (NativeLogSummary) -> PerLogTable.Cell)] { A.perLogColumns + B.perLogColumns }
}

extension NoStatsTotals: StatsReportSection {
    package func text(listing: Int?) -> [String] { [] }
    package var json: [(String, String)] { [] }
    package static var perLogColumns: [(name: String, cell: @Sendable (NativeLogSummary) -> PerLogTable.Cell)] { [] }
}
