import NativeFindings
import PolicyRegistry
import Replay
import TurboRecording

/// One native policy's own findings in `session`'s pass over the app's log, as `explain`'s
/// JSON lines (`SessionLayerFindings`). The sections come from the registry, in its order
/// (`SessionLayerSections`), so `session` names no native policy itself: a policy whose log is
/// the native one and that has no section here fails `SessionLayerSectionsTests`, and a new
/// `PolicyID` stops the compiler at `maker(for:)`.
package protocol SessionLayerSection {
    /// One record of the native log (its `meta` first): the findings it decided, appended to `found`.
    mutating func feed(_ record: NativeRecord, found: inout [String])
    /// After the log's last record: the findings left, appended to `found`.
    mutating func finish(found: inout [String])
    /// Why the section's findings cannot be trusted, naming the native log at `path`; `nil` when they can.
    func refusal(path: String) -> RecordingError?
}

extension SessionLayerSection {
    package func refusal(path: String) -> RecordingError? { nil }
}

/// The registry's policies as sections of `session`'s native layer.
package enum SessionLayerSections {
    /// A section for each policy that has one, in registry order.
    static func make(config: NativeConfig) -> [any SessionLayerSection] {
        PolicyDescription.all.compactMap { maker(for: $0.id)?(config) }
    }

    /// What makes `policy`'s section, or `nil` for a policy not read from the native log alone.
    package static func maker(for policy: PolicyID) -> ((NativeConfig) -> any SessionLayerSection)? {
        switch policy {
        case .errorView: { RetryLayerSection(config: $0) }
        case .launch: { LaunchLayerSection(config: $0) }
        case .archive: { ArchiveLayerSection(config: $0) }
        // The banner's are the web layer's (`SessionLayerFindings`); the session's are its own.
        case .banner, .session: nil
        }
    }
}

/// The error view's retry findings and probe loops, as they are decided.
struct RetryLayerSection: SessionLayerSection {
    private var retries: NativeExplainer

    init(config: NativeConfig) { retries = NativeExplainer(config: config) }

    mutating func feed(_ record: NativeRecord, found: inout [String]) {
        retries.feed(record, decided: { _ in }) { Self.take($0, into: &found) }
    }

    mutating func finish(found: inout [String]) {
        retries.finish(decided: { _ in }) { Self.take($0, into: &found) }
    }

    private static func take(_ event: NativeExplainer.Event, into found: inout [String]) {
        switch event {
        case .retry(let finding): found.append(finding.jsonLine)
        case .probeLoop(let loop): found.append(loop.jsonLine)
        case .afterEnd: break
        }
    }
}

/// The launch's findings, which it decides by the log's end.
struct LaunchLayerSection: SessionLayerSection {
    private var launch: LaunchAnalyzer

    init(config: NativeConfig) { launch = LaunchAnalyzer(config: config, keeping: .findings) }

    mutating func feed(_ record: NativeRecord, found: inout [String]) { launch.feed(record) }

    mutating func finish(found: inout [String]) {
        launch.finish()
        found += launch.findings.map(\.jsonLine)
    }
}

/// The web-archive cache's findings; none on an Android log (the cache is iOS-only).
struct ArchiveLayerSection: SessionLayerSection {
    private var archive: ArchiveAnalyzer
    private let config: NativeConfig
    private var refused = false

    init(config: NativeConfig) {
        archive = ArchiveAnalyzer(settings: config.archive.settings, keepingFindings: false)
        self.config = config
    }

    mutating func feed(_ record: NativeRecord, found: inout [String]) {
        switch record.event {
        case .meta(let meta):
            refused = archiveRefusal(path: "", meta: meta, config: config) != nil
        case .timed:
            if !refused {
                archive.feed(record) { if case .finding(let finding) = $0 { found.append(finding.jsonLine) } }
            }
        }
    }

    mutating func finish(found: inout [String]) {
        if !refused {
            archive.finish { if case .finding(let finding) = $0 { found.append(finding.jsonLine) } }
        }
    }

    /// A native log with more pages than the cache's findings remember: past its line a miss
    /// could be given a wrong reason, so the session refuses it as `explain` does.
    func refusal(path: String) -> RecordingError? { archive.refusalError(path: path) }
}
