import NativeFindings
import PolicyRegistry
import Replay
import TurboRecording

/// One native policy's own findings in `session`'s pass over the app's log, as `explain`'s
/// JSON lines (`SessionLayerFindings`). The sections come from the registry, in its order
/// (`SessionLayerSections`), so `session` names no native policy itself: each is its policy's
/// `NativeLogReport`.
package protocol SessionLayerSection {
    /// One record of the native log (its `meta` first): the findings it decided, appended to `found`.
    mutating func feed(_ record: NativeRecord, found: inout [String])
    /// After the log's last record: the findings left, each handed to `found` (one at a time,
    /// so that a section holding many on disk never holds them all in memory).
    mutating func finish(found: (String) -> Void)
    /// Why the section's findings cannot be trusted, naming the native log at `path`; `nil` when they can.
    func refusal(path: String) -> RecordingError?
    /// What stopped the section keeping its findings (a temporary file that could not be
    /// written or read back); `nil` when nothing did.
    var failure: (any Error)? { get }
    /// The findings (and rows) the section holds in memory, waiting for the log's end.
    var heldInMemory: Int { get }
}

extension SessionLayerSection {
    package func refusal(path: String) -> RecordingError? { nil }
    package var failure: (any Error)? { nil }
    package var heldInMemory: Int { 0 }
}

/// The registry's policies as sections of `session`'s native layer.
package enum SessionLayerSections {
    /// A section for each policy that has one, in registry order.
    static func make(config: NativeConfig, sortBudget: Int = SessionLayerFindings.sortBudget) -> [any SessionLayerSection] {
        PolicyDescription.all.compactMap { NativeLogReports.report(for: $0.id)?.layerSection(config: config, sortBudget: sortBudget) }
    }

    /// What makes `policy`'s section, or `nil` for a policy not read from the native log alone.
    package static func maker(for policy: PolicyID) -> ((NativeConfig) -> any SessionLayerSection)? {
        NativeLogReports.report(for: policy).map { report in { report.layerSection(config: $0, sortBudget: SessionLayerFindings.sortBudget) } }
    }
}
