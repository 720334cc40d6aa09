import AppSession
import BannerFindings
import NativeErrorPolicy
import NativeFindings
import PolicyCore
import Replay
import TurboRecording

/// Which policy a description is: a switch over it is how a module above says what it does
/// for each one, and the compiler names the place a new policy has not reached.
package enum PolicyID: String, CaseIterable, Sendable {
    case banner
    case errorView = "error-view"
    case launch
    case archive
    case session
}

/// The registry: every policy and layer, once. Adding a policy is adding its case to `PolicyID`
/// and its value here and to `all`, with how its golden is replayed, then answering the
/// compiler where a `switch` over `PolicyID` asks for its part of the reports on one log
/// (`NativeLogReports`), of `stats` and of `render`'s lanes; docs/architecture.md lists the
/// files. It sits above the analyses, so that each policy's findings are the ones its analysis
/// declares.
extension PolicyDescription {
    package static let all: [PolicyDescription] = [.banner, .errorView, .launch, .archive, .session]

    /// The banner (offline-banner.md): the page's pill and toasts. Its timeline has only `t` as
    /// a time (its `status` is an HTTP status); its figures are the top of `stats`'s report.
    package static let banner = PolicyDescription(
        id: .banner, title: "the banner", goldenSuffix: "", golden: .banner,
        timeKeys: ["t"], latencyKeys: [],
        findings: BannerFindingKind.allCases.map(\.finding),
        findingsPage: "docs/field-reports.md",
        statsSection: "")

    /// The native error view (native-error-policy.md): its decisions, and the app's retries
    /// against them; `until` is the end of a cooldown.
    package static let errorView = PolicyDescription(
        id: .errorView, title: "the error view", goldenSuffix: "",
        golden: .native { path, config, emit in
            try replayNative(NativeRecordingReader(path: path), config: config) { try emit(Array($0.jsonLine.utf8)) }
            return true
        },
        timeKeys: ["t", "until"], latencyKeys: [],
        findings: RetryFindingKind.findings,
        findingsPage: "docs/native-error-view.md",
        statsSection: "native")

    /// The launch (launch-policy.md): the root screen; `launchMs` is the time since the launch.
    package static let launch = PolicyDescription(
        id: .launch, title: "the launch", goldenSuffix: "launch",
        golden: .native { path, config, emit in
            try replayLaunch(NativeRecordingReader(path: path), config: config) { try emit(Array($0.jsonLine.utf8)) }
            return true
        },
        timeKeys: ["t", "launchMs"], latencyKeys: [],
        findings: LaunchFindingKind.allCases.map(\.finding),
        findingsPage: "docs/launch.md",
        statsSection: "native.launch")

    /// The iOS web-archive cache (archive-cache-policy.md), a what-if; `ageMs` is the time
    /// since the capture. `stats` counts its findings among the native ones (an Android log has
    /// none); `archive --summary` is its own fleet report, with what it served and missed.
    package static let archive = PolicyDescription(
        id: .archive, title: "the web-archive cache", goldenSuffix: "archive",
        golden: .native { path, config, emit in try replayArchive(path: path, config: config) { try emit(Array($0.jsonLine.utf8)) } },
        timeKeys: ["t", "ageMs"], latencyKeys: [],
        findings: ArchiveFindingKind.allCases.map(\.finding),
        findingsPage: "docs/archive-cache.md",
        statsSection: "native")

    /// One app session (app-session.md): the page's recording and the app's log on one clock.
    /// A finding's `drop` or `edge` is when the network went or came back, its `latencyMs` the
    /// difference of two record times. Every session finding is a layer late for its user.
    package static let session = PolicyDescription(
        id: .session, title: "the app session", goldenSuffix: "session", golden: .session,
        timeKeys: ["t", "drop", "edge"], latencyKeys: ["latencyMs"],
        findings: SessionFindingKind.allCases.map { FindingDescription(id: $0.rawValue, level: .warning, docs: $0.docs) }
            + [FindingDescription(id: ClockSkew.finding, level: ClockSkew.level, docs: ClockSkew.docs)],
        findingsPage: "docs/app-session.md",
        statsSection: "appSessions")
}
