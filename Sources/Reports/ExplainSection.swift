import PolicyCore
import PolicyRegistry
import Replay
import TurboRecording

/// One native policy's part of `explain` on a native log (and of `native --explain`): fed every
/// record of the log in one pass, then asked for its section. The sections come from the
/// registry, in its order (`ExplainSections.make`), so `explain` names no policy itself: each
/// is its policy's `NativeLogReport`.
package protocol ExplainSection: AnyObject {
    /// One record, in the log's order (its `meta` first). A section may print at once (the
    /// error view's findings stream); the others hold what they print until `report`.
    func observe(_ record: NativeRecord, path: String, console: any ExplainPrinter) throws

    /// After the log's last record: prints the section, returns its findings' levels.
    /// `cuts`: how many `log-cut` findings the log has, which the first section's count names.
    func report(path: String, cuts: Int, console: any ExplainPrinter) throws -> [FindingLevel]

    /// Its findings counted by id, for `--format jsonl`'s summary, once reported.
    var findingCounts: [(id: String, level: FindingLevel, count: Int)] { get }
}

/// Where a section of `explain` prints: its lines to standard output, a note to standard error
/// (the command line's console).
package protocol ExplainPrinter: AnyObject {
    /// One line of the report; throws when it cannot be written.
    func print(_ line: String) throws
    /// One line for standard error: a note, never part of the report.
    func error(_ line: String)
}

extension PolicyDescription {
    /// The policies `explain` reads on a native log, in registry order.
    package static var explainedNative: [PolicyID] {
        all.map(\.id).filter { ExplainSections.maker(for: $0) != nil }
    }
}

/// The registry's policies as sections of `explain` on a native log.
package enum ExplainSections {
    /// A section for each policy that has one, in registry order.
    package static func make(config: NativeConfig, jsonl: Bool) throws -> [any ExplainSection] {
        try PolicyDescription.all.compactMap { try maker(for: $0.id)?(config, jsonl) }
    }

    /// What makes `policy`'s section, or `nil` for a policy not read from a native log alone.
    package static func maker(for policy: PolicyID) -> ((_ config: NativeConfig, _ jsonl: Bool) throws -> any ExplainSection)? {
        NativeLogReports.report(for: policy).map { report in { try report.explainSection(config: $0, jsonl: $1) } }
    }
}
