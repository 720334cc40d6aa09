import PolicyCore
import TurboRecording

/// A figure a `stats` partial's log line carries, named by where it sits in the line
/// (`web.pills`, `native.launch.toWeb`, `session.dropToPill`). The line is written and read
/// through these names, and the header lists every one (`PartialCounted.stats`): a figure added
/// is named by every partial made from then on, and a merge refuses, by that name, the
/// partials made before it (which would add it up as none). The findings are not among them:
/// they are counted by id, and the header lists those apart. A native policy's figures are
/// declared with its part of `stats` (`NativeStatsSection.figures`); the others here.
package struct StatsFigure: Hashable, Sendable {
    /// Where it sits in a log's line: `native.launch.toWeb`.
    package let rawValue: String

    package init(_ rawValue: String) { self.rawValue = rawValue }

    /// Every figure a partial's line carries: the logs' own and the sessions', then each
    /// native policy's part's, in registry order.
    package static var allCases: [StatsFigure] { own + NativeStatsSections.All.figures }

    /// The figures not of a native policy's part.
    static let own: [StatsFigure] = [
        .webRecords, .webSkippedLines, .webCut, .webGaps, .pills, .durations, .toasts, .silent, .seenFit, .pairRefused, .platform, .nativeRecords,
        .nativeSkippedLines, .nativeCut, .nativeGaps, .unpaired, .drops, .unannounced, .edges, .dropToPill, .edgeToClear, .edgeToPage, .clearStuck, .pageStuck,
        .empty,
    ]

    package static let webRecords = StatsFigure("web.records")
    package static let webSkippedLines = StatsFigure("web.skippedLines")
    package static let webCut = StatsFigure("web.cut")
    /// What its collector's folder is missing (`log-gap`), as `["seq 5-9"]`: only when so.
    package static let webGaps = StatsFigure("web.gaps")
    package static let pills = StatsFigure("web.pills")
    package static let durations = StatsFigure("web.durations")
    package static let toasts = StatsFigure("web.toasts")
    package static let silent = StatsFigure("web.silent")
    package static let seenFit = StatsFigure("web.seenFit")
    /// Why its `NAME.native.jsonl` is not its app session (`SessionPairing`): only when so.
    package static let pairRefused = StatsFigure("web.pairRefused")
    package static let platform = StatsFigure("native.platform")
    package static let nativeRecords = StatsFigure("native.records")
    package static let nativeSkippedLines = StatsFigure("native.skippedLines")
    package static let nativeCut = StatsFigure("native.cut")
    /// What its collector's folder is missing (`log-gap`), as `["part 2 of 6"]`: only when so.
    package static let nativeGaps = StatsFigure("native.gaps")
    /// Why it is in no app session: it names pages none of the logs has. Only when so.
    package static let unpaired = StatsFigure("native.unpaired")
    package static let drops = StatsFigure("session.drops")
    package static let unannounced = StatsFigure("session.unannounced")
    package static let edges = StatsFigure("session.edges")
    package static let dropToPill = StatsFigure("session.dropToPill")
    package static let edgeToClear = StatsFigure("session.edgeToClear")
    package static let edgeToPage = StatsFigure("session.edgeToPage")
    package static let clearStuck = StatsFigure("session.clearStuck")
    package static let pageStuck = StatsFigure("session.pageStuck")
    /// An empty file's line, `"empty":true`: no log, listed apart (a partial made before it
    /// counted an empty file as a web log of no records).
    package static let empty = StatsFigure("empty")

    /// Its member's name in the object that holds it: the last part of its name.
    package var key: String { String(rawValue.split(separator: ".").last!) }
}

extension JSONLine {
    mutating func integer(_ figure: StatsFigure, _ value: Int) { integer(figure.key, value) }
    mutating func string(_ figure: StatsFigure, _ value: String) { string(figure.key, value) }
    mutating func raw(_ figure: StatsFigure, _ json: String) { raw(figure.key, json) }
    mutating func bool(_ figure: StatsFigure, _ value: Bool) { bool(figure.key, value) }
}

extension Dictionary where Key == String {
    /// The member that holds `figure` in its object.
    subscript(_ figure: StatsFigure) -> Value? { self[figure.key] }
}
