import Fleet

/// A native policy's part of `stats`'s report, from its totals (`NativeStatsSection.Totals`):
/// its lines in the text, and its members of the JSON report's `native` object, each after
/// the part before it in registry order. The composition's totals (`NativeStatsSections.All`)
/// conform only when every part's do, so a part without its report stops the compiler.
package protocol StatsReportSection {
    /// Its lines of the report for a person; logs listed at most `listing` a figure (nil: all).
    func text(listing: Int?) -> [String]
    /// Its members of the JSON report's `native` object.
    var json: [(String, String)] { get }
}

extension NativeStatsTotalsPair: StatsReportSection where A: StatsReportSection, B: StatsReportSection {
    package func text(listing: Int?) -> [String] { a.text(listing: listing) + b.text(listing: listing) }
    package var json: [(String, String)] { a.json + b.json }
}

extension NoStatsTotals: StatsReportSection {
    package func text(listing: Int?) -> [String] { [] }
    package var json: [(String, String)] { [] }
}
