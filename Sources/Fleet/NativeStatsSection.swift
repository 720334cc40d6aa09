import NativeFindings
import PolicyCore
import PolicyRegistry
import Replay
import TurboRecording

/// One native policy's part of `stats`, whole: what it reads of one log (fed every record in
/// the log's single pass), what it puts on the log's summary, how a partial's line carries that
/// and a merge checks it, and how a fleet adds it up (`Totals`; its report's lines are in
/// Reports). The parts come from the registry (`NativeStatsSections`), so `stats` names no
/// native policy itself: a policy whose log is the native one and that has no part here fails
/// `PolicyReadersTests`, and a new `PolicyID` stops the compiler at `section(for:)`.
package protocol NativeStatsSection {
    /// What a fleet of logs adds up of this part.
    associatedtype Totals: NativeStatsTotals

    /// The policies whose part it is, in registry order (one; a composition's, each).
    static var policies: [PolicyID] { get }

    /// The figures its members of a partial's line carry (`StatsFigure`), which the partial's
    /// header names: none for a part that adds up only its findings.
    static var figures: [StatsFigure] { get }

    init(config: NativeConfig)

    /// One record of the log (its `meta` first); each finding it decides counted by id in `findings`.
    mutating func feed(_ record: NativeRecord, path: String, findings: inout [String: Int]) throws

    /// After the log's last record: the findings left, counted as `feed` counts them. Throws
    /// what makes the log's figures untrustworthy (as `explain` refuses it).
    mutating func finish(path: String, findings: inout [String: Int]) throws

    /// Its figures of the log, onto the log's summary.
    func summarize(into summary: inout NativeLogSummary)

    /// Its members of the log's partial line (after the log's own, before its findings).
    static func write(_ summary: NativeLogSummary, into line: inout JSONLine)

    /// Its figures back from a partial's line, onto `summary`.
    static func decode(_ object: [String: JSONValue], into summary: inout NativeLogSummary, _ read: StatsPartial.Reader) throws

    /// Every count and sum a merge adds up of it, by a name unique in the report, checked
    /// before any report adds them (`PartialTotals`).
    static func forEachCount(_ summary: NativeLogSummary, _ body: (String, Int) throws -> Void) rethrows
    static func forEachSum(_ summary: NativeLogSummary, _ body: (String, Double) throws -> Void) rethrows
}

/// What a fleet adds up of one native policy's part, log by log in key order.
package protocol NativeStatsTotals: Sendable {
    init()
    mutating func add(_ summary: NativeLogSummary, path: String)
}

extension NativeStatsSection {
    /// `Self`, then `Next`: `A.And<B>.And<C>` reads A, B and C, in that order.
    package typealias And<Next: NativeStatsSection> = NativeStatsPair<Self, Next>

    package static var figures: [StatsFigure] { [] }
    package mutating func finish(path: String, findings: inout [String: Int]) throws {}
    package func summarize(into summary: inout NativeLogSummary) {}
    package static func write(_ summary: NativeLogSummary, into line: inout JSONLine) {}
    package static func decode(_ object: [String: JSONValue], into summary: inout NativeLogSummary, _ read: StatsPartial.Reader) throws {}
    package static func forEachCount(_ summary: NativeLogSummary, _ body: (String, Int) throws -> Void) rethrows {}
    package static func forEachSum(_ summary: NativeLogSummary, _ body: (String, Double) throws -> Void) rethrows {}
}

/// Two parts read as one, `A` first. Each call is a direct call to both: a log's records reach
/// every part with no dynamic dispatch, as `stats` reads them at the speed of its parse.
package struct NativeStatsPair<A: NativeStatsSection, B: NativeStatsSection>: NativeStatsSection {
    package typealias Totals = NativeStatsTotalsPair<A.Totals, B.Totals>

    private var a: A
    private var b: B

    package static var policies: [PolicyID] { A.policies + B.policies }
    package static var figures: [StatsFigure] { A.figures + B.figures }

    package init(config: NativeConfig) {
        a = A(config: config)
        b = B(config: config)
    }

    @inline(__always)
    package mutating func feed(_ record: NativeRecord, path: String, findings: inout [String: Int]) throws {
        try a.feed(record, path: path, findings: &findings)
        try b.feed(record, path: path, findings: &findings)
    }

    package mutating func finish(path: String, findings: inout [String: Int]) throws {
        try a.finish(path: path, findings: &findings)
        try b.finish(path: path, findings: &findings)
    }

    package func summarize(into summary: inout NativeLogSummary) {
        a.summarize(into: &summary)
        b.summarize(into: &summary)
    }

    package static func write(_ summary: NativeLogSummary, into line: inout JSONLine) {
        A.write(summary, into: &line)
        B.write(summary, into: &line)
    }

    package static func decode(_ object: [String: JSONValue], into summary: inout NativeLogSummary, _ read: StatsPartial.Reader) throws {
        try A.decode(object, into: &summary, read)
        try B.decode(object, into: &summary, read)
    }

    package static func forEachCount(_ summary: NativeLogSummary, _ body: (String, Int) throws -> Void) rethrows {
        try A.forEachCount(summary, body)
        try B.forEachCount(summary, body)
    }

    package static func forEachSum(_ summary: NativeLogSummary, _ body: (String, Double) throws -> Void) rethrows {
        try A.forEachSum(summary, body)
        try B.forEachSum(summary, body)
    }
}

/// Two parts' totals, `a`'s first.
package struct NativeStatsTotalsPair<A: NativeStatsTotals, B: NativeStatsTotals>: NativeStatsTotals {
    package private(set) var a = A()
    package private(set) var b = B()

    package init() {}

    package mutating func add(_ summary: NativeLogSummary, path: String) {
        a.add(summary, path: path)
        b.add(summary, path: path)
    }
}

/// The totals of a part that adds up nothing but its findings (which `stats` counts for every
/// part alike, by id).
package struct NoStatsTotals: NativeStatsTotals {
    package init() {}
    package mutating func add(_ summary: NativeLogSummary, path: String) {}
}

/// The registry's native policies as parts of `stats`.
package enum NativeStatsSections {
    /// Every part, composed in registry order: what reads a native log for `stats`.
    /// `PolicyReadersTests` holds it to `section(for:)` over the registry.
    package typealias All = ErrorViewStatsSection.And<LaunchStatsSection>.And<ArchiveStatsSection>

    /// The part of `policy`, or `nil` for a policy not read from a native log alone.
    package static func section(for policy: PolicyID) -> (any NativeStatsSection.Type)? {
        switch policy {
        case .errorView: ErrorViewStatsSection.self
        case .launch: LaunchStatsSection.self
        case .archive: ArchiveStatsSection.self
        // The banner is the web logs' part of the report; an app session is two logs (`SessionStats`).
        case .banner, .session: nil
        }
    }

    /// The policies with a part, in registry order.
    package static var policies: [PolicyID] { PolicyDescription.all.map(\.id).filter { section(for: $0) != nil } }

    /// Every native finding `stats` counts: its parts' policies' findings, in registry order.
    package static let findings: [FindingDescription] = PolicyDescription.all.filter { section(for: $0.id) != nil }.flatMap(\.findings)

    /// Every native finding id `stats` counts, in the order reports list them.
    package static let findingIDs: [String] = findings.map(\.id)

    /// Each native finding id's level.
    package static let findingLevels: [String: FindingLevel] = Dictionary(uniqueKeysWithValues: findings.map { ($0.id, $0.level) })

    /// At most this many distinct pages a native log's `web-session` records name are kept:
    /// the pages it belongs with (a log rotated many times names one, a log of many tabs a few).
    package static let maxWebSessions = 16

    /// Reads and summarises the native recording behind `reader` in one pass, every part fed
    /// each record, with the default settings over its `meta` (field logs come without the
    /// goldens' config files). Also the distinct pages its `web-session` records name, in the
    /// order first named, at most `maxWebSessions`.
    package static func analyze(
        _ reader: NativeRecordingReader, config: NativeConfig = NativeConfig()
    ) throws -> (summary: NativeLogSummary, webSessions: [String]) {
        var parts = All(config: config)
        var findings: [String: Int] = [:]
        var webSessions: [String] = []
        var records = 0
        while let record = try reader.next() {
            records += 1
            if case .timed(_, .webSession(let id)) = record.event, webSessions.count < maxWebSessions, !webSessions.contains(id) {
                webSessions.append(id)
            }
            try parts.feed(record, path: reader.path, findings: &findings)
        }
        try parts.finish(path: reader.path, findings: &findings)
        var summary = NativeLogSummary(platform: config.settings(recorded: reader.meta?.platform).platform)
        summary.records = records
        summary.skippedLines = reader.skipped
        summary.cut = reader.cuts.first?.line
        summary.findings = findings
        parts.summarize(into: &summary)
        return (summary, webSessions)
    }
}
