import AppSession
import PolicyRegistry
import Replay
import TurboRecording

/// One native policy's part of what is printed about one app's log: its section of `explain`
/// (and `native --explain`), its findings in `session`'s native layer, and what it adds to the
/// end of `session`'s summary. Each policy declares its three parts in one file
/// (`ErrorViewLogReport`, `LaunchLogReport`, `ArchiveLogReport`), and `explain` and `session`
/// read them through the registry (`NativeLogReports`), naming no policy themselves.
package protocol NativeLogReport {
    /// Its section of `explain` on a native log, `jsonl` for `--format jsonl`.
    static func explainSection(config: NativeConfig, jsonl: Bool) throws -> any ExplainSection
    /// Its findings in `session`'s native layer; `sortBudget`, the memory a section that sorts
    /// its findings on disk may hold.
    static func layerSection(config: NativeConfig, sortBudget: Int) -> any SessionLayerSection
    /// What it adds to the end of `session`'s summary; `nil`, the default, for nothing.
    static var summary: SessionSummarySections.Writer? { get }
}

extension NativeLogReport {
    package static var summary: SessionSummarySections.Writer? { nil }
}

/// The registry's policies as parts of the reports on a native log.
package enum NativeLogReports {
    /// `policy`'s part, or `nil` for a policy not read from a native log alone. A new
    /// `PolicyID` stops the compiler here; a registered policy of the native log without a part
    /// fails `PolicyReadersTests`.
    package static func report(for policy: PolicyID) -> (any NativeLogReport.Type)? {
        switch policy {
        case .errorView: ErrorViewLogReport.self
        case .launch: LaunchLogReport.self
        case .archive: ArchiveLogReport.self
        // The banner is the web log's analysis; an app session is two logs (`session`).
        case .banner, .session: nil
        }
    }
}
