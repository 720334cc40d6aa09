import PolicyCore
import TurboRecording

/// A figure a `stats` partial's log line carries, named by where it sits in the line
/// (`web.pills`, `native.launch.toWeb`, `session.dropToPill`). The line is written and read
/// through these names, and the header lists every one (`PartialCounted.stats`): a figure added
/// here is named by every partial made from then on, and a merge refuses, by that name, the
/// partials made before it (which would add it up as none). The findings are not among them:
/// they are counted by id, and the header lists those apart.
package enum StatsFigure: String, CaseIterable, Sendable {
    case webRecords = "web.records"
    case webSkippedLines = "web.skippedLines"
    case webCut = "web.cut"
    /// What its collector's folder is missing (`log-gap`), as `["seq 5-9"]`: only when so.
    case webGaps = "web.gaps"
    case pills = "web.pills"
    case durations = "web.durations"
    case toasts = "web.toasts"
    case silent = "web.silent"
    case seenFit = "web.seenFit"
    /// Why its `NAME.native.jsonl` is not its app session (`SessionPairing`): only when so.
    case pairRefused = "web.pairRefused"
    case platform = "native.platform"
    case nativeRecords = "native.records"
    case nativeSkippedLines = "native.skippedLines"
    case nativeCut = "native.cut"
    /// What its collector's folder is missing (`log-gap`), as `["part 2 of 6"]`: only when so.
    case nativeGaps = "native.gaps"
    /// Why it is in no app session: it names pages none of the logs has. Only when so.
    case unpaired = "native.unpaired"
    case errorViews = "native.errorView.views"
    case automaticRetries = "native.errorView.automaticRetries"
    case manualRetries = "native.errorView.manualRetries"
    case deferredRetries = "native.errorView.deferred"
    case errorViewOpen = "native.errorViewTime.open"
    case errorViewPolicyMs = "native.errorViewTime.policyMs"
    case errorViewDurations = "native.errorViewTime.durations"
    case errorViewValues = "native.errorViewTime.values"
    case shownOpen = "native.errorViewTime.shownOpen"
    case shownMs = "native.errorViewTime.shownMs"
    case shownDurations = "native.errorViewTime.shownDurations"
    case shownValues = "native.errorViewTime.shownValues"
    case launches = "native.launch.launches"
    case toWeb = "native.launch.toWeb"
    case stalls = "native.launch.stalls"
    case throughError = "native.launch.throughError"
    case offseason = "native.launch.offseason"
    case drops = "session.drops"
    case unannounced = "session.unannounced"
    case edges = "session.edges"
    case dropToPill = "session.dropToPill"
    case edgeToClear = "session.edgeToClear"
    case edgeToPage = "session.edgeToPage"
    case clearStuck = "session.clearStuck"
    case pageStuck = "session.pageStuck"
    /// An empty file's line, `"empty":true`: no log, listed apart (a partial made before it
    /// counted an empty file as a web log of no records).
    case empty = "empty"

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
