import PolicyCore
import PolicyRegistry
import Replay
import TurboRecording

/// One native policy's part of `explain` on a native log (and of `native --explain`): fed every
/// record of the log in one pass, then asked for its section. The sections come from the
/// registry, in its order (`ExplainSections.make`), so `explain` names no policy itself: a
/// policy whose log is the native one and that has no section here is a test failure
/// (`ExplainSectionsTests`), and a new `PolicyID` stops the compiler at `maker(for:)`.
protocol ExplainSection: AnyObject {
    /// One record, in the log's order (its `meta` first). A section may print at once (the
    /// error view's findings stream); the others hold what they print until `report`.
    func observe(_ record: NativeRecord, path: String, console: Console) throws

    /// After the log's last record: prints the section, returns its findings' levels.
    /// `cuts`: how many `log-cut` findings the log has, which the first section's count names.
    func report(path: String, cuts: Int, console: Console) throws -> [FindingLevel]

    /// Its findings counted by id, for `--format jsonl`'s summary, once reported.
    var findingCounts: [(id: String, level: FindingLevel, count: Int)] { get }
}

extension PolicyDescription {
    /// The policies `explain` reads on a native log, in registry order.
    static var explainedNative: [PolicyID] {
        all.map(\.id).filter { ExplainSections.maker(for: $0) != nil }
    }
}

/// The registry's policies as sections of `explain` on a native log.
enum ExplainSections {
    /// A section for each policy that has one, in registry order.
    static func make(config: NativeConfig, jsonl: Bool) throws -> [any ExplainSection] {
        try PolicyDescription.all.compactMap { try maker(for: $0.id)?(config, jsonl) }
    }

    /// What makes `policy`'s section, or `nil` for a policy not read from a native log alone.
    static func maker(for policy: PolicyID) -> ((_ config: NativeConfig, _ jsonl: Bool) throws -> any ExplainSection)? {
        switch policy {
        case .errorView: { RetryExplain(config: $0, jsonl: $1) }
        case .launch: { try LaunchExplain(config: $0, jsonl: $1) }
        case .archive: { try ArchiveExplain(config: $0, jsonl: $1) }
        // The banner is the web log's analysis; an app session is two logs (`session`).
        case .banner, .session: nil
        }
    }
}
