import AppSession
import NativeErrorPolicy
import PolicyCore
import Replay
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
    /// How its golden timeline is replayed.
    package let golden: GoldenReplay
    /// The recording a golden of it sits beside (an app session's golden sits beside the
    /// page's recording, with the app's log as `NAME.native.jsonl`).
    package var goldenBeside: RecordingKind {
        switch golden {
        case .banner, .session: .web
        case .native: .native
        }
    }
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
        id: PolicyID, title: String, goldenSuffix: String, golden: GoldenReplay, timeKeys: Set<String>, latencyKeys: Set<String>,
        findings: [FindingDescription], findingsPage: String, statsSection: String?
    ) {
        self.id = id
        self.title = title
        self.golden = golden
        self.goldenSuffix = goldenSuffix
        self.timeKeys = timeKeys
        self.latencyKeys = latencyKeys
        self.findings = findings
        self.findingsPage = findingsPage
        self.statsSection = statsSection
    }
}

/// How a policy's golden timeline is replayed from the recording it sits beside. A policy of
/// the app's log says it here, in its description, so the golden check (`GoldenTimeline`)
/// replays every one the same way and names none of them.
package enum GoldenReplay: Sendable {
    /// The banner's, from a web recording with its config (the golden check replays it, under
    /// a variant when it is checked under one).
    case banner
    /// An app session's: the web recording and the app's log beside it, on one clock.
    case session
    /// A policy of the app's log: its timeline of the native recording at `path` under
    /// `config` (the recording's `NAME.config.json`, with `check --max-open-views` over it),
    /// each line handed to `emit` as it is decided; `false`, with nothing emitted, where the
    /// policy does not apply to the recording.
    case native(
        @Sendable (_ path: String, _ config: NativeConfig, _ emit: (_ line: [UInt8]) throws -> Void) throws -> Bool)
}
