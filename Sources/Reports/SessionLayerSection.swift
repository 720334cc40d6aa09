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
        PolicyDescription.all.compactMap { policy in
            policy.id == .launch ? LaunchLayerSection(config: config, sortBudget: sortBudget) : maker(for: policy.id)?(config)
        }
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

    mutating func finish(found: (String) -> Void) {
        var left: [String] = []
        retries.finish(decided: { _ in }) { Self.take($0, into: &left) }
        for line in left { found(line) }
    }

    private static func take(_ event: NativeExplainer.Event, into found: inout [String]) {
        switch event {
        case .retry(let finding): found.append(finding.jsonLine)
        case .probeLoop(let loop): found.append(loop.jsonLine)
        case .afterEnd: break
        }
    }
}

/// The launch's findings, listed after the others by the log's end in `explain`'s order (by
/// time, then kind), as its analyzer sorts them. A long log has tens of thousands: each is
/// taken as it is decided and waits on disk in that order (`LaunchFindingSpool`), and no row
/// is kept, since the session prints none.
struct LaunchLayerSection: SessionLayerSection {
    private var launch: LaunchAnalyzer
    private let spool: LaunchFindingSpool

    init(config: NativeConfig, sortBudget: Int = SessionLayerFindings.sortBudget) {
        launch = LaunchAnalyzer(config: config, keeping: .counts)
        spool = LaunchFindingSpool(rules: FindingRules(checked: config.findings), budget: sortBudget)
    }

    mutating func feed(_ record: NativeRecord, found: inout [String]) {
        launch.feed(record)
        spool.add(launch.takeFindings(), ruled: false)
    }

    mutating func finish(found: (String) -> Void) {
        launch.finish()
        // What `finish` adds has the config's rules applied already.
        spool.add(launch.takeFindings(), ruled: true)
        spool.drain(found)
    }

    var failure: (any Error)? { spool.failure }
    var heldInMemory: Int { launch.findings.count + launch.rows.count }
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

    mutating func finish(found: (String) -> Void) {
        if !refused {
            archive.finish { if case .finding(let finding) = $0 { found(finding.jsonLine) } }
        }
    }

    /// A native log with more pages than the cache's findings remember: past its line a miss
    /// could be given a wrong reason, so the session refuses it as `explain` does.
    func refusal(path: String) -> RecordingError? { archive.refusalError(path: path) }
}
