import AppSession
import NativeErrorPolicy
import PolicyCore
import TurboRecording

/// One policy or layer the tool replays, described once: the name its golden takes, which of
/// its keys hold times, its finding ids with their levels, and where `stats` and `explain` put
/// it. Goldens, tolerance, help texts, `stats` and `explain` read these values instead of lists
/// of their own, so that a policy cannot be in one and missing from another. The registry
/// (`PolicyRegistry`) makes them, above the analyses whose findings they list
/// (docs/architecture.md, "Adding a policy").
package struct PolicyDescription: Sendable, Identifiable {
    package let id: PolicyID
    /// How people call it, in help texts and reports.
    package let title: String
    /// The recording a golden of it sits beside (an app session's golden sits beside the
    /// page's recording, with the app's log as `NAME.native.jsonl`).
    package let goldenBeside: RecordingKind
    /// "" for a recording's first timeline (`NAME.expected.jsonl`), else the part of its
    /// golden's name that says which (`NAME.launch.expected.jsonl`).
    package let goldenSuffix: String
    /// The first timeline's golden must exist, even empty; another's only once its timeline
    /// has something in it.
    package var goldenAlwaysRequired: Bool { goldenSuffix.isEmpty }
    /// The keys of its timeline's lines that hold a time or a duration in ms (drift by the
    /// tolerance), and those that hold a latency, the difference of two times (drift by twice it).
    package let timeKeys: Set<String>
    package let latencyKeys: Set<String>
    /// Its findings, in the order reports list them.
    package let findings: [FindingDescription]
    /// The page of docs/ that explains its findings, one by one.
    package let findingsPage: String
    /// Where its figures are in `stats --format json`: a dotted path of keys ("" for the top of
    /// the report, where the banner's are; "native.launch" inside the native block); its
    /// findings are counted in that object's `findings`, or its parent's. `nil` where `stats`
    /// does not count it.
    package let statsSection: String?

    package init(
        id: PolicyID, title: String, goldenBeside: RecordingKind, goldenSuffix: String, timeKeys: Set<String>, latencyKeys: Set<String>,
        findings: [FindingDescription], findingsPage: String, statsSection: String?
    ) {
        self.id = id
        self.title = title
        self.goldenBeside = goldenBeside
        self.goldenSuffix = goldenSuffix
        self.timeKeys = timeKeys
        self.latencyKeys = latencyKeys
        self.findings = findings
        self.findingsPage = findingsPage
        self.statsSection = statsSection
    }
}

/// Which policy a description is: a switch over it is how a module above says what it does
/// for each one, and the compiler names the place a new policy has not reached.
package enum PolicyID: String, CaseIterable, Sendable {
    case banner
    case errorView = "error-view"
    case launch
    case archive
    case session
}

/// A finding as every list of them needs it: its stable id and its level, whether a config
/// may give it a threshold (`minMs`, `FindingsConfig`), and its row in the table of its
/// policy's page of docs/ (`PolicyDescription.findingsPage`), which is made from it.
package struct FindingDescription: Equatable, Sendable {
    package let id: String
    package let level: FindingLevel
    /// `minMs` is the finding's natural threshold: an occurrence shorter than it is no finding.
    package let takesMinMs: Bool
    /// The cells of its row in its page's table of findings, after the id (Markdown). Where the
    /// table has a level column, the first begins with the level.
    package let docs: [String]

    package init(id: String, level: FindingLevel, takesMinMs: Bool = false, docs: [String] = []) {
        self.id = id
        self.level = level
        self.takesMinMs = takesMinMs
        self.docs = docs
    }
}

extension PolicyDescription {
    /// The findings of the log rather than of a policy (`log-cut`): the reader raises them for
    /// both layers, so they are listed once, here, not under the banner and again under the
    /// error view, and no policy's golden, stats section or finding list claims them.
    package static let logFindings: [FindingDescription] = LogFindingKind.allCases.map {
        FindingDescription(id: $0.rawValue, level: $0.level)
    }
}
